// A locally analysed page judged as `check` judges a published one: its analysis stands in for a
// report (the score over the judged checks, each check's state), so the rules, the baseline and
// every format apply unchanged. `check --local` and `merge` both judge here, from the same
// LocalPage, so a merged run is judged exactly as one unsharded run.
import type { Report } from '../../core/client/types';
import { againstBaseline, baselineEntry, type Baseline, type BaselineEntry } from '../../core/config/baseline';
import type { LocalPage, UrlResult } from '../../core/config/gateReport';
import { evaluateUrl, type Finding, type RuleSet } from '../../core/config/rules';
import { isPlace, placeFindings } from '../../core/sources/findingPlaces';
import type { Occurrence } from '../../core/urls/urlsInFiles';
import { matchableUrl } from './pageUrls';

/** The rule of a page that could not be analysed: an error (a page nobody checked must not pass). */
export const NOT_ANALYSED = 'not-analysed';

/** The page's analysis as the report-shaped record the readers of reports take. */
export function localReport(url: string, local: LocalPage): Report | undefined {
  if (local.score === undefined) return undefined;
  const results = Object.fromEntries(Object.entries(local.checks ?? {}).map(([key, state]) => [key, { passed: state === 'passed' }]));
  return { id: '', url, score: local.score, results };
}

/** A failed check's finding says what the editor's Problem says of it, from the page's own analysis. */
function inLocalWords(findings: readonly Finding[], local: LocalPage): Finding[] {
  const messages = local.messages ?? {};
  return findings.map((f) => {
    const check = f.rule.startsWith('check/') ? f.rule.slice('check/'.length) : undefined;
    return check !== undefined && Object.hasOwn(messages, check) ? { ...f, message: messages[check] } : f;
  });
}

export interface JudgedPage {
  result: UrlResult;
  entry: BaselineEntry;
}

/** The page's result (undefined when `ignoreUrls` leaves it out) and what a baseline keeps of it. */
export function judgePage(
  rules: RuleSet,
  url: string,
  local: LocalPage,
  baseline: Baseline | undefined,
  now: number,
): JudgedPage | undefined {
  // The page's own findings sit on its source file when `sources` maps it to one that exists, else
  // on its built file, else on the page alone: never on a place outside the working directory (a
  // shard's JSON may name one).
  const file = [local.source, local.file].find((f) => f !== undefined && isPlace(f));
  const occurrences: Occurrence[] = file === undefined ? [] : [{ file, line: 1, column: 1 }];
  if (rules.isIgnored(matchableUrl(url))) return undefined;
  const report = localReport(url, local);
  if (!report) {
    const finding: Finding = {
      level: 'error',
      rule: NOT_ANALYSED,
      message: `Not analysed: ${(local.reason ?? 'no analysis').replace(/\.$/, '')}.`,
    };
    return { result: { url, rating: 'none', occurrences, findings: [finding], local }, entry: { rating: 'none' } };
  }
  const entry = baselineEntry(report);
  let verdict = evaluateUrl(rules, matchableUrl(url), report, now, true);
  if (baseline) verdict = againstBaseline(verdict, baseline.get(url), entry, rules.config.tolerance);
  const findings = placeFindings(inLocalWords(verdict.findings, local), (check) => local.places?.[check]?.filter((at) => isPlace(at.file)));
  return {
    result: {
      url,
      rating: verdict.rating,
      ...(verdict.score === undefined ? {} : { score: verdict.score }),
      occurrences,
      findings,
      local,
    },
    entry,
  };
}
