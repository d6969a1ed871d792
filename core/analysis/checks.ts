// The checks of an analysis, named, rated and reported as the real service (phpRank) does: each
// `{passed, importance, value, errors?}`, the score `points / total points * 100` with 10 points
// for a high, 5 for a medium and 0 for a low importance check (phpRank's default settings). The
// service's analysis (evaluate) and the local one (localAnalysis.ts) both run `runChecks` and
// score with `scoreOf`, so they cannot drift.
import { bandOfScore, type Band } from '../checks/rating';
import type { Checks, Importance, PlainCheck } from './checkShapes';
import type { CheckDef, JudgedFrom } from './checkTypes';
import { PAGE_CHECKS } from './checksPage';
import { TECHNICAL_CHECKS } from './checksTechnical';
import type { PageFacts } from './facts';
import { boundResults } from './resultsBudget';

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
  result: Band;
  results: Checks;
}

/** What check `key` needs to be judged (undefined for a key the analysis does not know). */
export function judgedFrom(key: string): JudgedFrom | undefined {
  return BY_KEY.get(key)?.judgedFrom;
}

/** The checks a local analysis judges: from the HTML, and those that need the URL when it is known. */
export function locallyJudgedKeys(withUrl: boolean): string[] {
  return CHECKS.filter((c) => c.judgedFrom === 'html' || (withUrl && c.judgedFrom === 'url')).map((c) => c.key);
}

/** Runs every check on the facts; the results are whole (not yet bounded). */
export function runChecks(facts: PageFacts): Checks {
  const results: Checks = {};
  for (const def of CHECKS) {
    const { value, errors } = def.run(facts);
    const passed = !errors || Object.keys(errors).length === 0;
    results[def.key] = passed ? { passed, importance: def.importance, value } : { passed, importance: def.importance, value, errors };
  }
  return results;
}

/**
 * The score in percent over the checks named by `keys` (default: all present): points of the
 * passed ones / points of all of them * 100; 0 when they carry no points. A key absent from
 * `results` is left out of both.
 */
export function scoreOf(results: Checks, keys: readonly string[] = Object.keys(results)): number {
  let total = 0;
  let points = 0;
  for (const key of keys) {
    const check = results[key];
    if (!check) continue;
    total += POINTS[check.importance] ?? 0;
    if (check.passed) points += POINTS[check.importance] ?? 0;
  }
  return total > 0 ? (points / total) * 100 : 0;
}

/** Runs every check on the facts and scores them; the results keep bounded lists (resultsBudget.ts). */
export function evaluate(facts: PageFacts): Analysis {
  const results = runChecks(facts);
  let score = scoreOf(results, CHECK_KEYS);
  if (!results.http_status.passed) score = Math.min(score, ERROR_PAGE_CAP);
  return { score, result: bandOfScore(score), results: boundResults(results) };
}

/** A check's definition: its name, category and words for people. */
export function checkDef(key: string): Omit<CheckDef, 'run'> | undefined {
  return BY_KEY.get(key);
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
