// The cost of a list of URL patterns from a pull request (the config's lists, a scan's include and
// exclude), counted in work, not time: the characters of a list together are budgeted, so its
// program's slots (the cost of each step of a match) are too; a list past it is refused with a
// clear error where it is read; within it, a generated worst case stays within its bound of steps,
// and builds each set of states once.
import { strict as assert } from 'node:assert';
import { ConfigError, parseConfig } from '../../../core/config/configFile';
import { selectUrls } from '../../../core/sites/select';
import { anyUrlOf, matchWork, MAX_PATTERN_CHARS, MAX_PATTERN_LENGTH, MAX_PATTERNS } from '../../../core/urls/urlPattern';

/** A pattern of `unit` repeated after `prefix`, up to MAX_PATTERN_LENGTH characters. */
function longest(unit: string, prefix = 'https://example.com/'): string {
  let pattern = prefix;
  while (pattern.length + unit.length <= MAX_PATTERN_LENGTH) pattern += unit;
  return pattern;
}

/** The most patterns of `unit` whose characters stay within MAX_PATTERN_CHARS together. */
function fullList(unit: string): string[] {
  const pattern = longest(unit);
  return Array.from({ length: Math.floor(MAX_PATTERN_CHARS / pattern.length) }, () => pattern);
}

const URLS = Array.from({ length: 100 }, (_, i) => `https://example.com/${'a/'.repeat(i % 40)}post-${i}/index.html`);

describe('urls: the budget of a list of patterns', () => {
  it('100 patterns of 2,048 characters (the list that took seconds to build and match) are refused: in a scan, in the config, by the matcher', () => {
    const hostile = Array.from({ length: 100 }, () => longest('**/'));
    const picked = selectUrls(URLS, { include: hostile });
    assert.deepEqual(picked.selected, []);
    assert.equal(picked.problems.length, 1);
    assert.match(
      picked.problems[0],
      new RegExp(`"include" are ${hostile.length * hostile[0].length} characters long in all; at most ${MAX_PATTERN_CHARS}`),
    );
    for (const config of [{ ignoreUrls: hostile }, { include: hostile }, { rules: hostile.map((match) => ({ match })) }]) {
      const field = Object.keys(config)[0];
      assert.throws(
        () => parseConfig(JSON.stringify(config), '/repo/website-reports.json'),
        (e: unknown) =>
          e instanceof ConfigError && e.message.includes(`"${field}" are`) && e.message.includes(`at most ${MAX_PATTERN_CHARS}`),
      );
    }
    assert.throws(() => anyUrlOf(hostile), RangeError);
    assert.throws(() => anyUrlOf([...fullList('*'), 'x'.repeat(MAX_PATTERN_LENGTH)]), RangeError);
  });

  it('a list at the budget is accepted; one matcher over 100 URLs stays within 5 × (slots + 1) × (text + 1) steps, its slots within the budget', () => {
    assert.ok(MAX_PATTERN_CHARS < MAX_PATTERNS * MAX_PATTERN_LENGTH);
    for (const unit of ['**/', '*a', '{a,*}', '{*,**,?}/', '?', 'a/**/']) {
      const list = fullList(unit);
      assert.deepEqual(selectUrls(URLS, { include: list }).problems, []);
      const chars = list.reduce((sum, p) => sum + p.length, 0);
      const work = matchWork(list, URLS);
      assert.ok(work.slots <= 2 * chars + 2 * list.length, `${unit}: ${work.slots} slots for ${chars} characters`);
      const bound = URLS.reduce((sum, url) => sum + 5 * (work.slots + 1) * (url.length + 1), 0);
      assert.ok(work.steps <= bound, `${unit}: ${work.steps} steps`);
    }
  });

  it('a set of states reached along another path is found, not built again: `**/` patterns over 100 URLs build a few sets', () => {
    // Kept in the order found, the same few sets came in a new order after each `/`, each built at
    // the cost of the whole program: 147 sets and 27 million steps here.
    const work = matchWork(fullList('**/'), URLS);
    assert.ok(work.built <= 30, `${work.built} sets built`);
    assert.ok(work.steps <= URLS.length * (work.slots + 1), `${work.steps} steps`);
  });

  it('the rules of a config count as one list; a config within the budget is read', () => {
    const rules = fullList('*').map((match) => ({ match }));
    assert.equal(parseConfig(JSON.stringify({ rules }), '/repo/website-reports.json').rules.length, rules.length);
    assert.throws(
      () => parseConfig(JSON.stringify({ rules: [...rules, { match: longest('*') }] }), '/repo/website-reports.json'),
      (e: unknown) => e instanceof ConfigError && e.field === 'rules',
    );
  });
});
