// One run of a report, reduced to what its history needs: when it ran, its score and band, and
// each check's passed/failed and importance. No key, no page content, no check values. Read from
// a record in either shape (the real service: `result` a score, `results` an object of checks;
// the plain reading: `result` a word and `score`, `results` an array of `{key, passed, …}`),
// without running any of the record's code (see safeText.ts) and within fixed bounds.

import { ratingOf, type RatingBand } from '../checks/rating';
import { ownField, textOf } from '../text/safeText';
import { forEachCheck, importanceOfCheck, stateOfCheck, type Importance } from '../checks/checkResults';

/** Checks kept per run at most; the rest of a record's checks are not looked at. */
export const MAX_CHECKS_PER_RUN = 200;
/** Entries of `results` looked at, at most (unrated entries are skipped, so a few more than kept). */
export const MAX_ENTRIES_EXAMINED = 4 * MAX_CHECKS_PER_RUN;
/** Characters of a check's name kept. */
export const MAX_CHECK_NAME = 100;
/** Characters of a run's time and report id kept. */
export const MAX_STAMP = 64;

export interface CheckState {
  passed: boolean;
  importance?: Importance;
}

export interface RunSnapshot {
  /** `generated_at` as the service sent it ('' when it sent none). */
  generatedAt: string;
  score?: number;
  band: RatingBand;
  /** The report's id when the run was seen (a URL's line outlives its report). */
  reportId?: string;
  /** Rated checks only: a check neither passed nor failed is neither fixed nor failing. */
  checks: Record<string, CheckState>;
}

function addCheck(checks: Record<string, CheckState>, count: { n: number }, name: string, item: unknown): void {
  const key = name.slice(0, MAX_CHECK_NAME);
  if (key === '' || Object.prototype.hasOwnProperty.call(checks, key)) return;
  const state = stateOfCheck(item);
  if (state === undefined) return;
  const passed = state === 'passed';
  const importance = importanceOfCheck(item);
  // defineProperty: a check named "__proto__" is a check, not the object's prototype.
  Object.defineProperty(checks, key, {
    value: importance ? { passed, importance } : { passed },
    enumerable: true,
    writable: true,
    configurable: true,
  });
  count.n++;
}

function checksOf(results: unknown): Record<string, CheckState> {
  const checks: Record<string, CheckState> = {};
  const count = { n: 0 };
  forEachCheck(results, MAX_ENTRIES_EXAMINED, (name, item) => {
    addCheck(checks, count, name, item);
    return count.n < MAX_CHECKS_PER_RUN;
  });
  return checks;
}

/** The run a record shows; never throws, whatever the record holds. */
export function snapshotOf(record: unknown): RunSnapshot {
  const result = ownField(record, 'result');
  const score = ownField(record, 'score');
  const rating = ratingOf({ result, score });
  const snapshot: RunSnapshot = {
    generatedAt: textOf(ownField(record, 'generated_at')).slice(0, MAX_STAMP),
    band: rating.band,
    checks: checksOf(ownField(record, 'results')),
  };
  if (rating.score !== undefined) snapshot.score = rating.score + 0; // -0 reads back as 0
  const id = textOf(ownField(record, 'id')).slice(0, MAX_STAMP);
  if (id !== '') snapshot.reportId = id;
  return snapshot;
}
