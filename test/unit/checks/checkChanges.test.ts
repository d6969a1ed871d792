// One answer to "what changed between two runs": the report panel and the history (diffRuns), the
// baseline (regressions) and the pull-request comment (pageChanges) ask checkChanges, and give the
// same newly failing and fixed checks on the same pair of report records — with a check missing in
// one run, an unjudged check, and ratings that tie. The panel sorts by importance, the baseline and
// the comment (which keep no importance) by key, so the lists are compared as sets.
import { strict as assert } from 'node:assert';
import { checkChanges } from '../../../core/checks/checkChanges';
import { ratingRank } from '../../../core/checks/rating';
import { baselineEntry, regressions, type Baseline } from '../../../core/config/baseline';
import type { Report } from '../../../core/client/types';
import { diffRuns } from '../../../core/history/diff';
import { snapshotOf } from '../../../core/history/snapshot';
import { pageChanges } from '../../../cli/github/changes';

type Check = { key: string; passed: boolean | null; importance?: string };
const record = (id: number, score: number, results: Check[]): Report => ({ id, url: 'https://site.test/', result: String(score), results });

const PAIRS: { name: string; before: Report; now: Report; newlyFailing: string[]; fixed: string[] }[] = [
  {
    name: 'passed → failed, failed → passed, still failing',
    before: record(1, 70, [
      { key: 'title', passed: true, importance: 'low' },
      { key: 'https', passed: false, importance: 'high' },
      { key: 'charset', passed: false },
    ]),
    now: record(1, 60, [
      { key: 'title', passed: false, importance: 'low' },
      { key: 'https', passed: true, importance: 'high' },
      { key: 'charset', passed: false },
    ]),
    newlyFailing: ['title'],
    fixed: ['https'],
  },
  {
    name: 'a check missing in one run (new now and failing, gone now after failing)',
    before: record(2, 70, [
      { key: 'gone', passed: false },
      { key: 'title', passed: true },
    ]),
    now: record(2, 70, [
      { key: 'sitemap', passed: false, importance: 'high' },
      { key: 'title', passed: true },
    ]),
    newlyFailing: [],
    fixed: [],
  },
  {
    name: 'an unjudged check (passed: null) on either side',
    before: record(3, 70, [
      { key: 'robots', passed: null },
      { key: 'lang', passed: true },
      { key: 'h1', passed: false },
    ]),
    now: record(3, 70, [
      { key: 'robots', passed: false },
      { key: 'lang', passed: null },
      { key: 'h1', passed: null },
    ]),
    newlyFailing: [],
    fixed: [],
  },
  {
    name: 'a rating tie: the same band and score, a check swapped',
    before: record(4, 80.5, [
      { key: 'a', passed: true },
      { key: 'b', passed: false },
    ]),
    now: record(4, 80.5, [
      { key: 'a', passed: false },
      { key: 'b', passed: true },
    ]),
    newlyFailing: ['a'],
    fixed: ['b'],
  },
];

const sorted = (list: string[]) => [...list].sort();

describe('checks: one answer to what changed between two runs', () => {
  for (const pair of PAIRS) {
    it(`the panel, the baseline and the comment agree: ${pair.name}`, () => {
      const panel = diffRuns(snapshotOf(pair.before), snapshotOf(pair.now));
      const before = baselineEntry(pair.before);
      const now = baselineEntry(pair.now);
      const baseline = regressions(before, now, 100)
        .filter((f) => f.rule.startsWith('regression/check/'))
        .map((f) => f.rule.slice('regression/check/'.length));
      const url = 'https://site.test/';
      const comment = pageChanges(new Map([[url, before]]) as Baseline, new Map([[url, now]]) as Baseline, new Map())[0];

      assert.deepEqual(sorted(panel.newlyFailing), pair.newlyFailing, 'the panel');
      assert.deepEqual(sorted(baseline), pair.newlyFailing, 'the baseline');
      assert.deepEqual(sorted(comment?.newlyFailing ?? []), pair.newlyFailing, 'the comment');
      assert.deepEqual(sorted(panel.fixed), pair.fixed, 'the panel');
      assert.deepEqual(sorted(comment?.fixed ?? []), pair.fixed, 'the comment');
    });
  }

  it('a check failing now with no verdict before is its own list, never newly failing', () => {
    const changes = checkChanges({ title: 'passed' }, { title: 'failed', sitemap: 'failed', lang: 'passed' });
    assert.deepEqual(changes, { newlyFailing: ['title'], fixed: [], stillFailing: [], failingUnjudgedBefore: ['sitemap'] });
    assert.deepEqual(checkChanges(undefined, { x: 'failed' }).failingUnjudgedBefore, ['x']);
  });

  it('sorts by importance when known, then by key; a "__proto__" check is a check', () => {
    const now = Object.fromEntries([
      ['b', 'failed'],
      ['a', 'failed'],
      ['__proto__', 'failed'],
    ]) as Record<string, 'failed'>;
    const before = Object.fromEntries(Object.keys(now).map((k) => [k, 'passed'])) as Record<string, 'passed'>;
    assert.deepEqual(checkChanges(before, now).newlyFailing, ['__proto__', 'a', 'b']);
    assert.deepEqual(checkChanges(before, now, (k) => (k === 'b' ? 'high' : undefined)).newlyFailing, ['b', '__proto__', 'a']);
  });

  it('one rating order: the baseline flags a band down exactly when the comment puts the page first', () => {
    const entry = (rating: 'good' | 'decent' | 'bad' | 'none', score?: number) => ({ rating, ...(score === undefined ? {} : { score }) });
    const base: Baseline = new Map([
      ['https://a.test/', entry('good', 90)],
      ['https://b.test/', entry('decent', 70)],
      ['https://c.test/', entry('bad', 30)],
    ]);
    const now: Baseline = new Map([
      ['https://a.test/', entry('good', 85)], // a tie of ratings, the score moved
      ['https://b.test/', entry('bad', 40)], // down
      ['https://c.test/', entry('decent', 60)], // up
    ]);
    const order = pageChanges(base, now, new Map()).map((c) => c.url);
    assert.deepEqual(order, ['https://b.test/', 'https://a.test/', 'https://c.test/']);
    const down = [...now].filter(([url, e]) => regressions(base.get(url)!, e, 100).some((f) => f.rule === 'regression/rating'));
    assert.deepEqual(
      down.map(([url]) => url),
      ['https://b.test/'],
    );
    assert.deepEqual((['none', 'bad', 'decent', 'good'] as const).map(ratingRank), [0, 1, 2, 3]);
    assert.equal(ratingRank('unknown'), ratingRank('none'));
  });
});
