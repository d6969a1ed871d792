// What a run of lookups needs, and the one way its list requests are sent: through the client's
// one pacer (which waits out a 429 itself), with the run's priority read at each request, so a run
// raised by someone now looking at its answers speeds up from then on.
import type { CallOptions } from '../client/client';
import type { ListQuery, ReportPage } from '../client/types';
import type { LookupPriority } from './lookupPriority';

/** What the engine needs of the API client. */
export interface ListSource {
  listReports(query: ListQuery, options?: CallOptions): Promise<ReportPage>;
  nextPage(page: ReportPage, options?: CallOptions): Promise<ReportPage>;
}

/** Rows a lookup asks for per page: the most the API allows. */
export const LOOKUP_PAGE_SIZE = 100;

export interface LookupDeps {
  /** The client; may throw (signed out): the lookups then fail with that error. */
  source: () => ListSource;
  /** Pages read for one search before it is narrowed instead. */
  maxPages: number;
}

/** A run's priority, read at each request (it may be raised while the run goes on). */
export type PriorityOf = () => LookupPriority;

/** One list request of a run: the first page of `query`, or the page after `previous`. */
export function sendList(deps: LookupDeps, priority: PriorityOf, query: ListQuery, previous?: ReportPage): Promise<ReportPage> {
  const now = priority();
  const call: CallOptions = { priority: now };
  return previous ? deps.source().nextPage(previous, call) : deps.source().listReports(query, call);
}

/** The account's list, newest first: the scan's pages, and the first page that tells the total. */
export const ACCOUNT_QUERY: ListQuery = { perPage: LOOKUP_PAGE_SIZE, sortBy: 'id', sort: 'desc' };

/**
 * Waits `turns` turns of the event loop: the socket work of a request happens there, not in the
 * code that asked — a request just sent is written once its connection is made (two turns make
 * sure a poll came between), and a connection is free for the next one a turn after its answer is read.
 */
export async function loopTurns(turns: number): Promise<void> {
  for (let turn = 0; turn < turns; turn++) await new Promise((resolve) => setImmediate(resolve));
}
