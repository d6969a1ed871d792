import fc from 'fast-check';
import { strict as assert } from 'node:assert';
import { runLine, parseRunLine, namesId } from '../../../core/history/lineFormat';
import { MAX_CHECK_NAME, MAX_CHECKS_PER_RUN, snapshotOf } from '../../../core/history/snapshot';

describe('history/snapshotOf', () => {
  it('reads the real shape: result a score, results an object of checks', () => {
    const snapshot = snapshotOf({
      id: 12,
      url: 'https://a.test',
      generated_at: '2026-01-02T03:04:05Z',
      result: 73.5,
      results: { title: { passed: true, importance: 'high', value: 'T' }, favicon: { passed: false, importance: 'low' }, odd: 'x' },
    });
    assert.deepEqual(snapshot, {
      generatedAt: '2026-01-02T03:04:05Z',
      score: 73.5,
      band: 'decent',
      reportId: '12',
      checks: { title: { passed: true, importance: 'high' }, favicon: { passed: false, importance: 'low' } },
    });
  });

  it('reads the plain shape: result a word with score, results an array of {key, passed}', () => {
    const snapshot = snapshotOf({
      id: 'r1',
      generated_at: '2026-01-02',
      result: 'good',
      score: '88',
      results: [
        { key: 'https', passed: 1, importance: 'HIGH' },
        { key: 'title', passed: 'false' },
        { key: 'https', passed: false },
        { passed: true },
        { key: 'unrated' },
      ],
    });
    assert.deepEqual(snapshot.checks, { https: { passed: true, importance: 'high' }, title: { passed: false } });
    assert.equal(snapshot.band, 'good');
    assert.equal(snapshot.score, 88);
  });

  it(`keeps at most ${MAX_CHECKS_PER_RUN} checks and names of at most ${MAX_CHECK_NAME} characters`, () => {
    const results: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) results[`${'n'.repeat(500)}${i}`] = { passed: false };
    const checks = Object.keys(snapshotOf({ results }).checks);
    assert.equal(checks.length, 1, 'names cut to the same 100 characters are one check');
    const many: unknown[] = Array.from({ length: 100_000 }, (_, i) => ({ key: `c${i}`, passed: true }));
    assert.equal(Object.keys(snapshotOf({ results: many }).checks).length, MAX_CHECKS_PER_RUN);
    assert.ok(Object.keys(snapshotOf({ results: { [`${'x'.repeat(1000)}`]: { passed: true } } }).checks)[0].length <= MAX_CHECK_NAME);
  });

  it('a check named __proto__ is a check, and inherited fields are not read', () => {
    const results = JSON.parse('{"__proto__": {"passed": false}}') as unknown;
    assert.deepEqual(Object.keys(snapshotOf({ results }).checks), ['__proto__']);
    const inherited = Object.create({ passed: true }) as object;
    assert.deepEqual(snapshotOf({ results: [Object.assign(inherited, { key: 'k' })] }).checks, {});
  });

  it('never runs a record’s code: getters, throwing proxies, toString', () => {
    let ran = false;
    const record = {
      get result() {
        ran = true;
        return 50;
      },
      results: new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error('trap');
          },
        },
      ),
      generated_at: { toString: () => ((ran = true), 'x') },
    };
    const snapshot = snapshotOf(record);
    assert.equal(ran, false);
    assert.deepEqual(snapshot, { generatedAt: '', band: 'unknown', checks: {} });
  });

  it('any value at all: never throws, stays bounded, and survives the line format', () => {
    fc.assert(
      fc.property(
        fc.anything(),
        fc.anything(),
        fc.oneof(fc.anything(), fc.array(fc.record({ key: fc.string(), passed: fc.anything(), importance: fc.anything() }))),
        fc.anything(),
        (result, score, results, generatedAt) => {
          const snapshot = snapshotOf({ result, score, results, generated_at: generatedAt });
          const names = Object.keys(snapshot.checks);
          assert.ok(names.length <= MAX_CHECKS_PER_RUN);
          assert.ok(names.every((n) => n.length <= MAX_CHECK_NAME));
          const { line, names: written } = runLine('o k', snapshot);
          assert.deepEqual(parseRunLine(line, new Map([[namesId(written), written]])), snapshot);
        },
      ),
      { numRuns: 300 },
    );
    for (const odd of [null, undefined, 1, 'x', Symbol('s'), [], () => 1]) snapshotOf(odd);
  });
});

describe('history/line format', () => {
  it('a run with 40 checks takes at most 300 bytes on disk (its check names written once per file)', () => {
    const checks: Record<string, { passed: boolean; importance: 'high' | 'medium' | 'low' }> = {};
    const names = ['title', 'meta_description', 'headings', 'content_keywords', 'image_keywords', 'seo_friendly_url', '404_page', 'robots'];
    for (let i = 0; i < 40; i++) checks[`${names[i % names.length]}_${i}`] = { passed: i % 3 === 0, importance: 'medium' };
    const { line } = runLine('https://reports.example.com https://www.example.com/products/widgets-and-gadgets?page=2', {
      generatedAt: '2026-11-25T08:00:00.000000Z',
      score: 73.68,
      band: 'decent',
      reportId: '123456',
      checks,
    });
    assert.ok(Buffer.byteLength(line) + 1 <= 300, `${Buffer.byteLength(line) + 1} bytes`);
  });
});
