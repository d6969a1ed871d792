// Report every URL of a document: de-duplicate (by the lookup's comparison key), find which
// already have a report, then create the rest through the write queue (writeQueue.ts: at most 3
// in flight, a 429 waited out by the client's queue, a lost create looked for — never made twice —
// so "Retry Failed" is safe; a refused key stops the run, endsWriteRun). This file only plans and sums up.
import * as l10n from '@vscode/l10n';
import { ApiError } from '../client/errors';
import { Privacy, Report } from '../client/types';
import { urlKey } from '../urls/urlKey';
import { UrlLookup } from './urlLookup';
import type { ReportActions } from './reportActions';
import { runWrites } from './writeQueue';

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

export type Creator = Pick<ReportActions, 'create' | 'rerun'>;

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
export async function runReportAll(urls: readonly string[], creator: Creator, options: RunOptions): Promise<ReportAllSummary> {
  const summary: ReportAllSummary = { created: [], skipped: [], failed: [], cancelled: false };
  let done = 0;
  const run = await runWrites(
    urls.map((url) => ({ kind: 'create' as const, url, privacy: options.privacy, password: options.password })),
    creator,
    {
      signal: options.signal,
      concurrency: options.concurrency,
      onResult: (index) => void options.onProgress?.(++done, urls.length, urls[index]),
    },
  );
  run.results.forEach((outcome, index) => {
    const url = urls[index];
    if (outcome === undefined && run.stopped !== undefined) {
      // Stopped by a failure no other create could pass (a refused key): failed, so "Retry Failed" takes it too.
      summary.failed.push({ url, reason: l10n.t('not sent, the run stopped: {0}', run.stopped) });
    } else if (outcome === undefined) summary.skipped.push({ url, reason: l10n.t('cancelled before it was sent') });
    else if (outcome.kind === 'created' || outcome.kind === 'recovered') {
      summary.created.push({ url, report: outcome.report, recovered: outcome.kind === 'recovered' });
    } else if (outcome.kind === 'cancelled') {
      summary.skipped.push({ url, reason: l10n.t('cancelled while the service was analysing it (checked before any retry)') });
    } else if (outcome.kind === 'failed') summary.failed.push({ url, reason: outcome.error.message, error: outcome.error });
  });
  summary.cancelled = Boolean(options.signal?.aborted);
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
