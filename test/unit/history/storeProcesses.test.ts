// The history store across processes: kill -9 of a writer during a burst of writes (with
// compactions among them) leaves every acknowledged run readable, and two writers at once
// (two VS Code windows) lose nothing.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { HistoryStore } from '../../../core/history/historyStore';
import { nodeFiles } from '../../../core/files/nodeFiles';
import { recordOf } from './historyWriter';

const WRITER = path.join(__dirname, 'historyWriter.js');
const ORIGIN = 'http://127.0.0.1:1';

interface Writer {
  acknowledged: Set<number>;
  exited: Promise<NodeJS.Signals | number | null>;
  kill(): void;
}

function startWriter(dir: string, tag: number, count: number, urls: number, compactEvery: number, onAck?: (w: Writer) => void): Writer {
  const child = spawn(process.execPath, [WRITER, dir, String(tag), String(count), String(urls), String(compactEvery)]);
  const writer: Writer = {
    acknowledged: new Set(),
    exited: new Promise((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code))),
    kill: () => child.kill('SIGKILL'),
  };
  let buffer = '';
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stdout.on('data', (d) => {
    buffer += d;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      const m = /^ok (\d+)$/.exec(line);
      if (m) writer.acknowledged.add(Number(m[1]));
    }
    onAck?.(writer);
  });
  child.on('exit', () => {
    if (stderr) console.error(stderr);
  });
  return writer;
}

async function assertAllThere(dir: string, tag: number, runs: Iterable<number>, urls: number): Promise<void> {
  const store = new HistoryStore({ dir, files: nodeFiles });
  const byUrl = new Map<string, Set<string>>();
  for (const n of runs) {
    const record = recordOf(tag, n, urls);
    const url = record.url as string;
    let times = byUrl.get(url);
    if (!times) {
      times = new Set((await store.runsFor(ORIGIN, url)).map((r) => r.generatedAt));
      byUrl.set(url, times);
    }
    assert.ok(times.has(record.generated_at as string), `run ${n} of writer ${tag} (${url}) is there`);
  }
}

describe('history/store across processes', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'history-proc-'));
  });
  afterEach(async () => {
    await fsp.rm(dir, { recursive: true, force: true });
  });

  it('every acknowledged run survives SIGKILL during a burst of writes and compactions (8 kills at random moments)', async () => {
    for (let round = 0; round < 8; round++) {
      const killAfter = 30 + round * 20;
      let killed = false;
      const writer = startWriter(dir, round, 3000, 40, 3, (w) => {
        if (!killed && w.acknowledged.size >= killAfter) {
          killed = true;
          // a moment that does not follow an acknowledgement: within any part of a write
          setTimeout(() => w.kill(), Math.random() * 15);
        }
      });
      assert.equal(await writer.exited, 'SIGKILL');
      assert.ok(writer.acknowledged.size >= killAfter && writer.acknowledged.size < 3000, `${writer.acknowledged.size} acknowledged`);
      await assertAllThere(dir, round, writer.acknowledged, 40);
    }
    // and the history goes on: a lock the killed writer may have held is taken over when stale
    const store = new HistoryStore({ dir, files: nodeFiles, limits: { lockStaleMs: 200 } });
    assert.equal(await store.record(ORIGIN, recordOf(99, 1, 40)), true);
  });

  it('two writers at once (two windows), compacting as they go, lose no run', async () => {
    const COUNT = 300;
    const a = startWriter(dir, 1, COUNT, 10, 7);
    const b = startWriter(dir, 2, COUNT, 10, 11);
    assert.equal(await a.exited, 0);
    assert.equal(await b.exited, 0);
    const all = Array.from({ length: COUNT }, (_, n) => n);
    await assertAllThere(dir, 1, all, 10);
    await assertAllThere(dir, 2, all, 10);
    const store = new HistoryStore({ dir, files: nodeFiles });
    const runs = await store.runsFor(ORIGIN, 'https://site.test/page-3');
    assert.equal(runs.length, 60, 'each run once: 30 per writer');
    assert.equal(new Set(runs.map((r) => r.generatedAt)).size, 60);
  });
});
