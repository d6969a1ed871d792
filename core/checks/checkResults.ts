// How many checks of a report failed. `results` comes as an array of checks (`{passed, ...}`, the
// spec's plain reading and the local service) or as an object keyed by check (the real service);
// anything else counts as unknown.

/** The number of checks with `passed: false`, or undefined when `results` holds no checks. */
export function failedChecks(results: unknown): number | undefined {
  const checks = Array.isArray(results) ? results : results && typeof results === 'object' ? Object.values(results) : undefined;
  if (!checks) return undefined;
  const known = checks.filter((c): c is { passed: unknown } => !!c && typeof c === 'object' && 'passed' in c);
  if (!known.length) return undefined;
  return known.filter((c) => c.passed === false || c.passed === 0 || c.passed === 'false').length;
}
