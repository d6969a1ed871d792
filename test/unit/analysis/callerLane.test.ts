// A pool whose caller analyses too (`callerLane`, as `check --local` runs it): the caller's thread
// answers as a worker does (the same code, loaded from the worker's own file), no worker starts
// until `useWorkers()`, and then both take the jobs. Real worker threads and real files.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AnalysisError } from '../../../core/analysis/analysisError';
import { AnalysisPool } from '../../../core/analysis/analysisPool';
import type { FileAnswer } from '../../../core/analysis/pageSummary';

const page = (i: number) =>
  `<!doctype html><html><head><title>Page ${i}</title></head>\n<body><h1>Page ${i}</h1>\n${'<img src="/a.png">'.repeat(i % 3)}<p>${'word '.repeat(i)}</p></body></html>`;

describe('analysis: a pool whose caller analyses too', () => {
  let dir: string;
  const files: string[] = [];
  const pools: AnalysisPool[] = [];
  const made = (opts: ConstructorParameters<typeof AnalysisPool>[0]) => {
    const pool = new AnalysisPool({ owner: 'the test', ...opts });
    pools.push(pool);
    return pool;
  };
  before(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'wr-caller-lane-'));
    for (let i = 0; i < 40; i++) {
      files.push(path.join(dir, `p${i}.html`));
      await fsp.writeFile(files[i], page(i));
    }
    files.push(path.join(dir, 'gone.html'));
  });
  after(async () => {
    for (const pool of pools) await pool.close();
    await fsp.rm(dir, { recursive: true, force: true });
  });

  const all = (pool: AnalysisPool) => Promise.all(files.map((f) => pool.analyseFile(f, { url: 'https://site.example/p', maxBytes: 4096 })));

  it('analyses every page in the caller thread, starting no worker, with the answers of a worker', async () => {
    const lane = made({ workers: 2, callerLane: true });
    const answers: FileAnswer[] = await all(lane);
    assert.equal(lane.liveWorkers, 0);
    assert.equal(lane.callerWork.jobs, files.length);
    assert.ok(lane.callerWork.ms > 0);
    const workers = made({ workers: 2 });
    assert.deepEqual(answers, await all(workers));
    assert.equal(workers.callerWork.jobs, 0);
    // the page gone since the walk is a reason, as in the worker
    assert.deepEqual(answers.at(-1), { unread: 'unreadable', message: 'Skipped: the file cannot be read.' });
  });

  it('after useWorkers() the workers take jobs beside the caller thread, with the same answers', async () => {
    const lane = made({ workers: 1, callerLane: true });
    await lane.analyseFile(files[0], { maxBytes: 4096 });
    lane.useWorkers();
    const answers = await all(lane);
    assert.equal(lane.liveWorkers, 1);
    assert.ok(lane.callerWork.jobs < files.length + 1, `the caller took ${lane.callerWork.jobs} of ${files.length + 1}`);
    assert.deepEqual(answers, await all(made({ workers: 1 })));
  });

  it('a page past the caps fails in the caller thread with the reason a worker gives', async () => {
    const caps = { maxBytes: 100 };
    const lane = made({ callerLane: true, workers: 0, caps });
    const worker = made({ caps });
    const reasons = await Promise.all(
      [lane, worker].map((pool) =>
        pool.analyseFile(files[39], { maxBytes: 4096 }).then(
          () => assert.fail('analysed'),
          (err: unknown) => (assert.ok(err instanceof AnalysisError), err.reason),
        ),
      ),
    );
    assert.match(reasons[0], /too (large|big|complex)/);
    assert.equal(reasons[0], reasons[1]);
    assert.equal(lane.liveWorkers, 0);
  });

  it('with no worker, useWorkers() changes nothing; closing refuses what waits', async () => {
    const lane = made({ callerLane: true, workers: 0 });
    lane.useWorkers();
    const first = lane.analyseFile(files[1], { maxBytes: 4096 });
    const second = lane.analyseFile(files[2], { maxBytes: 4096 });
    await lane.close();
    // neither was taken yet: the caller's lane takes a job on its next turn, after this one
    await assert.rejects(first, /stopping/);
    await assert.rejects(second, /stopping/);
    assert.equal(lane.callerWork.jobs, 0);
    assert.equal(lane.liveWorkers, 0);
  });
});
