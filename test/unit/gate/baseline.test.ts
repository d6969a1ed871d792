// Baselines: only regressions are errors, and the file is stable and sorted.
import { strict as assert } from 'node:assert';
import {
  againstBaseline,
  Baseline,
  baselineEntry,
  MAX_BASELINE_BYTES,
  parseBaseline,
  regressions,
  serializeBaseline,
} from '../../../core/config/baseline';
import type { UrlVerdict } from '../../../core/config/rules';

describe('gate: baseline', () => {
  it('finds a score fall beyond the tolerance, a band down and a check from passed to failed', () => {
    const before = { rating: 'good' as const, score: 90, checks: { title: 'passed' as const, h1: 'failed' as const } };
    assert.deepEqual(regressions(before, { rating: 'good', score: 85, checks: { title: 'passed', h1: 'failed' } }, 5), []);
    const now = { rating: 'decent' as const, score: 70, checks: { title: 'failed' as const, h1: 'failed' as const } };
    assert.deepEqual(
      regressions(before, now, 5).map((f) => `${f.level} ${f.rule}`),
      ['error regression/score', 'error regression/rating', 'error regression/check/title'],
    );
    assert.equal(regressions(before, now, 5)[0].message, 'The score fell from 90 to 70 (more than 5 points).');
  });

  it("turns the rules' errors into warnings for a URL the baseline knows; a new URL keeps them", () => {
    const verdict: UrlVerdict = {
      ignored: false,
      rating: 'bad',
      score: 30,
      findings: [{ level: 'error', rule: 'rating', message: 'Rated Bad (30).' }],
    };
    const entry = { rating: 'bad' as const, score: 30 };
    assert.deepEqual(
      againstBaseline(verdict, entry, entry, 5).findings.map((f) => f.level),
      ['warn'],
    );
    assert.deepEqual(
      againstBaseline(verdict, undefined, entry, 5).findings.map((f) => f.level),
      ['error'],
    );
  });

  it('writes sorted, stable JSON that reads back the same', () => {
    const baseline: Baseline = new Map([
      ['https://b.example/', baselineEntry({ id: 1, result: '70', results: { z: { passed: true }, a: { passed: false } } })],
      ['https://a.example/', baselineEntry(undefined)],
    ]);
    const text = serializeBaseline(baseline);
    assert.equal(
      text,
      '{\n  "version": 1,\n  "urls": {\n    "https://a.example/": {\n      "rating": "none"\n    },\n    "https://b.example/": {\n      "rating": "decent",\n      "score": 70,\n      "checks": {\n        "a": "failed",\n        "z": "passed"\n      }\n    }\n  }\n}\n',
    );
    assert.equal(serializeBaseline(parseBaseline(text, 'b.json')), text);
  });

  it('refuses a file that is not a baseline, or over MAX_BASELINE_BYTES', () => {
    assert.throws(() => parseBaseline('[]', 'b.json'), /b\.json: This is not a baseline of version 1/);
    assert.throws(() => parseBaseline('{"version":1,"urls":{"x":{"rating":"great"}}}', 'b.json'), /The entry of x has no valid "rating"/);
    assert.throws(() => parseBaseline(' '.repeat(MAX_BASELINE_BYTES + 1), 'b.json'), /larger than/);
  });
});
