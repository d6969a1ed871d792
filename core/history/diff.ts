// What changed between two runs of a report: its score and band, and which checks began to fail,
// were fixed, or still fail (core/checks/checkChanges.ts: the baseline and the pull-request
// comment ask the same function). Pure.

import type { RatingBand } from '../checks/rating';
import { checkChanges, sortChecks, type Verdicts } from '../checks/checkChanges';
import type { Importance } from '../checks/checkResults';
import type { CheckState, RunSnapshot } from './snapshot';

export interface RunDiff {
  scoreBefore?: number;
  scoreAfter?: number;
  /** scoreAfter − scoreBefore, when both are known. */
  delta?: number;
  bandBefore: RatingBand;
  bandAfter: RatingBand;
  /** Passed before, failing now. */
  newlyFailing: string[];
  /** Failing before, passed now. */
  fixed: string[];
  stillFailing: string[];
  /** Failing now, not checked in the run before (not in it, or not judged). */
  failingUnjudgedBefore: string[];
}

function own(checks: Record<string, CheckState>, key: string): CheckState | undefined {
  return Object.prototype.hasOwnProperty.call(checks, key) ? checks[key] : undefined;
}

/** A run's checks as verdicts (core/checks/checkChanges.ts). */
function verdictsOf(run: RunSnapshot): Verdicts {
  const out: Record<string, 'passed' | 'failed'> = {};
  for (const key of Object.keys(run.checks)) {
    // defineProperty: a check named "__proto__" is a check, not the object's prototype.
    Object.defineProperty(out, key, {
      value: run.checks[key].passed ? 'passed' : 'failed',
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** A check's importance as the later run says it, else the earlier. */
function importanceIn(current: RunSnapshot, previous: RunSnapshot): (key: string) => Importance | undefined {
  return (key) => own(current.checks, key)?.importance ?? own(previous.checks, key)?.importance;
}

export function diffRuns(previous: RunSnapshot, current: RunSnapshot): RunDiff {
  const diff: RunDiff = {
    bandBefore: previous.band,
    bandAfter: current.band,
    ...checkChanges(verdictsOf(previous), verdictsOf(current), importanceIn(current, previous)),
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
  return sortChecks(changed, importanceIn(current, previous));
}
