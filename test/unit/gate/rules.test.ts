// The levels of findings, the one decision both the command line and the editor take from here.
import { strict as assert } from 'node:assert';
import type { Report } from '../../../core/client/types';
import { defaultConfig, GateConfig } from '../../../core/config/configFile';
import { evaluateUrl, RuleSet } from '../../../core/config/rules';
import { failingNames } from '../../../core/checks/failingChecks';
import { MAX_CHECKS_PER_REPORT } from '../../../core/checks/checkResults';

const NOW = Date.UTC(2026, 10, 25);
const URL = 'https://example.com/docs/page';

function report(score: number | string, fields: Partial<Report> = {}): Report {
  return { id: 7, url: URL, result: score as string, generated_at: new Date(NOW - 86_400_000).toISOString(), ...fields };
}

function verdict(config: Partial<GateConfig>, r: Report | undefined, url = URL) {
  return evaluateUrl(new RuleSet({ ...defaultConfig(), ...config }), url, r, NOW);
}

const levels = (v: ReturnType<typeof verdict>) => v.findings.map((f) => `${f.level} ${f.rule}`);

describe('gate: rules', () => {
  it('without a rule: bad is an error, decent a warning, good nothing, no report a note', () => {
    assert.deepEqual(levels(verdict({}, report(30))), ['error rating']);
    assert.deepEqual(levels(verdict({}, report(60))), ['warn rating']);
    assert.deepEqual(levels(verdict({}, report(90))), []);
    assert.deepEqual(levels(verdict({}, undefined)), ['note no-report']);
    assert.deepEqual(levels(verdict({}, report('bad'))), ['error rating'], 'a rating word counts too');
    assert.deepEqual(verdict({}, report(60)).findings[0].message, 'Rated Decent (60).');
    assert.equal(verdict({}, report(60)).rating, 'decent');
    assert.equal(verdict({}, undefined).rating, 'none');
  });

  it('a bad or decent rating names its failed checks, the most important first, at most three', () => {
    const results = {
      inline_css: { passed: false, importance: 'low' },
      title: { passed: true, importance: 'high' },
      meta_description: { passed: false, importance: 'high' },
      image_keywords: { passed: '0', importance: 'medium' },
      h1: { passed: false, importance: 'high' },
      'x\u202etxt.exe': { passed: false },
    };
    assert.equal(
      verdict({}, report(30, { results })).findings[0].message,
      'Rated Bad (30); failing: Meta description, H1, Image keywords, and 2 more.',
    );
    assert.equal(
      verdict({}, report(60, { results: { charset: { passed: false } } })).findings[0].message,
      'Rated Decent (60); failing: Charset.',
    );
    assert.equal(verdict({}, report(30, { results: { title: { passed: true } } })).findings[0].message, 'Rated Bad (30).');
    // A name from the service is plain text: a hidden character is shown, never obeyed.
    const hidden = verdict({}, report(30, { results: { 'x\u202etxt.exe': { passed: false } } })).findings[0].message;
    assert.ok(!hidden.includes('\u202e') && hidden.includes('U+202E'), hidden);
  });

  it('one rule set judging many reports words each by its own failed checks and score (words made once are reused only for the same)', () => {
    const rules = new RuleSet(defaultConfig());
    const message = (score: number, results: Report['results']) =>
      evaluateUrl(rules, URL, report(score, { results }), NOW).findings[0]?.message;
    const cases: [number, Report['results'], string][] = [
      [30, { title: { passed: false } }, 'Rated Bad (30); failing: Title.'],
      [30, { charset: { passed: false } }, 'Rated Bad (30); failing: Charset.'],
      [30.4, { title: { passed: false } }, 'Rated Bad (30); failing: Title.'],
      [31, { title: { passed: false } }, 'Rated Bad (31); failing: Title.'],
      [30, { title: { passed: false }, h1: { passed: false } }, 'Rated Bad (30); failing: Title, H1.'],
      [30, { 'title, H1': { passed: false } }, 'Rated Bad (30); failing: title, H1.'],
      [30, { title: { passed: true } }, 'Rated Bad (30).'],
      [60, { title: { passed: false } }, 'Rated Decent (60); failing: Title.'],
    ];
    for (let round = 0; round < 2; round++) for (const [score, results, expected] of cases) assert.equal(message(score, results), expected);
    assert.equal(evaluateUrl(rules, URL, undefined, NOW).findings[0].message, 'No report for this URL yet.');
  });

  it('a report of 100,000 failed checks: three named, "and more" (read up to MAX_CHECKS_PER_REPORT, never a count past it)', () => {
    const results = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`check_${i}`, { passed: false, importance: 'low' }]));
    const message = verdict({}, report(30, { results })).findings[0].message;
    assert.equal(message, 'Rated Bad (30); failing: Check 0, Check 1, Check 2, and more.');
    assert.equal(failingNames(results).total, MAX_CHECKS_PER_REPORT);
  });

  it("minScore replaces the bands, at the rule's level", () => {
    const rules = [{ match: 'https://example.com/**', minScore: 85 }];
    assert.deepEqual(levels(verdict({ rules }, report(80))), ['error min-score']);
    assert.deepEqual(levels(verdict({ rules }, report(86))), []);
    assert.deepEqual(levels(verdict({ rules: [{ ...rules[0], level: 'warn' }] }, report(30))), ['warn min-score']);
    assert.deepEqual(
      levels(verdict({ rules: [{ match: 'https://other.com/**', minScore: 85 }] }, report(80))),
      [],
      'a rule for another site does not apply',
    );
  });

  it('level lowers a bad rating; checks name failed checks at their level; off is nothing', () => {
    const results = [
      { key: 'title', passed: false },
      { key: 'h1', passed: false },
      { key: 'https', passed: true },
    ];
    const rules = [
      {
        match: 'https://example.com/**',
        level: 'warn' as const,
        checks: { title: 'error' as const, h1: 'off' as const, https: 'error' as const },
      },
    ];
    assert.deepEqual(levels(verdict({ rules }, report(30, { results }))), ['warn rating', 'error check/title']);
    // The real service's shape: an object keyed by check.
    const real = { title: { passed: false }, h1: { passed: true } };
    assert.deepEqual(levels(verdict({ rules }, report(90, { results: real }))), ['error check/title']);
  });

  it('applies every matching rule in order, a later one overriding an earlier one', () => {
    const rules = [
      { match: 'https://example.com/**', minScore: 50, checks: { title: 'warn' as const } },
      { match: 'https://example.com/docs/**', minScore: 95, checks: { title: 'off' as const } },
    ];
    assert.deepEqual(levels(verdict({ rules }, report(90, { results: [{ key: 'title', passed: false }] }))), ['error min-score']);
  });

  it('ignoreUrls gives no findings; maxAgeDays warns of a stale report', () => {
    assert.deepEqual(verdict({ ignoreUrls: ['https://example.com/docs/*'] }, report(10)), { ignored: true, rating: 'bad', findings: [] });
    const old = report(90, { generated_at: new Date(NOW - 40 * 86_400_000).toISOString() });
    assert.deepEqual(levels(verdict({ maxAgeDays: 30 }, old)), ['warn stale']);
    assert.deepEqual(levels(verdict({ maxAgeDays: 60 }, old)), []);
  });
});
