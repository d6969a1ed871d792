import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { HistoryFiles } from '../../../core/files/fileOps';
import { nodeFiles } from '../../../core/files/nodeFiles';
import { HistoryStore, MAX_RUNS_PER_URL, SHARDS, type LogLevel } from '../../../core/history/historyStore';

const ORIGIN = 'https://reports.test';
const URL_A = 'https://site.test/a';

function record(n: number, url = URL_A, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 7,
    url,
    generated_at: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
    result: 50 + (n % 40),
    results: { title: { passed: n % 2 === 0, importance: 'high' }, favicon: { passed: true, importance: 'low' } },
    ...extra,
  };
}

/** nodeFiles, with every call counted. */
function spied(): { files: HistoryFiles; calls: string[] } {
  const calls: string[] = [];
  const files = Object.fromEntries(
    Object.entries(nodeFiles).map(([name, fn]) => [
      name,
      (...args: unknown[]) => {
        calls.push(name);
        return (fn as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as unknown as HistoryFiles;
  return { files, calls };
}

async function shardFiles(dir: string): Promise<string[]> {
  return (await fsp.readdir(dir)).filter((n) => /^runs-\d+\.jsonl$/.test(n));
}

describe('history/store', () => {
  let dir: string;
  beforeEach(async () => {
    dir = path.join(await fsp.mkdtemp(path.join(os.tmpdir(), 'history-')), 'history');
  });
  afterEach(async () => {
    await fsp.rm(path.dirname(dir), { recursive: true, force: true });
  });

  it('touches no file when made; the first call reads only the one file of its URL', async () => {
    const { files, calls } = spied();
    const store = new HistoryStore({ dir, files });
    assert.deepEqual(calls, []);
    assert.deepEqual(await store.runsFor(ORIGIN, URL_A), []);
    assert.deepEqual(calls, ['read']);
  });

  it('records one snapshot per distinct run and returns a URL’s runs in time order', async () => {
    const store = new HistoryStore({ dir, files: nodeFiles });
    assert.equal(await store.record(ORIGIN, record(2)), true);
    assert.equal(await store.record(ORIGIN, record(2)), false, 'the same run again');
    assert.equal(await store.record(ORIGIN, record(1)), true, 'an older run seen later');
    assert.equal(await store.record(ORIGIN, record(3)), true);
    const runs = await store.runsFor(ORIGIN, 'HTTPS://site.test/a/');
    assert.deepEqual(
      runs.map((r) => r.score),
      [51, 52, 53],
    );
    assert.deepEqual(runs[0].checks, { title: { passed: false, importance: 'high' }, favicon: { passed: true, importance: 'low' } });
    assert.equal(runs[0].band, 'decent');
    assert.equal(runs[0].reportId, '7');
    assert.deepEqual(await store.runsFor('https://other.test', URL_A), [], 'another service has its own history');
  });

  it('a report deleted and created again (a new id) keeps the URL’s line', async () => {
    const store = new HistoryStore({ dir, files: nodeFiles });
    await store.record(ORIGIN, record(1));
    await store.record(ORIGIN, record(2, URL_A, { id: 99 }));
    assert.deepEqual(
      (await store.runsFor(ORIGIN, URL_A)).map((r) => r.reportId),
      ['7', '99'],
    );
  });

  it('keeps no key or page content: only times, scores, bands and check states are written', async () => {
    const store = new HistoryStore({ dir, files: nodeFiles });
    await store.record(
      ORIGIN,
      record(1, URL_A, { key: 'SECRET-KEY', html: '<p>page</p>', results: { title: { passed: false, value: 'PAGE TITLE' } } }),
    );
    const [file] = await shardFiles(dir);
    const text = await fsp.readFile(path.join(dir, file), 'utf8');
    assert.ok(!text.includes('SECRET-KEY') && !text.includes('page') && !text.includes('PAGE TITLE'), text);
  });

  it(`keeps the last ${MAX_RUNS_PER_URL} runs of a URL, and compacts the file by temporary file and rename`, async () => {
    const { files, calls } = spied();
    const store = new HistoryStore({ dir, files, limits: { compactDeadBytes: 1000 } });
    for (let n = 0; n < MAX_RUNS_PER_URL + 30; n++) await store.record(ORIGIN, record(n));
    const runs = await store.runsFor(ORIGIN, URL_A);
    assert.equal(runs.length, MAX_RUNS_PER_URL);
    assert.equal(runs[0].generatedAt, record(30).generated_at);
    assert.ok(calls.includes('rename') && calls.includes('writeFile'), 'compacted');
    const fresh = new HistoryStore({ dir, files: nodeFiles });
    assert.equal((await fresh.runsFor(ORIGIN, URL_A)).length, MAX_RUNS_PER_URL);
    const [file] = await shardFiles(dir);
    const lines = (await fsp.readFile(path.join(dir, file), 'utf8')).trim().split('\n');
    assert.ok(lines.length < MAX_RUNS_PER_URL + 20, `${lines.length} lines after compaction`);
    assert.deepEqual(
      (await fsp.readdir(dir)).filter((n) => n.includes('.tmp-') || n.endsWith('.lock')),
      [],
    );
  });

  it('keeps a file within its caps (the total cap is SHARDS × the file caps), dropping the oldest runs', async () => {
    const store = new HistoryStore({ dir, files: nodeFiles, limits: { maxShardRuns: 40 } });
    // 200 URLs × 2 runs: far more than 40 runs in any one file.
    for (let n = 0; n < 2; n++) for (let u = 0; u < 200; u++) await store.record(ORIGIN, record(n, `https://site.test/u${u}`));
    let total = 0;
    for (const file of await shardFiles(dir)) {
      const runs = (await fsp.readFile(path.join(dir, file), 'utf8')).split('\n').filter((l) => l.startsWith('{"k"')).length;
      assert.ok(runs <= 40, `${file}: ${runs} runs`);
      total += runs;
    }
    assert.ok(total <= SHARDS * 40);
    // the newest run of the last URL written is there
    const last = await new HistoryStore({ dir, files: nodeFiles }).runsFor(ORIGIN, 'https://site.test/u199');
    assert.equal(last[last.length - 1].generatedAt, record(1).generated_at);
  });

  it('ignores a torn last line (a write cut short) and keeps the history before it', async () => {
    const store = new HistoryStore({ dir, files: nodeFiles });
    await store.record(ORIGIN, record(1));
    await store.record(ORIGIN, record(2));
    const [file] = await shardFiles(dir);
    await fsp.appendFile(path.join(dir, file), '{"k":"https://reports.test https://site.test/a","t":"2026-');
    const fresh = new HistoryStore({ dir, files: nodeFiles });
    assert.equal((await fresh.runsFor(ORIGIN, URL_A)).length, 2);
    // and a run appended after the torn line is read too
    assert.equal(await fresh.record(ORIGIN, record(3)), true);
    assert.deepEqual(
      (await new HistoryStore({ dir, files: nodeFiles }).runsFor(ORIGIN, URL_A)).map((r) => r.score),
      [51, 52, 53],
    );
  });

  it('sets a corrupt file aside (renamed *.corrupt-<time>) with a warning, and starts again', async () => {
    const logged: [LogLevel, string][] = [];
    const store = new HistoryStore({ dir, files: nodeFiles, log: (level, message) => logged.push([level, message]) });
    await store.record(ORIGIN, record(1));
    const [file] = await shardFiles(dir);
    await fsp.writeFile(path.join(dir, file), 'this is not\na history file\nat all\n');
    const fresh = new HistoryStore({ dir, files: nodeFiles, log: (level, message) => logged.push([level, message]) });
    assert.deepEqual(await fresh.runsFor(ORIGIN, URL_A), []);
    assert.equal(logged.length, 1);
    assert.equal(logged[0][0], 'warn');
    assert.match(logged[0][1], /set aside/);
    const names = await fsp.readdir(dir);
    assert.ok(
      names.some((n) => n.startsWith(`${file}.corrupt-`)),
      names.join(),
    );
    assert.equal(await fresh.record(ORIGIN, record(2)), true);
    assert.equal((await fresh.runsFor(ORIGIN, URL_A)).length, 1);
  });

  it('sets aside a file larger than MAX_READ_BYTES without reading it (a 512 MB sparse file: no byte of it read)', async () => {
    const logged: [LogLevel, string][] = [];
    const store = new HistoryStore({ dir, files: nodeFiles });
    await store.record(ORIGIN, record(1));
    const [file] = await shardFiles(dir);
    await fsp.truncate(path.join(dir, file), 512 * 1024 * 1024); // sparse: no disk, but 512 MB to read
    let largest = 0;
    const counting: HistoryFiles = {
      ...nodeFiles,
      read: async (p, from, max) => {
        const read = await nodeFiles.read(p, from, max);
        largest = Math.max(largest, read?.bytes.length ?? 0);
        return read;
      },
    };
    const fresh = new HistoryStore({ dir, files: counting, log: (level, message) => logged.push([level, message]) });
    assert.deepEqual(await fresh.runsFor(ORIGIN, URL_A), []);
    assert.equal(largest, 0, 'nothing of the oversized file was read');
    assert.match(logged[0]?.[1] ?? '', /set aside/);
    assert.ok((await fsp.readdir(dir)).some((n) => n.startsWith(`${file}.corrupt-`)));
  });

  it('reads what another window appended since its last read (and a compaction by it)', async () => {
    const one = new HistoryStore({ dir, files: nodeFiles });
    const two = new HistoryStore({ dir, files: nodeFiles, limits: { compactEvery: 3 } });
    await one.record(ORIGIN, record(1));
    assert.equal((await one.runsFor(ORIGIN, URL_A)).length, 1);
    for (let n = 2; n <= 6; n++) await two.record(ORIGIN, record(n));
    assert.equal((await one.runsFor(ORIGIN, URL_A)).length, 6);
    assert.equal(await one.record(ORIGIN, record(6)), false, 'a run the other window wrote is not written again');
  });

  it('takes over a stale lock left by a writer that died', async () => {
    const store = new HistoryStore({ dir, files: nodeFiles, limits: { lockStaleMs: 50 } });
    await store.record(ORIGIN, record(1));
    const [file] = await shardFiles(dir);
    await fsp.writeFile(path.join(dir, `${file}.lock`), 'dead 0');
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(await store.record(ORIGIN, record(2)), true);
  });

  it('clear() removes the whole history', async () => {
    const store = new HistoryStore({ dir, files: nodeFiles });
    await store.record(ORIGIN, record(1));
    await store.record(ORIGIN, record(1, 'https://site.test/b'));
    await store.clear();
    assert.deepEqual(await store.runsFor(ORIGIN, URL_A), []);
    assert.deepEqual(await fsp.readdir(dir), []);
  });

  it('records nothing for a record without a web URL, and never throws on a hostile one', async () => {
    const store = new HistoryStore({ dir, files: nodeFiles });
    assert.equal(await store.record(ORIGIN, { id: 1, url: 'javascript:alert(1)' }), false);
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('trap');
        },
        getOwnPropertyDescriptor: () => {
          throw new Error('trap');
        },
      },
    );
    assert.equal(await store.record(ORIGIN, hostile), false);
  });
});
