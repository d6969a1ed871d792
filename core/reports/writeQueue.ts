// The one way many reports are written: Report All in File / Unrated, site scans, and the command
// line's `check --create-missing` and `--rerun-older-than` all go through here. At most
// WRITE_CONCURRENCY writes in flight; each is one ReportActions call, so a 429 is waited out by the
// client's request queue (the item goes back to it, nothing was stored) and a create whose answer
// was lost is looked for — and waited for while the service may still be analysing it — before
// it is ever sent again. An optional journal (a scan's state file) hears each create as sent
// before it is sent, and when its answer is lost, so a crash can be recovered from: a create whose
// last send has no known outcome (`unanswered`) is looked for on the service before ANY write of
// the run is sent, and counts as recovered when found. A failure after
// which no other write can succeed (endsWriteRun) stops the run here, for every caller.
import type { ApiError } from '../client/errors';
import type { Priority } from '../client/rateGate';
import { Privacy, Report } from '../client/types';
import type { LostCreate } from './lostCreates';
import { CreateOutcome, UpdateOutcome } from './outcomes';
import type { CreateOptions, ReportActions } from './reportActions';

/** Writes in flight at once, for every bulk write (the service analyses each one). */
export const WRITE_CONCURRENCY = 3;

/**
 * Failures after which no other write can succeed either: a refused key or account, no key or
 * address, a service that asks to wait longer than the client waits. The rest (a refused URL, a
 * server error) belong to their one item.
 */
export function endsWriteRun(error: ApiError): boolean {
  return error.kind === 'auth' || error.kind === 'forbidden' || error.kind === 'not-configured' || error.kind === 'rate-limited';
}

export type WriteItem =
  | {
      kind: 'create';
      url: string;
      privacy: Privacy;
      password?: string;
      /** A send of an earlier run whose answer was lost (from a journal). */
      previous?: LostCreate;
      /** That send's outcome is unknown (the run that sent it stopped): looked for before any write is sent. */
      unanswered?: boolean;
    }
  | { kind: 'rerun'; report: Report };

export type WriteResult = CreateOutcome | UpdateOutcome;

/** Hears a create's progress by the item's index; a journal that cannot be written stops the run (the job keeps its place). */
export interface WriteJournal {
  sending(index: number, attempt: LostCreate): Promise<void>;
  lost(index: number): Promise<void>;
}

export interface WriteOptions {
  signal?: AbortSignal;
  priority?: Priority;
  /** At most WRITE_CONCURRENCY. */
  concurrency?: number;
  journal?: WriteJournal;
  /** Checked before each item is taken: false stops taking new ones (a pause); those in flight finish. */
  keepGoing?: () => boolean;
  /** Each result as it comes (a failure that ends the run has stopped it already). */
  onResult?: (index: number, result: WriteResult) => Promise<void> | void;
}

export interface WriteRun {
  /** By item; undefined for an item not attempted (stopped, paused or cancelled first). */
  results: (WriteResult | undefined)[];
  /** Why the run stopped early, when it did: the message of the failure that ended it. */
  stopped?: string;
}

/** findLost only for a journal's unanswered creates (a scan's resume). */
type Writer = Pick<ReportActions, 'create' | 'rerun'> & Partial<Pick<ReportActions, 'findLost'>>;

export async function runWrites(items: readonly WriteItem[], actions: Writer, options: WriteOptions = {}): Promise<WriteRun> {
  const results: (WriteResult | undefined)[] = new Array(items.length).fill(undefined);
  let next = 0;
  let stopped: string | undefined;
  const more = () => stopped === undefined && !options.signal?.aborted && (options.keepGoing?.() ?? true);
  const one = async (index: number): Promise<WriteResult> => {
    const item = items[index];
    if (item.kind === 'rerun') return actions.rerun(item.report, { signal: options.signal, priority: options.priority });
    const journal = options.journal;
    const hooks: CreateOptions = {
      signal: options.signal,
      priority: options.priority,
      previous: item.previous,
      onSending: journal && ((attempt) => journal.sending(index, attempt)),
      onLost: journal && (() => journal.lost(index)),
    };
    return actions.create({ url: item.url, privacy: item.privacy, password: item.password }, hooks);
  };
  const take = async (index: number): Promise<void> => {
    try {
      const result = await one(index);
      results[index] = result;
      // Before the caller hears it, so no other worker takes an item meanwhile.
      if (result.kind === 'failed' && endsWriteRun(result.error)) stopped ??= result.error.message;
      await options.onResult?.(index, result);
    } catch (error) {
      // A journal that cannot be written: nothing more is sent.
      stopped ??= error instanceof Error ? error.message : String(error);
    }
  };
  // First every unanswered send of an earlier run is looked for, so nothing is sent while one of
  // them may still turn out to be stored (one search each, WRITE_CONCURRENCY at a time).
  const unanswered = items.flatMap((item, index) => (item.kind === 'create' && item.previous && item.unanswered ? [index] : []));
  const look = async (index: number): Promise<void> => {
    const item = items[index] as Extract<WriteItem, { kind: 'create' }>;
    const found = await actions.findLost?.(item.url, item.previous as LostCreate, { signal: options.signal, priority: options.priority });
    // Not found yet (or the search failed): the create looks again itself before it is ever sent.
    if (found?.kind === 'failed' && endsWriteRun(found.error)) stopped ??= found.error.message;
    if (found?.kind !== 'recovered') return;
    results[index] = found;
    try {
      await options.onResult?.(index, found);
    } catch (error) {
      stopped ??= error instanceof Error ? error.message : String(error);
    }
  };
  let nextLook = 0;
  const looker = async (): Promise<void> => {
    while (stopped === undefined && !options.signal?.aborted && nextLook < unanswered.length) await look(unanswered[nextLook++]);
  };
  const worker = async (): Promise<void> => {
    while (more() && next < items.length) {
      const index = next++;
      if (results[index] === undefined) await take(index);
    }
  };
  // All WRITE_CONCURRENCY start together (a run of three takes one analysis's time, not two): a
  // refused key then costs at most the writes already in flight, never one per item.
  const width = (count: number) => Math.max(1, Math.min(options.concurrency ?? WRITE_CONCURRENCY, WRITE_CONCURRENCY, count));
  if (unanswered.length) await Promise.all(Array.from({ length: width(unanswered.length) }, looker));
  await Promise.all(Array.from({ length: width(items.length) }, worker));
  return { results, stopped };
}
