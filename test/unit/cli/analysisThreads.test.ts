// Which threads `check --local` analyses on: by default the command's own thread, and a worker per
// further core once the pages left pay for them; WEBREPORTS_WORKERS=N: N workers from the start
// (0: the command's thread alone), never past the cap. Plain arithmetic: no workers are started.
import { strict as assert } from 'node:assert';
import { analysisThreads, MAX_LOCAL_WORKERS, PACE_SAMPLE_MS, WORKERS_PAY_AFTER_MS, workersPay } from '../../../cli/local/analysisThreads';

describe('cli: check --local analysis threads', () => {
  it('by default: the command thread analyses, a worker per further core waits to pay, at most the cap', () => {
    assert.deepEqual(analysisThreads(undefined, 1), { workers: 0, callerLane: true });
    assert.deepEqual(analysisThreads(undefined, 2), { workers: 1, callerLane: true });
    assert.deepEqual(analysisThreads(undefined, 4), { workers: 3, callerLane: true });
    assert.deepEqual(analysisThreads(undefined, 64), { workers: MAX_LOCAL_WORKERS, callerLane: true });
  });

  it('WEBREPORTS_WORKERS, a whole number: that many workers from the start, 0 the command thread alone; anything else is the default', () => {
    assert.deepEqual(analysisThreads('2', 2), { workers: 2, callerLane: false });
    assert.deepEqual(analysisThreads(' 3 ', 8), { workers: 3, callerLane: false });
    assert.deepEqual(analysisThreads('0', 4), { workers: 0, callerLane: true });
    assert.deepEqual(analysisThreads('999', 4), { workers: MAX_LOCAL_WORKERS, callerLane: false });
    for (const odd of ['', 'two', '-1', '1.5', '1e3', '0x10']) {
      assert.deepEqual(analysisThreads(odd, 4), { workers: 3, callerLane: true }, odd);
    }
  });

  it('workers pay when the pages left would take the command thread longer than the limit, at a pace measured long enough', () => {
    const pace = 1; // ms a page
    const past = PACE_SAMPLE_MS / pace; // pages that take the sample's time
    // the pace not yet measured long enough: no decision, however many are left
    assert.equal(workersPay(PACE_SAMPLE_MS - 1, past - 1, 1_000_000), false);
    assert.equal(workersPay(0, 0, 1_000_000), false);
    // measured: just under and just over the limit of work left
    const limitPages = WORKERS_PAY_AFTER_MS / pace;
    assert.equal(workersPay(PACE_SAMPLE_MS, past, limitPages), false);
    assert.equal(workersPay(PACE_SAMPLE_MS, past, limitPages + 1), true);
    // a slower pace (heavier pages) makes fewer pages worth it
    assert.equal(workersPay(PACE_SAMPLE_MS, past / 4, limitPages / 3), true);
  });
});
