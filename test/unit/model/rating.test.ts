import fc from 'fast-check';
import * as assert from 'node:assert/strict';
import { bandOfScore, parseScore, ratingOf, roundedScore } from '../../../core/checks/rating';

describe('ratingOf: one rating for words and scores', () => {
  it('takes a rating word as it is, in any case, with a separate score when sent', () => {
    assert.deepEqual(ratingOf({ result: 'good' }), { band: 'good' });
    assert.deepEqual(ratingOf({ result: ' Decent ' }), { band: 'decent' });
    assert.deepEqual(ratingOf({ result: 'BAD', score: 12 }), { band: 'bad', score: 12 });
  });

  it('bands a numeric score at the service’s edges', () => {
    const cases: [number, string][] = [
      [100, 'good'],
      [79.01, 'good'],
      [79, 'decent'],
      [73.68421052631578, 'decent'],
      [49, 'decent'],
      [48.99, 'bad'],
      [0, 'bad'],
    ];
    for (const [score, band] of cases) {
      assert.equal(bandOfScore(score), band, String(score));
      assert.deepEqual(ratingOf({ result: score }), { band, score }, String(score));
    }
  });

  it('reads a numeric string as a score', () => {
    assert.deepEqual(ratingOf({ result: '79.01' }), { band: 'good', score: 79.01 });
    assert.deepEqual(ratingOf({ result: ' 49 ' }), { band: 'decent', score: 49 });
  });

  it('falls back to a `score` field when `result` is missing or not a rating', () => {
    assert.deepEqual(ratingOf({ score: 85 }), { band: 'good', score: 85 });
    assert.deepEqual(ratingOf({ result: 'excellent', score: '30' }), { band: 'bad', score: 30 });
  });

  it('says unknown for what is no rating at all', () => {
    for (const result of [undefined, null, '', 'excellent', NaN, Infinity, -1, 100.5, '7e1', '12abc', {}, [], true]) {
      assert.deepEqual(ratingOf({ result }), { band: 'unknown' }, String(result));
    }
    assert.deepEqual(ratingOf(undefined), { band: 'unknown' });
    assert.deepEqual(ratingOf(null), { band: 'unknown' });
  });

  it('parses only finite scores in 0–100', () => {
    assert.equal(parseScore('0'), 0);
    assert.equal(parseScore('.5'), 0.5);
    assert.equal(parseScore('101'), undefined);
    assert.equal(parseScore(' '), undefined);
  });

  it('rounds a score for people', () => {
    assert.equal(roundedScore(73.68421052631578), '74');
    assert.equal(roundedScore(79.5), '80');
    assert.equal(roundedScore(0.4), '0');
  });
});

describe('ratingOf: properties', () => {
  // fast-check: any value at all gives a band, and a score always lands in the band its edges say.

  it('never throws and always answers one of the four bands', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (result, score) => {
        const rating = ratingOf({ result, score });
        return ['good', 'decent', 'bad', 'unknown'].includes(rating.band);
      }),
    );
  });

  it('bands every score in 0–100 by the edges, as a number and as a numeric string', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
        (score) => {
          const expected = score > 79 ? 'good' : score >= 49 ? 'decent' : 'bad';
          return ratingOf({ result: score }).band === expected && ratingOf({ result: String(score) }).band === expected;
        },
      ),
    );
  });
});
