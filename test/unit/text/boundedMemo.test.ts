// The one memo for values made from keys that come from outside (core/text/boundedMemo.ts): each
// value made once while kept, never more than `max` kept, whatever the keys.
import { strict as assert } from 'node:assert';
import { failingWords, MAX_WORDS_MEMO } from '../../../core/checks/failingChecks';
import { BoundedMemo } from '../../../core/text/boundedMemo';

describe('text: a bounded memo', () => {
  it('makes a value once per key, and gives the same value after', () => {
    const memo = new BoundedMemo<{ n: number }>(4);
    let made = 0;
    const a = memo.get('a', () => ({ n: ++made }));
    assert.equal(
      memo.get('a', () => ({ n: ++made })),
      a,
    );
    assert.equal(made, 1);
  });

  it('never keeps more than its max: a flood of distinct keys starts it over, and every answer is still right', () => {
    const memo = new BoundedMemo<string>(100);
    for (let i = 0; i < 10_000; i++) {
      assert.equal(
        memo.get(`k${i % 250}`, () => `v${i % 250}`),
        `v${i % 250}`,
      );
      assert.ok(memo.size <= 100);
    }
  });

  it('the failing checks’ words: the same words with the memo as without, past the memo’s max too', () => {
    const memo = new BoundedMemo<string>(MAX_WORDS_MEMO);
    for (let i = 0; i < MAX_WORDS_MEMO + 50; i++) {
      const results = { [`check_${i}`]: { passed: false }, title: { passed: i % 2 === 0 } };
      assert.equal(failingWords(results, memo), failingWords(results));
    }
    assert.ok(memo.size <= MAX_WORDS_MEMO);
  });
});
