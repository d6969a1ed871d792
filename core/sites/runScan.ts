// Runs a scan job: at most SCAN_CONCURRENCY creates in flight, each paced by the client's rate
// gate (it reads the service's X-RateLimit-* headers and spreads the rest of a window, so the
// steady state sees no 429) and, when given, the request budget the editor shares with its other
// traffic. Every create is written to the state file as sent BEFORE it is sent; a create that was
// sent and never answered (a crash, a lost answer, a cancel) is looked for on the service — a
// report for that URL made after the attempt began — before the URL is ever sent again, so no
// URL gets two reports. A 429 means nothing was stored: the URL goes back to the queue.
import * as l10n from '@vscode/l10n';
import type { ReportsClient } from '../client/client';
import { ApiError, toApiError } from '../client/errors';
import { LostCreates } from '../reports/lostCreates';
import { AMBIGUOUS } from '../reports/reportActions';
import { RequestBudget } from '../client/requestBudget';
import { Report } from '../client/types';
import { JobItem } from './jobJournal';
import { MAX_RATE_LIMITED, SCAN_CONCURRENCY } from './scanLimits';
import { ScanJob } from './scanJob';

export type ScanClient = Pick<ReportsClient, 'createReport' | 'listReports'>;

export interface ScanDeps {
  client: ScanClient;
  /** The editor's shared request budget; the command line may leave it out (the client's gate paces). */
  budget?: RequestBudget;
  /** For privacy 2; never written to the state file. */
  password?: string;
  /** Stops the run like a pause (creates in flight are stopped and looked for). */
  signal?: AbortSignal;
  concurrency?: number;
  /** A report was created or found (the editor's caches listen). */
  onReport?: (url: string, report: Report) => void;
}

export interface ScanResult {
  found: number;
  created: number;
  skipped: number;
  failed: number;
  /** Created by a send whose answer was lost, found on the service instead of sent again. */
  recovered: number;
  /** The job's status at the end: 'done', 'paused', 'cancelled', or 'running' when stopped by a problem. */
  status: ScanJob['status'];
  /** Why the run stopped early (signed out, the state file could not be written), for people. */
  stopped?: string;
  failures: { url: string; reason: string }[];
}

/** Errors after which no other URL can succeed either: the run stops and the job keeps its queue. */
const STOPPING: readonly string[] = ['auth', 'not-configured', 'forbidden'];
const DEFAULT_RETRY_AFTER_MS = 30_000;

class StopRun {
  constructor(readonly reason: string) {}
}

export async function runScan(job: ScanJob, deps: ScanDeps): Promise<ScanResult> {
  if (job.status === 'paused') await job.resume();
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  deps.signal?.addEventListener('abort', onAbort, { once: true });
  if (deps.signal?.aborted) controller.abort();
  // Pause and cancel stop the run: pause lets creates in flight finish, cancel stops them.
  const watch = job.onProgress((p) => {
    if (p.status === 'cancelled') controller.abort();
  });
  const lost = new LostCreates();
  const queue = job.items.map((item, index) => ({ item, index })).filter(({ item }) => item.state === 'todo');
  let stopped: string | undefined;
  const shouldStop = () => stopped !== undefined || controller.signal.aborted || job.status !== 'running';

  const settle = async (index: number, report: Report, recovered: boolean): Promise<void> => {
    await job.record({ e: 'done', i: index, id: String(report.id), recovered });
    deps.onReport?.(job.items[index].url, report);
  };

  /** A send of this URL may have been stored: the report it made, looked for on the service. */
  const findLost = async (item: JobItem): Promise<Report | undefined> => {
    if (item.lostAt === undefined) return undefined;
    lost.remember(item.url, { startedAt: item.lostAt, knownIds: new Set() });
    try {
      await deps.budget?.acquire('interactive');
      return await lost.find(deps.client, item.url);
    } finally {
      lost.settle(item.url);
    }
  };

  const createOne = async (index: number): Promise<void> => {
    const item = job.items[index];
    for (let attempt = 1; ; attempt++) {
      let earlier: Report | undefined;
      try {
        earlier = await findLost(item);
      } catch (caught) {
        // Not known whether it was stored: not sent again until a later run can look.
        const error = toApiError(caught);
        if (STOPPING.includes(error.kind)) throw new StopRun(error.message);
        if (error.kind === 'cancelled') return;
        return job.record({ e: 'failed', i: index, why: error.message });
      }
      if (earlier) return settle(index, earlier, true);
      if (shouldStop()) return;
      if (deps.budget) {
        try {
          await deps.budget.acquire('interactive', controller.signal);
        } catch {
          return; // stopped while waiting: nothing was sent
        }
      }
      // Written before it is sent: a crash from here on leaves a 'send' the next start looks up.
      await job.record({ e: 'send', i: index, t: Date.now() });
      job.report(item.url);
      let error: ApiError;
      try {
        const report = await deps.client.createReport(
          { url: item.url, privacy: job.header.privacy, password: deps.password },
          { signal: controller.signal },
        );
        return settle(index, report, false);
      } catch (caught) {
        error = toApiError(caught);
      }
      if (AMBIGUOUS.includes(error.kind)) {
        await job.record({ e: 'lost', i: index });
        // The report may be there already (a timeout after the service stored it).
        const stored = await findLost(item).catch(() => undefined);
        if (stored) return settle(index, stored, true);
        if (error.kind === 'cancelled') return; // stays queued; looked for again before any resend
        return job.record({ e: 'failed', i: index, why: error.message });
      }
      await job.record({ e: 'unsent', i: index });
      if (error.kind === 'rate-limited' && attempt < MAX_RATE_LIMITED) {
        deps.budget?.pause(error.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS);
        if (!deps.budget) await delay(error.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS, controller.signal);
        continue;
      }
      if (STOPPING.includes(error.kind)) throw new StopRun(error.message);
      return job.record({ e: 'failed', i: index, why: error.message });
    }
  };

  const worker = async (): Promise<void> => {
    for (let next = queue.shift(); next && !shouldStop(); next = queue.shift()) {
      try {
        await createOne(next.index);
      } catch (error) {
        stopped ??=
          error instanceof StopRun ? error.reason : l10n.t('The scan stopped: {0}', error instanceof Error ? error.message : String(error));
        controller.abort();
      }
      job.report(next.item.url);
    }
  };

  try {
    const pool = Math.max(1, Math.min(deps.concurrency ?? SCAN_CONCURRENCY, SCAN_CONCURRENCY));
    await Promise.all(Array.from({ length: pool }, worker));
  } finally {
    watch.dispose();
    deps.signal?.removeEventListener('abort', onAbort);
  }
  const counts = job.counts();
  if (job.status === 'running' && counts.todo === 0 && !stopped) {
    await job.record({ e: 'status', s: 'done' }).catch(() => undefined);
  }
  job.report();
  return resultOf(job, stopped);
}

/** The job's totals: created, skipped (before the job and cancelled), failed. */
export function resultOf(job: ScanJob, stopped?: string): ScanResult {
  const counts = job.counts();
  const cancelled = job.status === 'cancelled' ? counts.todo : 0;
  return {
    found: job.header.found,
    created: counts.done,
    skipped: job.header.skippedBefore + cancelled,
    failed: counts.failed,
    recovered: job.items.filter((item) => item.recovered).length,
    status: job.status,
    stopped,
    failures: job.items.filter((item) => item.state === 'failed').map((item) => ({ url: item.url, reason: item.reason ?? '' })),
  };
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
