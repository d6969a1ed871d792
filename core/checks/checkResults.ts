// The one reader of a report's checks. `results` comes as an array of checks with a `key` (the
// spec's plain reading, the local service) or as an object keyed by check (the real service,
// phpRank); anything else holds no checks. Whether a check passed is decided here only, so the
// panel, the history, page-source Problems, the command line's rules and its baseline agree; so
// is how important a check is, and the order of importance every list of checks is sorted by.
// Read without running any of the record's code (safeText.ts) and within the caller's bound.
import { ownField, textOf } from '../text/safeText';

/** Checks read of one report by default; a record with more is read up to here. */
export const MAX_CHECKS_PER_REPORT = 500;

export type CheckState = 'passed' | 'failed';

/** A check's `passed` as sent → passed, failed, or not rated (undefined). */
export function checkStateOf(passed: unknown): CheckState | undefined {
  if (passed === true || passed === 1 || passed === '1' || passed === 'true') return 'passed';
  if (passed === false || passed === 0 || passed === '0' || passed === 'false') return 'failed';
  return undefined;
}

export type Importance = 'high' | 'medium' | 'low';
/** Most important first: lists of checks are sorted by it (unknown importance after low). */
export const IMPORTANCE_ORDER: readonly Importance[] = ['high', 'medium', 'low'];

/** A check's `importance` as sent → high, medium or low, whatever its case and spaces; else undefined. */
export function importanceOf(value: unknown): Importance | undefined {
  if (value === 'high' || value === 'medium' || value === 'low') return value; // as nearly every service sends it
  if (typeof value !== 'string') return undefined;
  const word = value.trim().toLowerCase();
  return word === 'high' || word === 'medium' || word === 'low' ? word : undefined;
}

/** The importance of one check item (an object with `importance`), read as `importanceOf` reads it. */
export function importanceOfCheck(item: unknown): Importance | undefined {
  return importanceOf(ownField(item, 'importance'));
}

/** A sort key: high 0, medium 1, low 2, anything else (or nothing) after them. */
export function importanceRank(value: unknown): number {
  const importance = importanceOf(value);
  return importance === 'high' ? 0 : importance === 'medium' ? 1 : importance === 'low' ? 2 : IMPORTANCE_ORDER.length;
}

/** The state of one check item (an object with `passed`), or undefined when it is not rated. */
export function stateOfCheck(item: unknown): CheckState | undefined {
  return checkStateOf(ownField(item, 'passed'));
}

/**
 * Calls `visit(key, item)` for the entries of `results`, in the order sent, looking at `maxExamined`
 * entries at most; stops early when `visit` returns false. An array entry's key is its `key` field.
 */
export function forEachCheck(results: unknown, maxExamined: number, visit: (key: string, item: unknown) => boolean | void): void {
  if (typeof results !== 'object' || results === null) return;
  try {
    if (Array.isArray(results)) {
      const length = Math.min(Number(ownField(results, 'length')) || 0, maxExamined);
      for (let i = 0; i < length; i++) {
        const item = ownField(results, String(i));
        if (visit(textOf(ownField(item, 'key')), item) === false) return;
      }
    } else {
      let examined = 0;
      // for…in stops early: Object.keys would list every key of a huge object first.
      for (const name in results) {
        if (examined++ >= maxExamined) return;
        if (visit(name, ownField(results, name)) === false) return;
      }
    }
  } catch {
    // A proxy whose traps throw: the checks visited so far count.
  }
}

/** The rated checks of a report as key → passed/failed (the first of a repeated key counts). */
export function checkStates(results: unknown, max = MAX_CHECKS_PER_REPORT): Map<string, CheckState> {
  const states = new Map<string, CheckState>();
  forEachCheck(results, max, (key, item) => {
    const state = stateOfCheck(item);
    if (key !== '' && state && !states.has(key)) states.set(key, state);
  });
  return states;
}

/** The number of failed checks, or undefined when `results` holds no rated check. */
export function failedChecks(results: unknown): number | undefined {
  let rated = 0;
  let failed = 0;
  forEachCheck(results, MAX_CHECKS_PER_REPORT, (_key, item) => {
    const state = stateOfCheck(item);
    if (state) rated++;
    if (state === 'failed') failed++;
  });
  return rated ? failed : undefined;
}
