// Report every URL of a document: de-duplicate (by the lookup's comparison key), find which
// already have a report, then create the rest with at most 3 creates in flight, each inside the
// request budget as interactive work. A 429 pauses the budget for Retry-After and the URL goes
// back to the queue (a 429 means nothing was created). Creates go through ReportActions, which
// never creates twice: a create whose answer was lost (or that was cancelled) is looked for on
// the service before it is ever sent again, so "Retry Failed" is safe.
import * as l10n from '@vscode/l10n';
import { ApiError } from '../client/errors';
import { Privacy, Report } from '../client/types';
import { urlKey } from '../urls/urlKey';
import { CreateInput, CreateOutcome } from './outcomes';
import { RequestBudget } from '../client/requestBudget';
import { UrlLookup } from './urlLookup';

export const REPORT_ALL_CONCURRENCY = 3;
const MAX_RATE_LIMITED = 5;

export interface ReportAllPlan {
  /** URLs to create, one spelling per page, document order. */
  toCreate: string[];
  /** URLs that already have a report (skipped unless `skipReported` is false). */
  reported: { url: string; report: Report }[];
}

export interface ReportAllSummary {
  created: { url: string; report: Report; recovered: boolean }[];
  skipped: { url: string; reason: string }[];
  failed: { url: string; reason: string; error?: ApiError }[];
  cancelled: boolean;
}

export interface Creator {
  create(input: CreateInput, options: { signal?: AbortSignal }): Promise<CreateOutcome>;
}

/** One URL per page (first spelling), and which of them already have a report. */
export async function planReportAll(urls: readonly string[], lookup: UrlLookup, skipReported = true): Promise<ReportAllPlan> {
  const byKey = new Map<string, string>();
  for (const url of urls) {
    const key = urlKey(url);
    if (key !== undefined && !byKey.has(key)) byKey.set(key, url);
  }
  const distinct = [...byKey.values()];
  const existing = await lookup.lookupAll(distinct, 'interactive');
  const reported = distinct.flatMap((url) => {
    const report = existing.get(url);
    return report ? [{ url, report }] : [];
  });
  const toCreate = skipReported ? distinct.filter((url) => !existing.get(url)) : distinct;
  return { toCreate, reported: skipReported ? reported : [] };
}

export interface RunOptions {
  privacy: Privacy;
  password?: string;
  signal?: AbortSignal;
  concurrency?: number;
  onProgress?: (done: number, total: number, url: string) => void;
}

/** Creates every URL of `urls`; never throws for a failure of the service, says it in the summary. */
export async function runReportAll(
  urls: readonly string[],
  creator: Creator,
  budget: RequestBudget,
  options: RunOptions,
): Promise<ReportAllSummary> {
  const summary: ReportAllSummary = { created: [], skipped: [], failed: [], cancelled: false };
  const queue = [...urls];
  let done = 0;
  const createOne = async (url: string): Promise<void> => {
    for (let attempt = 1; ; attempt++) {
      try {
        await budget.acquire('interactive', options.signal);
      } catch {
        summary.skipped.push({ url, reason: l10n.t('cancelled before it was sent') });
        return;
      }
      const outcome = await creator.create({ url, privacy: options.privacy, password: options.password }, { signal: options.signal });
      if (outcome.kind === 'created' || outcome.kind === 'recovered') {
        summary.created.push({ url, report: outcome.report, recovered: outcome.kind === 'recovered' });
        return;
      }
      if (outcome.kind === 'cancelled') {
        summary.skipped.push({ url, reason: l10n.t('cancelled while the service was analysing it (checked before any retry)') });
        return;
      }
      if (outcome.error.kind === 'rate-limited' && attempt < MAX_RATE_LIMITED && !options.signal?.aborted) {
        budget.pause(outcome.error.retryAfterMs ?? 30_000);
        continue;
      }
      summary.failed.push({ url, reason: outcome.error.message, error: outcome.error });
      return;
    }
  };
  const worker = async (): Promise<void> => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      if (options.signal?.aborted) {
        summary.skipped.push({ url, reason: l10n.t('cancelled before it was sent') });
        continue;
      }
      await createOne(url);
      options.onProgress?.(++done, urls.length, url);
    }
  };
  const pool = Math.max(1, Math.min(options.concurrency ?? REPORT_ALL_CONCURRENCY, REPORT_ALL_CONCURRENCY, urls.length));
  await Promise.all(Array.from({ length: pool }, worker));
  summary.cancelled = Boolean(options.signal?.aborted);
  // Document order, whatever order the creates finished in.
  const order = new Map(urls.map((u, i) => [u, i]));
  const byOrder = (a: { url: string }, b: { url: string }) => (order.get(a.url) ?? 0) - (order.get(b.url) ?? 0);
  summary.created.sort(byOrder);
  summary.skipped.sort(byOrder);
  summary.failed.sort(byOrder);
  return summary;
}

interface ArrayCounts {
  created: readonly unknown[];
  skipped: readonly unknown[];
  failed: readonly unknown[];
}

/** "8 created, 4 skipped, 1 failed". */
export function describeSummary(summary: ArrayCounts): string {
  return l10n.t('{0} created, {1} skipped, {2} failed', summary.created.length, summary.skipped.length, summary.failed.length);
}
