// How many worker threads `check --local` analyses on: one per core unless
// WEBREPORTS_WORKERS says, never none, never past the cap. Plain arithmetic: no workers are started.
import { strict as assert } from 'node:assert';
import { MAX_LOCAL_WORKERS, workersOf } from '../../../cli/local/localCheck';

describe('cli: check --local worker threads', () => {
  it('one per core, at least one, at most the cap', () => {
    assert.equal(workersOf(undefined, 1), 1);
    assert.equal(workersOf(undefined, 2), 2);
    assert.equal(workersOf(undefined, 4), 4);
    assert.equal(workersOf(undefined, 64), MAX_LOCAL_WORKERS);
  });

  it('WEBREPORTS_WORKERS, a whole number, sets it within the same bounds; anything else is the default', () => {
    assert.equal(workersOf('2', 2), 2);
    assert.equal(workersOf(' 3 ', 8), 3);
    assert.equal(workersOf('0', 4), 1);
    assert.equal(workersOf('999', 4), MAX_LOCAL_WORKERS);
    for (const odd of ['', 'two', '-1', '1.5', '1e3', '0x10']) assert.equal(workersOf(odd, 4), 4, odd);
  });
});
