// The checks of an analysis, named, rated and reported as the real service (phpRank) does: each
// `{passed, importance, value, errors?}`, the score `points / total points * 100` with 10 points
// for a high, 5 for a medium and 0 for a low importance check (phpRank's default settings).
import { bandOfScore } from '../core/checks/rating';
import type { CheckDef } from './checkTypes';
import { PAGE_CHECKS } from './checksPage';
import { TECHNICAL_CHECKS } from './checksTechnical';
import type { PageFacts } from './facts';
import { boundResults } from './resultsBudget';
import type { Checks, Importance, PlainCheck, Rating } from './types';

export { LIMITS } from './checkTypes';

export const POINTS: Record<Importance, number> = { high: 10, medium: 5, low: 0 };
/** A page that does not answer 2xx is never better than bad. */
export const ERROR_PAGE_CAP = 48;

const CHECKS: readonly CheckDef[] = [...PAGE_CHECKS, ...TECHNICAL_CHECKS];

/** The names of every check, in the order they are reported. */
export const CHECK_KEYS: readonly string[] = CHECKS.map((c) => c.key);
const BY_KEY = new Map(CHECKS.map((c) => [c.key, c]));

export interface Analysis {
  /** the score in percent, exactly (may be fractional) */
  score: number;
  result: Rating;
  results: Checks;
}

/** Runs every check on the facts and scores them; the results keep bounded lists (resultsBudget.ts). */
export function evaluate(facts: PageFacts): Analysis {
  const results: Checks = {};
  let total = 0;
  let points = 0;
  for (const def of CHECKS) {
    const { value, errors } = def.run(facts);
    const passed = !errors || Object.keys(errors).length === 0;
    results[def.key] = passed ? { passed, importance: def.importance, value } : { passed, importance: def.importance, value, errors };
    total += POINTS[def.importance];
    if (passed) points += POINTS[def.importance];
  }
  let score = total > 0 ? (points / total) * 100 : 0;
  if (!results.http_status.passed) score = Math.min(score, ERROR_PAGE_CAP);
  return { score, result: bandOfScore(score), results: boundResults(results) };
}

/** A check in the plain shape's array form; names and advice from the table, else from the key. */
export function plainCheck(key: string, check: { passed: boolean; value: unknown; value_count?: number }): PlainCheck {
  const def = BY_KEY.get(key);
  return {
    key,
    name: def?.name ?? key.replace(/_/g, ' '),
    category: def?.category ?? 'seo',
    passed: check.passed,
    value: check.value ?? null,
    ...(check.value_count === undefined ? {} : { value_count: check.value_count }),
    advice: def ? (check.passed ? def.ok : def.fix) : '',
  };
}
