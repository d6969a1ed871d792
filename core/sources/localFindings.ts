// A page's local analysis (core/analysis: analyseHtml) as findings and words: on an HTML file, each
// failed check at the places the analysis found (the `<img>` without alt, the `<html>` without
// lang…), on a page's source file where it is fixed (sourceFindings, as the service's findings);
// the local score beside the published one; the checks only the deployed page can answer. The
// analysis's checks are already a report's `results` in the plain reading (an array of
// `{ key, passed, … }`, `passed: null` when not judged), so the one reader of checks reads them.
import { checkStates } from '../checks/checkResults';
import * as l10n from '@vscode/l10n';
import { failedCheckSentence } from '../checks/checkSentences';
import { checkName } from '../checks/checkNames';
import { ratingOf } from '../checks/rating';
import { diffRuns } from '../history/diff';
import { localVersusPublished } from '../history/changeWords';
import { snapshotOf } from '../history/snapshot';
import { plainText } from '../text/plainText';
import { MAX_CHECK_KEY, MAX_MESSAGE, sourceFindings, type CheckRules, type FindingSeverity, type SourceFinding } from './sourceFindings';

/** What this file reads of a local analysis (core/analysis/localAnalysis.ts's LocalAnalysis). */
export interface LocalCheckResult {
  key: string;
  judged: boolean;
  passed: boolean | null;
  importance: string;
  value: unknown;
  errors?: Record<string, unknown>;
  places: readonly { start: number; end: number }[];
}

export interface LocalResult {
  score: number;
  judged: number;
  total: number;
  checks: readonly LocalCheckResult[];
}

/** Places of one check made Problems, at most (the analysis keeps 100). */
export const MAX_PLACES_PER_FINDING = 50;
/** Findings of one HTML file, at most. */
export const MAX_HTML_FINDINGS = 500;

/** A failed check at one place of an HTML file: offsets into the text analysed. */
export interface HtmlFinding {
  start: number;
  end: number;
  check: string;
  message: string;
  severity: FindingSeverity;
}

/** The analysis as a report record the readers of checks take. */
export function localRecord(result: LocalResult): { score: number; results: readonly LocalCheckResult[] } {
  return { score: result.score, results: result.checks };
}

/**
 * What a failed check of a local analysis says (a Problem's message in the editor, the command
 * line's `check/<key>` finding of `check --local`): "Image keywords: 1 image without alt text".
 */
export function failedCheckMessage(check: Pick<LocalCheckResult, 'key' | 'value' | 'errors'>): string {
  return plainText(failedCheckSentence(check.key, check, MAX_CHECK_KEY), MAX_MESSAGE);
}

function fallbackSeverity(result: LocalResult): FindingSeverity {
  return ratingOf({ score: result.score }).band === 'bad' ? 'warn' : 'info';
}

/**
 * The failed checks of an HTML file, each at its places (at the start of the text when the
 * analysis found none). Checks not judged locally are no findings; the rules turn checks off or
 * set their level as on a page source.
 */
export function htmlFindings(result: LocalResult, rules?: CheckRules): HtmlFinding[] {
  const findings: HtmlFinding[] = [];
  const fallback = fallbackSeverity(result);
  for (const check of result.checks) {
    if (!check.judged || check.passed !== false) continue;
    const level = rules?.(check.key);
    if (level === 'off') continue;
    const severity = level === 'error' || level === 'warn' ? level : fallback;
    const message = failedCheckMessage(check);
    const key = plainText(check.key, MAX_CHECK_KEY);
    const places = check.places.length > 0 ? check.places.slice(0, MAX_PLACES_PER_FINDING) : [{ start: 0, end: 0 }];
    for (const place of places) {
      if (findings.length >= MAX_HTML_FINDINGS) return findings;
      findings.push({ start: place.start, end: Math.max(place.start, place.end), check: key, message, severity });
    }
  }
  return findings;
}

/** The failed checks of a page's local analysis on its source file, placed as the service's findings are. */
export function localSourceFindings(result: LocalResult, sourceText: string, rules?: CheckRules): SourceFinding[] {
  return sourceFindings(localRecord(result), sourceText, rules);
}

/** "21 of 27 checks judged locally": what the local score counts (not how many passed). */
export function localScoreWords(result: Pick<LocalResult, 'judged' | 'total'>): string {
  return l10n.t({
    message: '{0} of {1} checks judged locally',
    args: [result.judged, result.total],
    comment: ['how many checks the local score counts: the others are judged only on the deployed page'],
  });
}

/** The names of the checks only the deployed page can answer: "checked after deploy". */
export function afterDeployWords(result: LocalResult): string | undefined {
  const names = result.checks.filter((c) => !c.judged).map((c) => checkName(c.key));
  if (names.length === 0) return undefined;
  return l10n.t({
    message: 'Checked after deploy: {0}',
    args: [names.join(', ')],
    comment: ['checks that only the published page can answer (its status, HTTPS, timing…)'],
  });
}

/**
 * The CodeLens line: "Local 87 · published 73 (+14): 2 checks fixed" when the page has a published
 * report, else "Local 87 (21 of 27 checks judged locally)". Only checks judged
 * on both sides are compared (a deployed-only check is in neither count).
 */
export function localLensWords(result: LocalResult, published?: unknown): string {
  const local = snapshotOf(localRecord(result));
  if (published !== undefined) {
    const before = snapshotOf(published);
    if (before.score !== undefined || Object.keys(before.checks).length > 0) return localVersusPublished(diffRuns(before, local));
  }
  return l10n.t({
    message: 'Local {0} ({1})',
    args: [Math.round(result.score), localScoreWords(result)],
    comment: ["{0} the page's score from its local checks, {1} how many checks it counts"],
  });
}

/** What Check Locally on a folder found (extension/localChecks/checkLocally.ts). */
export interface CheckedFiles {
  files: number;
  withProblems: number;
  problems: number;
  refused: number;
  skipped: number;
}

function foundWords(r: CheckedFiles): string {
  if (r.problems === 0) return l10n.t('no Problems.');
  if (r.files === 1) return r.problems === 1 ? l10n.t('1 Problem.') : l10n.t('{0} Problems.', r.problems);
  if (r.withProblems === 1) return r.problems === 1 ? l10n.t('1 Problem in 1 file.') : l10n.t('{0} Problems in 1 file.', r.problems);
  return l10n.t('{0} Problems in {1} files.', r.problems, r.withProblems);
}

/**
 * The summary of Check Locally: "Website Reports: checked 3 HTML files locally: 6 Problems in 1
 * file." — each count in its singular or plural message, as translators need them whole.
 */
export function checkedFilesWords(r: CheckedFiles, maxFiles: number): string {
  const parts: string[] = [];
  if (r.files === 0 && r.skipped === 0) parts.push(l10n.t('Website Reports: no HTML files to check here.'));
  else if (r.files === 1) parts.push(l10n.t('Website Reports: checked 1 HTML file locally: {0}', foundWords(r)));
  else parts.push(l10n.t('Website Reports: checked {0} HTML files locally: {1}', r.files, foundWords(r)));
  if (r.refused === 1) parts.push(l10n.t('1 could not be analysed (see its CodeLens).'));
  else if (r.refused > 1) parts.push(l10n.t('{0} could not be analysed (see their CodeLens).', r.refused));
  if (r.skipped === 1) parts.push(l10n.t('1 more was not checked (at most {0} at a time).', maxFiles));
  else if (r.skipped > 1) parts.push(l10n.t('{0} more were not checked (at most {1} at a time).', r.skipped, maxFiles));
  return parts.join(' ');
}

/**
 * Whether a local finding of `check` repeats the published report's: the report fails the same
 * check, so its own Problem already says so on the page source. Local Problems are shown beside the
 * published ones only where the two differ (failing here, passing or unknown there).
 */
export function repeatsPublished(check: string, publishedResults: unknown): boolean {
  return checkStates(publishedResults).get(check) === 'failed';
}
