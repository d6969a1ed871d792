import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { carriesRun, MAX_PENDING_RECORDS, RunHistory } from '../../../core/history/runHistory';
import { OVERSIZED } from '../../../core/client/types';
import type { HistoryFiles } from '../../../core/files/fileOps';
import { nodeFiles } from '../../../core/files/nodeFiles';
import { HistoryStore } from '../../../core/history/historyStore';
import { rerunChangeText } from '../../../core/reports/outcomeText';
import { trendSince } from '../../../core/history/changeWords';

const ORIGIN = 'https://reports.test';
const URL_A = 'https://site.test/a';

function run(minute: number, score: number, checks: Record<string, boolean> | undefined, url = URL_A): Record<string, unknown> {
  const record: Record<string, unknown> = {
    id: 7,
    url,
    generated_at: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
    result: score,
  };
  if (checks) {
    record.results = Object.fromEntries(Object.entries(checks).map(([name, passed]) => [name, { passed, importance: 'high' }]));
  }
  return record;
}

describe('actions/runHistory', () => {
  let dir: string;
  const logs: string[] = [];
  const history = (files: HistoryFiles = nodeFiles) =>
    new RunHistory(
      () => new HistoryStore({ dir, files }),
      (level, message) => logs.push(`${level} ${message}`),
    );
  beforeEach(async () => {
    dir = path.join(await fsp.mkdtemp(path.join(os.tmpdir(), 'run-history-')), 'history');
    logs.length = 0;
  });
  afterEach(async () => {
    await fsp.rm(path.dirname(dir), { recursive: true, force: true });
  });

  it('records only records that show a run: not ids, not facts of a record too large to show', async () => {
    assert.equal(carriesRun({ id: 1, url: URL_A }), false);
    assert.equal(carriesRun({ id: 1, url: URL_A, generated_at: '2026-01-01T00:00:00Z' }), true);
    assert.equal(carriesRun({ id: 1, url: URL_A, results: {} }), true);
    assert.equal(carriesRun({ id: 1, url: URL_A, generated_at: '2026-01-01T00:00:00Z', [OVERSIZED]: { bytes: 1 } }), false);
    assert.equal(carriesRun(null), false);
    const h = history();
    await h.record(ORIGIN, [{ id: 1, url: URL_A }, run(1, 80, { title: true })]);
    assert.equal((await h.runs(ORIGIN, URL_A)).length, 1);
  });

  it('makes nothing before it is first used', async () => {
    let opened = 0;
    const h = new RunHistory(
      () => {
        opened++;
        return new HistoryStore({ dir, files: nodeFiles });
      },
      () => undefined,
    );
    assert.equal(opened, 0);
    await h.record(ORIGIN, [{ id: 1 }]); // nothing worth recording: still not opened
    assert.equal(opened, 0);
    await assert.rejects(fsp.stat(dir));
    await h.runs(ORIGIN, URL_A);
    assert.equal(opened, 1);
  });

  it('the change of a re-run: score, newly failing and fixed checks, against the run before it', async () => {
    const h = history();
    await h.record(ORIGIN, [run(1, 63, { title: true, headings: false, favicon: true })]);
    const change = await h.changeOf(ORIGIN, run(2, 81, { title: false, headings: true, favicon: true }));
    assert.ok(change);
    assert.equal(change.previous.score, 63);
    assert.equal(change.current.score, 81);
    assert.deepEqual(change.diff.newlyFailing, ['title']);
    assert.deepEqual(change.diff.fixed, ['headings']);
    assert.equal(rerunChangeText('site', change.diff), 'Website Reports: site: 63 → 81 (+18): 1 check fixed, 1 newly failing.');
    assert.match(
      trendSince(change.previous, change.current, new Date(Date.UTC(2026, 0, 3))),
      /^63 → 81 \(\+18\) against the run 2 days ago$/,
    );
  });

  it('an earlier run picked is the one compared with; an index out of range falls back to the run before', async () => {
    const h = history();
    await h.record(ORIGIN, [run(1, 50, { title: false }), run(2, 60, { title: true }), run(3, 55, { title: false })]);
    assert.equal((await h.latestChange(ORIGIN, URL_A))?.previous.score, 60);
    assert.equal((await h.latestChange(ORIGIN, URL_A, 0))?.previous.score, 50);
    for (const bad of [2, 3, -1, 0.5, Number.NaN]) {
      assert.equal((await h.latestChange(ORIGIN, URL_A, bad))?.previous.score, 60, String(bad));
    }
  });

  it('the change of an older record is against its own run before, not against the newest', async () => {
    const h = history();
    await h.record(ORIGIN, [run(1, 50, { title: false }), run(2, 60, { title: true }), run(3, 70, { title: true })]);
    const change = await h.changeOf(ORIGIN, run(2, 60, { title: true }));
    assert.equal(change?.previous.score, 50);
    assert.equal(change?.current.score, 60);
  });

  it('no earlier run: no change; one URL’s runs are not another’s or another service’s', async () => {
    const h = history();
    await h.record(ORIGIN, [run(1, 50, { title: false })]);
    assert.equal(await h.changeOf(ORIGIN, run(1, 50, { title: false })), undefined);
    await h.record('https://other.test', [run(2, 90, { title: true })]);
    await h.record(ORIGIN, [run(3, 90, { title: true }, 'https://site.test/b')]);
    assert.equal(await h.latestChange(ORIGIN, URL_A), undefined);
  });

  it('a run first read without its checks (a list page) gets them when it is read in full', async () => {
    const h = history();
    await h.record(ORIGIN, [run(1, 50, { title: false })]);
    await h.record(ORIGIN, [run(2, 70, undefined)]);
    await h.record(ORIGIN, [run(2, 70, { title: true })]);
    await h.record(ORIGIN, [run(2, 70, undefined)]); // read again without: the checks stay
    const runs = await h.runs(ORIGIN, URL_A);
    assert.equal(runs.length, 2);
    assert.deepEqual(runs[1].checks, { title: { passed: true, importance: 'high' } });
    assert.deepEqual((await h.latestChange(ORIGIN, URL_A))?.diff.fixed, ['title']);
  });

  it('a history that cannot be written or read only logs: nothing throws, and the next write works', async () => {
    let failing = true;
    const broken: HistoryFiles = {
      ...nodeFiles,
      append: (file, text) => (failing ? Promise.reject(new Error('ENOSPC: no space left on device')) : nodeFiles.append(file, text)),
      read: (file, from) => (failing ? Promise.reject(new Error('EIO: i/o error')) : nodeFiles.read(file, from)),
    };
    const h = history(broken);
    await h.record(ORIGIN, [run(1, 50, { title: false })]);
    assert.deepEqual(await h.runs(ORIGIN, URL_A), []);
    assert.equal(await h.changeOf(ORIGIN, run(2, 60, { title: true })), undefined);
    assert.ok(
      logs.some((line) => line.startsWith('warn') && line.includes('EIO')),
      logs.join('\n'),
    );
    failing = false;
    await h.record(ORIGIN, [run(3, 70, { title: true })]);
    assert.equal((await h.runs(ORIGIN, URL_A)).length, 1);
  });

  it('no store (no local disk) or a store that cannot be made: every call answers, nothing recorded', async () => {
    const none = new RunHistory(
      () => undefined,
      () => undefined,
    );
    await none.record(ORIGIN, [run(1, 50, { title: false })]);
    assert.deepEqual(await none.runs(ORIGIN, URL_A), []);
    assert.equal(await none.trendOf(ORIGIN, URL_A), undefined);
    await none.clear();
    const throwing = new RunHistory(
      () => {
        throw new Error('no folder');
      },
      (level, message) => logs.push(`${level} ${message}`),
    );
    assert.deepEqual(await throwing.runs(ORIGIN, URL_A), []);
    assert.ok(logs.some((line) => line.includes('no folder')));
  });

  it(`keeps at most ${MAX_PENDING_RECORDS} records waiting: a flood past it is dropped with one log line`, async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: HistoryFiles = { ...nodeFiles, read: async (file, from) => (await gate, nodeFiles.read(file, from)) };
    const h = history(slow);
    const flood = Array.from({ length: MAX_PENDING_RECORDS + 500 }, (_, i) => run(i, 50, { title: i % 2 === 0 }, `https://site.test/${i}`));
    const first = h.record(ORIGIN, flood.slice(0, MAX_PENDING_RECORDS));
    void h.record(ORIGIN, flood.slice(MAX_PENDING_RECORDS));
    void h.record(ORIGIN, flood.slice(MAX_PENDING_RECORDS, MAX_PENDING_RECORDS + 1));
    assert.equal(logs.filter((line) => line.includes('behind')).length, 1);
    release();
    await first;
    assert.equal((await h.runs(ORIGIN, `https://site.test/${MAX_PENDING_RECORDS - 1}`)).length, 1);
    assert.equal((await h.runs(ORIGIN, `https://site.test/${MAX_PENDING_RECORDS}`)).length, 0);
  });

  it('clear removes every run', async () => {
    const h = history();
    await h.record(ORIGIN, [run(1, 50, { title: false }), run(2, 60, { title: true })]);
    await h.clear();
    assert.deepEqual(await h.runs(ORIGIN, URL_A), []);
  });
});
