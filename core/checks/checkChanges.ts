// Which checks changed between two runs of a page: newly failing (passed before, fails now), fixed
// (failed before, passes now), still failing, and failing now with no verdict before (not in that
// run, or not judged by it: not a regression, since nothing passed). The one answer for the report
// panel and the run history (core/history/diff.ts), the baseline's regressions
// (core/config/baseline.ts) and the pull-request comment (cli/github/changes.ts), so on the same
// pair of runs they cannot disagree. Lists are sorted by importance (when known), then by key.
import { importanceRank, type CheckState, type Importance } from './checkResults';

/** A run's verdicts by check key (own keys only; a check not judged is absent). */
export type Verdicts = Readonly<Record<string, CheckState>>;

export interface CheckChanges {
  newlyFailing: string[];
  fixed: string[];
  stillFailing: string[];
  /** Failing now, with no verdict before. */
  failingUnjudgedBefore: string[];
}

function own(verdicts: Verdicts | undefined, key: string): CheckState | undefined {
  return verdicts && Object.hasOwn(verdicts, key) ? verdicts[key] : undefined;
}

/** `keys` sorted by importance (high first; unknown last), then by key. */
export function sortChecks(keys: string[], importance: (key: string) => Importance | undefined = () => undefined): string[] {
  const rank = (key: string) => importanceRank(importance(key));
  return keys.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** The checks that changed from `before` (undefined: no run known) to `now`. */
export function checkChanges(
  before: Verdicts | undefined,
  now: Verdicts,
  importance?: (key: string) => Importance | undefined,
): CheckChanges {
  const changes: CheckChanges = { newlyFailing: [], fixed: [], stillFailing: [], failingUnjudgedBefore: [] };
  for (const key of Object.keys(now)) {
    const was = own(before, key);
    if (now[key] === 'failed') {
      if (was === 'passed') changes.newlyFailing.push(key);
      else if (was === 'failed') changes.stillFailing.push(key);
      else changes.failingUnjudgedBefore.push(key);
    } else if (was === 'failed') changes.fixed.push(key);
  }
  for (const list of Object.values(changes)) sortChecks(list, importance);
  return changes;
}
