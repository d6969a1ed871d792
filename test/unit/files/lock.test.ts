// The one lock (core/files/lock.ts) under concurrent takers in separate processes: after a crash
// left a stale lock, any number of resumes started together, exactly one takes the job — every
// trial. And the lock's rules in one process: a live holder is never taken over, our own pid
// reused by a later process is stale, a lock file appears whole.
import { strict as assert } from 'node:assert';
import { ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { nodeFiles } from '../../../core/files/nodeFiles';
import { holderOf, tryLock } from '../../../core/files/lock';
import { createJob, ScanJob } from '../../../core/sites/scanJob';

const TAKER = path.join(__dirname, 'lockTaker.js');
const TRIALS = 5;
const TAKERS = 8;

/** The pid of a process that has ended: a crashed holder. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

function lines(child: ChildProcessWithoutNullStreams): { wait(count: number): Promise<string[]> } {
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return {
    wait: async (count) => {
      for (let i = 0; i < 3000 && out.split('\n').filter(Boolean).length < count; i++) await new Promise((r) => setTimeout(r, 10));
      return out.split('\n').filter(Boolean);
    },
  };
}

describe('files: the one lock', function () {
  this.timeout(120_000);
  let dir: string;
  beforeEach(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'webreports-lock-'));
  });
  afterEach(() => fsp.rm(dir, { recursive: true, force: true }));

  it(`${TAKERS} resumes started together after a crash: exactly one takes the job, in each of ${TRIALS} trials`, async () => {
    const file = path.join(dir, 'job.jsonl');
    const made = await createJob(file, { input: 'https://e.example/', urls: ['https://e.example/a'], privacy: 0 });
    assert.ok(made instanceof ScanJob);
    await made.release();
    for (let trial = 0; trial < TRIALS; trial++) {
      // The crashed run's lock: its process is gone.
      await fsp.writeFile(`${file}.lock`, JSON.stringify({ pid: deadPid(), start: Date.now() - 5000, token: `crashed${trial}` }));
      const takers = Array.from({ length: TAKERS }, () => spawn(process.execPath, [TAKER, file], { stdio: ['pipe', 'pipe', 'pipe'] }));
      const outs = takers.map(lines);
      await Promise.all(outs.map((o) => o.wait(1))); // all loaded and waiting
      for (const taker of takers) taker.stdin.write('go\n');
      const said = await Promise.all(outs.map(async (o) => (await o.wait(2))[1]));
      for (const taker of takers) taker.stdin.end();
      await Promise.all(takers.map((t) => new Promise((resolve) => t.once('close', resolve))));
      assert.equal(said.filter((s) => s === 'held').length, 1, `trial ${trial}: ${said.join(', ')}`);
      assert.deepEqual(
        said.filter((s) => s !== 'held'),
        Array(TAKERS - 1).fill('locked locked'),
      );
      assert.deepEqual(
        (await fsp.readdir(dir)).filter((n) => n !== 'job.jsonl'),
        [],
        'no lock, marker or temporary file is left',
      );
    }
  });

  it('a live holder is never taken over; our own pid with another start is a later process: stale', async () => {
    const lock = path.join(dir, 'x.lock');
    const first = await tryLock(nodeFiles, lock);
    assert.ok('held' in first);
    const second = await tryLock(nodeFiles, lock);
    assert.ok('busy' in second && second.busy?.here === true, 'held by this very process');
    await first.held.release();
    await fsp.writeFile(lock, JSON.stringify({ pid: process.pid, start: 1, token: 'old' }));
    assert.equal(holderOf(await fsp.readFile(lock, 'utf8'))?.here, false);
    const taken = await tryLock(nodeFiles, lock);
    assert.ok('held' in taken, 'our pid, reused: taken over');
    await taken.held.release();
    await fsp.writeFile(lock, JSON.stringify({ pid: process.ppid, start: 1, token: 'parent' }));
    assert.ok('busy' in (await tryLock(nodeFiles, lock)), 'a live process holds it: never taken over');
  });

  it('a lock file appears whole: created beside it and linked into place, no temporary file left', async () => {
    const lock = path.join(dir, 'y.lock');
    assert.equal(await nodeFiles.createExclusive(lock, 'whole'), true);
    assert.equal(await nodeFiles.createExclusive(lock, 'other'), false);
    assert.equal(await fsp.readFile(lock, 'utf8'), 'whole');
    assert.deepEqual(await fsp.readdir(dir), ['y.lock']);
  });
});
