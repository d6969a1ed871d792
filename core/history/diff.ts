// What changed between two runs of a report: its score and band, and which checks began to fail,
// were fixed, or still fail. Pure.

import type { RatingBand } from '../checks/rating';
import { importanceRank } from '../checks/checkResults';
import type { CheckState, RunSnapshot } from './snapshot';

export interface RunDiff {
  scoreBefore?: number;
  scoreAfter?: number;
  /** scoreAfter − scoreBefore, when both are known. */
  delta?: number;
  bandBefore: RatingBand;
  bandAfter: RatingBand;
  /** Failing now, not failing before (passed, or not checked). */
  newlyFailing: string[];
  /** Failing before, passed now. */
  fixed: string[];
  stillFailing: string[];
}

function own(checks: Record<string, CheckState>, key: string): CheckState | undefined {
  return Object.prototype.hasOwnProperty.call(checks, key) ? checks[key] : undefined;
}

/** Check keys sorted by importance (high first, then medium, low, none), then by key. */
function byImportance(keys: string[], current: RunSnapshot, previous: RunSnapshot): string[] {
  const rank = (key: string) => {
    return importanceRank(own(current.checks, key)?.importance ?? own(previous.checks, key)?.importance);
  };
  return keys.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

export function diffRuns(previous: RunSnapshot, current: RunSnapshot): RunDiff {
  const newlyFailing: string[] = [];
  const fixed: string[] = [];
  const stillFailing: string[] = [];
  for (const key of Object.keys(current.checks)) {
    const now = current.checks[key];
    const before = own(previous.checks, key);
    if (!now.passed) (before?.passed === false ? stillFailing : newlyFailing).push(key);
    else if (before?.passed === false) fixed.push(key);
  }
  const diff: RunDiff = {
    bandBefore: previous.band,
    bandAfter: current.band,
    newlyFailing: byImportance(newlyFailing, current, previous),
    fixed: byImportance(fixed, current, previous),
    stillFailing: byImportance(stillFailing, current, previous),
  };
  if (previous.score !== undefined) diff.scoreBefore = previous.score;
  if (current.score !== undefined) diff.scoreAfter = current.score;
  if (previous.score !== undefined && current.score !== undefined) diff.delta = current.score - previous.score;
  return diff;
}

/** Checks whose state differs between the runs (passed, failed, or not checked), sorted as diffRuns sorts. */
export function changedChecks(previous: RunSnapshot, current: RunSnapshot): string[] {
  const keys = new Set([...Object.keys(previous.checks), ...Object.keys(current.checks)]);
  const changed = [...keys].filter((key) => own(previous.checks, key)?.passed !== own(current.checks, key)?.passed);
  return byImportance(changed, current, previous);
}
