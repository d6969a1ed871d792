// Every reader of a report's checks and of its age agrees, because there is one of each
// (core/checks/checkResults.ts, core/checks/reportAge.ts): the panel, the history, page-source
// Problems, the command line's rules and the URLs in Workspace view give the same answer for the
// same record, in both shapes the service sends.
import * as assert from 'node:assert/strict';
import { checkStates, failedChecks } from '../../../core/checks/checkResults';
import { isOutdated } from '../../../core/checks/reportAge';
import { evaluateUrl, RuleSet } from '../../../core/config/rules';
import { defaultConfig } from '../../../core/config/configFile';
import { snapshotOf } from '../../../core/history/snapshot';
import { checkEntriesOf } from '../../../core/render/checkList';
import { failedChecksOf } from '../../../core/sources/sourceFindings';
import { rateUrl } from '../../../core/list/workspaceGroups';
import type { Report } from '../../../core/client/types';

const SPELLINGS: Array<[unknown, 'passed' | 'failed' | undefined]> = [
  [true, 'passed'],
  [1, 'passed'],
  ['1', 'passed'],
  ['true', 'passed'],
  [false, 'failed'],
  [0, 'failed'],
  ['0', 'failed'],
  ['false', 'failed'],
  [null, undefined],
  ['yes', undefined],
  [2, undefined],
];

function readersSay(results: unknown, key: string) {
  const rules = new RuleSet({ ...defaultConfig(), rules: [{ match: '**', checks: { [key]: 'error' } }] });
  const report = { id: 1, url: 'https://e.example/', result: 90, results } as unknown as Report;
  const ruleFailed = evaluateUrl(rules, 'https://e.example/', report).findings.some((f) => f.rule === `check/${key}`);
  const history = snapshotOf(report).checks[key];
  const panel = checkEntriesOf(results)?.[0]?.status;
  return {
    rules: checkStates(results).get(key),
    ruleFinding: ruleFailed,
    sources: failedChecksOf(results).some((c) => c.key === key),
    history: history === undefined ? undefined : history.passed ? 'passed' : 'failed',
    panel: panel === 'unknown' ? undefined : panel,
    count: failedChecks(results),
  };
}

describe('checks: one reader of results', () => {
  for (const [passed, expected] of SPELLINGS) {
    for (const shape of ['array', 'object'] as const) {
      it(`passed: ${JSON.stringify(passed)} reads as ${expected ?? 'not rated'} everywhere (${shape} of checks)`, () => {
        const results = shape === 'array' ? [{ key: 'headings', passed }] : { headings: { passed, importance: 'high' } };
        const said = readersSay(results, 'headings');
        assert.deepEqual(said, {
          rules: expected,
          ruleFinding: expected === 'failed',
          sources: expected === 'failed',
          history: expected,
          panel: expected,
          count: expected === undefined ? undefined : expected === 'failed' ? 1 : 0,
        });
      });
    }
  }
});

describe('checks: one outdated rule', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  const daysAgo = (d: number) => new Date(now - d * 86_400_000).toISOString();
  const cases: Array<[string, Record<string, unknown>, number | undefined, boolean]> = [
    ['generated 40 days ago, default limit', { generated_at: daysAgo(40) }, undefined, true],
    ['generated 20 days ago, default limit', { generated_at: daysAgo(20) }, undefined, false],
    ['only created_at, 40 days ago', { created_at: daysAgo(40) }, undefined, true],
    ['generated_at wins over created_at', { generated_at: daysAgo(2), created_at: daysAgo(400) }, undefined, false],
    ['limit 7, 10 days old', { generated_at: daysAgo(10) }, 7, true],
    ['limit 0 turns it off', { generated_at: daysAgo(4000) }, 0, false],
    ['no time at all', {}, 7, false],
  ];
  for (const [name, times, maxAgeDays, outdated] of cases) {
    it(`${name}: ${outdated ? 'outdated' : 'not outdated'} for the command line and the workspace view`, () => {
      const report = { id: 5, url: 'https://e.example/a', result: 90, ...times } as unknown as Report;
      const config = { ...defaultConfig(), ...(maxAgeDays === undefined ? {} : { maxAgeDays }) };
      const cli = evaluateUrl(new RuleSet(config), report.url as string, report, now).findings.some((f) => f.rule === 'stale');
      const view = rateUrl(report, config.maxAgeDays ?? 30, new Date(now)).rating === 'outdated';
      assert.equal(cli, outdated);
      assert.equal(view, outdated);
      assert.equal(isOutdated(report, config.maxAgeDays ?? 30, now), outdated);
    });
  }
});
