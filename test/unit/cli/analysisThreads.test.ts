// Which threads `check --local` analyses on: by default the command's own thread, and a worker per
// further core once the pages left pay for them; WEBREPORTS_WORKERS=N: N workers from the start
// (0: the command's thread alone), never past the cap; the pages looked ahead at to know. No
// workers are started.
import { strict as assert } from 'node:assert';
import {
  analysisThreads,
  LookAhead,
  MAX_LOCAL_WORKERS,
  MAX_LOOK_AHEAD,
  COLD_MS,
  Pace,
  PACE_SAMPLE_MS,
  WORKERS_PAY_AFTER_MS,
} from '../../../cli/local/analysisThreads';

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

  it('workers pay past as many pages left as the command thread would take longer than the limit for, at its pace once warm', () => {
    const pace = new Pace();
    // cold: 2 ms a page, never measured
    assert.equal(pace.worthWorkers(COLD_MS - 1, (COLD_MS - 1) / 2), undefined);
    assert.equal(pace.worthWorkers(COLD_MS, COLD_MS / 2), undefined);
    // warm, 1 ms a page, but not yet for long enough
    assert.equal(pace.worthWorkers(COLD_MS + PACE_SAMPLE_MS - 1, COLD_MS / 2 + PACE_SAMPLE_MS - 1), undefined);
    // measured: the limit's worth of pages at 1 ms (the cold pages left out)
    assert.equal(pace.worthWorkers(COLD_MS + PACE_SAMPLE_MS, COLD_MS / 2 + PACE_SAMPLE_MS), WORKERS_PAY_AFTER_MS);
    // 4 ms a page since: a quarter of them
    assert.equal(pace.worthWorkers(COLD_MS + PACE_SAMPLE_MS * 4, COLD_MS / 2 + PACE_SAMPLE_MS), WORKERS_PAY_AFTER_MS / 4);
    // tiny pages: never a look ahead past the cap
    const tiny = new Pace();
    tiny.worthWorkers(COLD_MS, 0);
    assert.equal(tiny.worthWorkers(COLD_MS + PACE_SAMPLE_MS, 1e9), MAX_LOOK_AHEAD);
    assert.equal(new Pace().worthWorkers(0, 0), undefined);
  });

  it('looks ahead only as far as asked, and gives every page once, in order', () => {
    let pulled = 0;
    const source = (function* () {
      for (let i = 0; i < 5_000; i++) {
        pulled++;
        yield i;
      }
    })();
    const queue = new LookAhead(source);
    assert.equal(queue.next(), 0);
    assert.equal(queue.hasMore(10), true);
    assert.equal(pulled, 12); // the one given, and 11 held: "more than 10"
    const seen = [1];
    assert.equal(queue.next(), 1);
    for (let i = 0; i < 3_000; i++) seen.push(queue.next()!);
    assert.equal(queue.hasMore(1_000), true);
    assert.ok(pulled <= 3_002 + 1_001, `${pulled} pulled`);
    assert.equal(queue.hasMore(10_000), false);
    assert.equal(pulled, 5_000);
    for (let v = queue.next(); v !== undefined; v = queue.next()) seen.push(v);
    assert.deepEqual(seen, Array.from({ length: 5_000 }, (_, i) => i).slice(1));
    assert.equal(queue.hasMore(0), false);
  });
});
