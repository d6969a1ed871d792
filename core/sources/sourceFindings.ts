// A page's failed checks as findings on its source file: where (checkLocations), what (the check's
// name and what is wrong, in words) and how severe. Plain data, so the editor turns it into
// diagnostics and the command line into SARIF. The report is untrusted: it is read without running
// any of its code (safeText.ts), within fixed bounds, and every word shown goes through plainText.
import { failedCheckSentence, SITE_LEVEL_CHECKS } from '../checks/checkSentences';
import { forEachCheck, stateOfCheck } from '../checks/checkResults';
import { plainText } from '../text/plainText';
import { ratingOf } from '../checks/rating';
import { ownField } from '../text/safeText';
import { checkLocations } from './checkLocations';

/** Findings per report, at most (the checks after that are not read). */
export const MAX_FINDINGS = 200;
/** Entries of a report's `results` looked at, at most. */
export const MAX_RESULTS_EXAMINED = 4 * MAX_FINDINGS;
/** Characters of a check's key kept. */
export const MAX_CHECK_KEY = 100;
/** Error kinds of one check said in its message; the rest are counted (up to MAX_ERRORS_EXAMINED). */
export { MAX_KINDS_SAID as MAX_ERRORS_SAID, MAX_KINDS_EXAMINED as MAX_ERRORS_EXAMINED } from '../checks/checkSentences';
/** Characters of a finding's message. */
export const MAX_MESSAGE = 300;

export type FindingSeverity = 'error' | 'warn' | 'info';
export type CheckLevel = 'error' | 'warn' | 'off';
/** The config's say on a check of this page: a level, or undefined to keep the default. */
export type CheckRules = (check: string) => CheckLevel | undefined;

export interface SourceFinding {
  /** 0-based line and UTF-16 columns in the source file. */
  line: number;
  startColumn: number;
  endColumn: number;
  /** The check's key as the service sent it (made plain), e.g. `meta_description`. */
  check: string;
  message: string;
  severity: FindingSeverity;
}

interface FailedCheck {
  key: string;
  item: unknown;
}

/** The failed checks of `results` (an object keyed by check, or an array of `{key, passed}`), bounded. */
export function failedChecksOf(results: unknown): FailedCheck[] {
  const out: FailedCheck[] = [];
  const seen = new Set<string>();
  forEachCheck(results, MAX_RESULTS_EXAMINED, (name, item) => {
    const key = name.slice(0, MAX_CHECK_KEY);
    if (key !== '' && !seen.has(key) && stateOfCheck(item) === 'failed') {
      seen.add(key);
      out.push({ key, item });
    }
    return out.length < MAX_FINDINGS;
  });
  return out;
}

function messageOf(check: FailedCheck): string {
  return plainText(failedCheckSentence(check.key, check.item, MAX_CHECK_KEY), MAX_MESSAGE);
}

/**
 * The findings of a report on its page's source file: one per failed check the rules do not turn
 * off. Severity: the rule's level, else `warn` when the page is rated bad and `info` otherwise.
 */
export function sourceFindings(report: unknown, fileText: string, rules?: CheckRules): SourceFinding[] {
  const fallback: FindingSeverity =
    ratingOf({ result: ownField(report, 'result'), score: ownField(report, 'score') }).band === 'bad' ? 'warn' : 'info';
  const checks = failedChecksOf(ownField(report, 'results'));
  const shown: { check: FailedCheck; severity: FindingSeverity }[] = [];
  for (const check of checks) {
    // The site's own checks (HTTPS, the server, load time, size): no edit of this file fixes them.
    if (SITE_LEVEL_CHECKS.has(check.key)) continue;
    const level = rules?.(check.key);
    if (level === 'off') continue;
    shown.push({ check, severity: level === 'error' || level === 'warn' ? level : fallback });
  }
  const places = checkLocations(
    fileText,
    shown.map((s) => s.check.key),
  );
  return shown.map(({ check, severity }, i) => ({
    line: places[i].line,
    startColumn: places[i].startColumn,
    endColumn: places[i].endColumn,
    check: plainText(check.key, MAX_CHECK_KEY),
    message: messageOf(check),
    severity,
  }));
}
