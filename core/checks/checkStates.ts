// The checks of a report as key → passed/failed. `results` comes as an array of checks with a
// `key` (the spec's plain reading, the local service) or as an object keyed by check (the real
// service); anything else holds no checks.

/** Checks read of one report; a record with more is read up to here. */
export const MAX_CHECKS_PER_REPORT = 500;

export type CheckState = 'passed' | 'failed';

function stateOf(check: unknown): CheckState | undefined {
  if (!check || typeof check !== 'object' || !('passed' in check)) return undefined;
  const passed = (check as { passed: unknown }).passed;
  if (passed === true || passed === 1 || passed === 'true') return 'passed';
  if (passed === false || passed === 0 || passed === 'false') return 'failed';
  return undefined;
}

export function checkStates(results: unknown): Map<string, CheckState> {
  const states = new Map<string, CheckState>();
  const entries: [unknown, unknown][] = Array.isArray(results)
    ? results.map((c: unknown) => [c && typeof c === 'object' ? (c as { key?: unknown }).key : undefined, c])
    : results && typeof results === 'object'
      ? Object.entries(results)
      : [];
  for (const [key, check] of entries.slice(0, MAX_CHECKS_PER_REPORT)) {
    const state = stateOf(check);
    if (typeof key === 'string' && key && state) states.set(key, state);
  }
  return states;
}
