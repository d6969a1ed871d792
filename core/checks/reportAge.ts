// The one "outdated" rule: a report is outdated when its run (`generated_at`, else `created_at`)
// is older than `maxAgeDays` — the config's, else DEFAULT_MAX_AGE_DAYS; 0 turns the rule off. The
// command line's `stale` finding and the editor's Outdated group both ask here, so they agree.
import { ownField, textOf } from '../text/safeText';

/** Days after which a report is outdated when website-reports.json does not say. */
export const DEFAULT_MAX_AGE_DAYS = 30;

const DAY_MS = 86_400_000;

/** When the report's analysis ran, as the service sent it ('' when it did not say). */
export function reportTime(report: unknown): string {
  return textOf(ownField(report, 'generated_at')) || textOf(ownField(report, 'created_at'));
}

/** Days since the report's analysis ran, or undefined when it does not say. */
export function ageDays(report: unknown, now: number): number | undefined {
  const at = Date.parse(reportTime(report));
  return Number.isNaN(at) ? undefined : (now - at) / DAY_MS;
}

/** The age limit in force: the config's `maxAgeDays`, else the default. */
export function maxAgeOf(configured: number | undefined): number {
  return configured ?? DEFAULT_MAX_AGE_DAYS;
}

/** Whether the report is outdated under `maxAgeDays` (0 or not finite: never). */
export function isOutdated(report: unknown, maxAgeDays: number, now: number): boolean {
  if (!Number.isFinite(maxAgeDays) || maxAgeDays <= 0) return false;
  const age = ageDays(report, now);
  return age !== undefined && age > maxAgeDays;
}
