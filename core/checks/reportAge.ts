// The one "outdated" rule: a report is outdated when its run (`generated_at`, else `created_at`)
// is older than `maxAgeDays` — the config's, else DEFAULT_MAX_AGE_DAYS; 0 turns the rule off. The
// command line's `stale` finding and the editor's Outdated group both ask here, so they agree.
import { parseTime } from '../text/serviceTime';
import { ownField, textOf } from '../text/safeText';

/** Days after which a report is outdated when website-reports.json does not say. */
export const DEFAULT_MAX_AGE_DAYS = 30;

const DAY_MS = 86_400_000;

/** The field that says when the report's analysis ran: `generated_at` when it is there, else `created_at`. */
function runTimeField(report: unknown): unknown {
  const generated = ownField(report, 'generated_at');
  return textOf(generated) ? generated : ownField(report, 'created_at');
}

/** When the report's analysis ran, as the service sent it ('' when it did not say). */
export function reportTime(report: unknown): string {
  return textOf(runTimeField(report));
}

/** Days since the report's analysis ran, or undefined when it does not say (parseTime reads it). */
export function ageDays(report: unknown, now: number): number | undefined {
  const at = parseTime(runTimeField(report));
  return at === undefined ? undefined : (now - at.getTime()) / DAY_MS;
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
