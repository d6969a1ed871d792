// The depth of JSON, asked of its text (the service, before it parses a body) and of a parsed value
// (the client's answers, the service's imported store): one meaning of "deeper than N", on any value.
import { strict as assert } from 'node:assert';
import { nestsWithin, textNestsDeeperThan } from '../../../core/client/jsonDepth';

/** A value of about `depth` levels, with brackets and escaped quotes inside its strings. */
function generated(seed: number, depth: number): unknown {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  const make = (left: number): unknown => {
    const r = next();
    if (left <= 0 || r < 0.15) return r < 0.05 ? '[{"\\' : r < 0.1 ? null : 7;
    const children = Array.from({ length: 1 + Math.floor(next() * 3) }, () => make(left - 1 - (next() < 0.3 ? 1 : 0)));
    return next() < 0.5 ? children : Object.fromEntries(children.map((c, i) => [`k${i}]"{`, c]));
  };
  return make(depth);
}

describe('the depth of JSON', () => {
  it('the text and the parsed value give the same answer at every budget', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const value = generated(seed, seed % 12);
      const text = JSON.stringify(value);
      for (let max = 0; max <= 12; max++) {
        assert.equal(textNestsDeeperThan(text, max), !nestsWithin(value, max), `seed ${seed}, max ${max}: ${text}`);
      }
    }
  });

  it('counts a scalar as 0 levels and [] or {} as 1', () => {
    assert.equal(nestsWithin('x', 0), true);
    assert.equal(nestsWithin([], 0), false);
    assert.equal(nestsWithin({ a: [1] }, 2), true);
    assert.equal(textNestsDeeperThan('"[[[["', 0), false);
    assert.equal(textNestsDeeperThan('[[1]]', 1), true);
  });

  it('asks 100,000 levels without recursing past the budget', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    assert.equal(nestsWithin(deep, 64), false);
    assert.equal(textNestsDeeperThan('['.repeat(100_000), 64), true);
  });
});
