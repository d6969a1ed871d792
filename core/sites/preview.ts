// The preview before anything is created: how many URLs were found, which are new (no report
// yet), how many are skipped (already reported, or left out by the selection), and how long
// creating the new ones takes at the service's rate limit, or the client's own ceiling where it
// holds the creates and is lower (requests ÷ limit per minute). "Already
// reported" comes from the batched lookups (UrlLookup), inside the request budget.
import { Report } from '../client/types';
import { planReportAll } from '../reports/reportAll';
import { UrlLookup } from '../reports/urlLookup';
import { Selection } from './select';

/** The real service allows about 60 requests a minute per key. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 60;

export interface PreviewOptions {
  lookup: UrlLookup;
  /** Rate URLs that already have a report again (default false: skip them). */
  includeReported?: boolean;
  /** The service's limit, when known (X-RateLimit-Limit); default DEFAULT_RATE_LIMIT_PER_MINUTE. */
  rateLimitPerMinute?: number;
  /**
   * The client's own ceiling on the creates, where it holds them (the command line:
   * CLIENT_REQUESTS_PER_MINUTE; the editor exempts what the user runs, so it leaves it out).
   */
  ownLimitPerMinute?: number;
}

export interface ScanPreview {
  /** URLs the discovery found. */
  found: number;
  /** URLs to create, one spelling per page, in sitemap order. */
  toCreate: string[];
  /** Selected URLs that already have a report (skipped). */
  reported: { url: string; report: Report }[];
  /** Left out: already reported, or by the selection (patterns, sample, max). */
  skipped: number;
  /** Time the creates take at the rate limit, in milliseconds. */
  estimateMs: number;
}

/** Throws only what the lookups throw (an ApiError: signed out, service unreachable). */
export async function previewScan(found: number, selection: Selection, options: PreviewOptions): Promise<ScanPreview> {
  const plan = await planReportAll(selection.selected, options.lookup, !options.includeReported);
  const dropped = found - selection.selected.length;
  const duplicates = selection.selected.length - plan.toCreate.length - plan.reported.length;
  return {
    found,
    toCreate: plan.toCreate,
    reported: plan.reported,
    skipped: Math.max(0, dropped) + plan.reported.length + Math.max(0, duplicates),
    estimateMs: estimateMs(plan.toCreate.length, options.rateLimitPerMinute, options.ownLimitPerMinute),
  };
}

/** Requests ÷ limit per minute, in milliseconds: the lower of the service's limit and the client's ceiling. */
export function estimateMs(requests: number, rateLimitPerMinute = DEFAULT_RATE_LIMIT_PER_MINUTE, ownLimitPerMinute?: number): number {
  const announced = rateLimitPerMinute > 0 ? rateLimitPerMinute : DEFAULT_RATE_LIMIT_PER_MINUTE;
  const limit = ownLimitPerMinute !== undefined && ownLimitPerMinute > 0 ? Math.min(announced, ownLimitPerMinute) : announced;
  return Math.ceil((requests * 60_000) / limit);
}
