// Runs a scan job through the write queue (core/reports/writeQueue.ts): at most 3 creates in
// flight, paced by the client's one request queue (it reads the service's X-RateLimit-* headers
// and spreads the rest of a window, and waits out a 429: nothing was stored, the create goes back
// to the queue). The job's state file is the queue's journal: every create is written as sent
// BEFORE it is sent, and as lost when its answer is; a create sent and never answered (a crash, a
// lost answer, a cancel) is looked for on the service — every one of them before anything is sent
// on a resume, then again, while the service may still be analysing it, before the URL is ever
// sent again — so no URL gets two reports.
import * as l10n from '@vscode/l10n';
import type { ReportsClient } from '../client/client';
import { ReportActions } from '../reports/reportActions';
import { endsWriteRun, runWrites, WriteItem, WriteResult } from '../reports/writeQueue';
import { Report } from '../client/types';
import { ScanJob } from './scanJob';

export type ScanClient = Pick<ReportsClient, 'createReport' | 'listReports' | 'analysisTimeoutMs'>;

export interface ScanDeps {
  client: ScanClient;
  /** The editor's actions (its tree hears of the creates); the command line leaves it out. */
  actions?: Pick<ReportActions, 'create' | 'rerun' | 'findLost'>;
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
  const indexes = job.items.map((item, index) => ({ item, index })).filter(({ item }) => item.state === 'todo');
  const items: WriteItem[] = indexes.map(({ item }) => ({
    kind: 'create',
    url: item.url,
    privacy: job.header.privacy,
    password: deps.password,
    previous:
      item.lostAt === undefined
        ? undefined
        : { startedAt: item.lostAt, lastSentAt: item.sentAt ?? item.lostAt, knownIds: new Set(item.knownIds ?? []) },
    unanswered: item.unanswered,
  }));
  const actions = deps.actions ?? new ReportActions(() => deps.client as ReportsClient);
  const settle = async (at: number, result: WriteResult): Promise<void> => {
    const index = indexes[at].index;
    const item = job.items[index];
    if (result.kind === 'created' || result.kind === 'recovered') {
      await job.record({ e: 'done', i: index, id: String(result.report.id), recovered: result.kind === 'recovered' });
      deps.onReport?.(item.url, result.report);
    } else if (result.kind === 'failed') {
      // Refused without being processed (422, 429s, a refused key): no report can exist from that send.
      if (item.sendingAt !== undefined) await job.record({ e: 'unsent', i: index });
      // A failure that ends the run (a refused key) stopped the queue; the URL keeps its place.
      if (endsWriteRun(result.error)) return;
      await job.record({ e: 'failed', i: index, why: result.error.message });
    }
    job.report(item.url);
  };
  let stopped: string | undefined;
  try {
    const run = await runWrites(items, actions, {
      signal: controller.signal,
      concurrency: deps.concurrency,
      keepGoing: () => job.status === 'running',
      journal: {
        sending: async (at, attempt) => {
          const known = [...attempt.knownIds];
          await written(
            job.record({
              e: 'send',
              i: indexes[at].index,
              t: attempt.lastSentAt ?? attempt.startedAt,
              ...(known.length ? { k: known } : {}),
            }),
          );
          job.report(indexes[at].item.url);
        },
        lost: (at) => written(job.record({ e: 'lost', i: indexes[at].index })),
      },
      onResult: settle,
    });
    if (run.stopped !== undefined) stopped = run.stopped;
  } catch (error) {
    stopped = l10n.t('The scan stopped: {0}', error instanceof Error ? error.message : String(error));
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

/** A journal write; one that fails stops the run, saying why. */
async function written(write: Promise<void>): Promise<void> {
  try {
    await write;
  } catch (error) {
    throw new Error(l10n.t('The scan stopped: {0}', error instanceof Error ? error.message : String(error)));
  }
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
