// The other route of a run: the whole account list read once, newest first, 100 a page, each
// wanted URL answered by the first report of its key seen (the latest). Read in order (the next
// link, or the next number): a report created meanwhile goes on top and shifts rows down, so a
// later page repeats a row rather than missing one. Where the service numbers its pages (it said
// its last page), up to LOOKAHEAD_PAGES are asked for at once and taken in order, so the scan costs
// about a round trip per LOOKAHEAD_PAGES pages instead of one per page; a scan that finds every key
// early has asked for at most LOOKAHEAD_PAGES - 1 pages it did not need. Stops when every wanted key is
// found, when the list ends (the keys left have no report), or after the pages its total promised
// and SCAN_SLACK_PAGES more (rows created meanwhile), MAX_SCAN_PAGES at most (a service whose next
// links never end): the keys left then go to the searches by host.
import type { Report, ReportPage } from '../client/types';
import { urlKey } from '../urls/urlKey';
import { ACCOUNT_QUERY, LookupDeps, loopTurns, PriorityOf, sendList } from './lookupDeps';

/** Pages of the account list one run reads at most, whatever its total or next links say. */
export const MAX_SCAN_PAGES = 1_000;
/** Pages read beyond those the total promised (reports created while the list is read). */
export const SCAN_SLACK_PAGES = 2;
/**
 * Pages of a numbered list asked for at once: after the first page, an account of up to 500 reports
 * is read in one more round trip, and no more than four reads are ever open on the service.
 */
export const LOOKAHEAD_PAGES = 4;

/** Answers the open keys a page holds (the first report seen of a key is its latest). */
export function takePage(page: ReportPage, open: Set<string>, found: Map<string, Report | undefined>): void {
  for (const report of page.items) {
    const key = typeof report.url === 'string' ? urlKey(report.url) : undefined;
    if (key !== undefined && open.has(key)) {
      found.set(key, report);
      open.delete(key);
    }
  }
}

/**
 * Reads the account list from `first` (page 1, already read and taken) or from its start, until
 * `open` is empty or the list ends. Returns whether it ended (every key still open has no report).
 */
export async function scanAccount(
  deps: LookupDeps,
  priority: PriorityOf,
  open: Set<string>,
  found: Map<string, Report | undefined>,
  first: ReportPage | undefined,
  pages: number,
  onFirst?: (page: ReportPage) => void,
): Promise<boolean> {
  let page = first;
  const limit = Math.min(MAX_SCAN_PAGES, pages + SCAN_SLACK_PAGES);
  // Pages asked for ahead, by number; each is taken only when every page before it was.
  const ahead = new Map<number, Promise<ReportPage>>();
  const askAhead = (after: ReportPage, read: number) => {
    const last = Math.min(after.lastPage ?? 0, after.page + (limit - read));
    for (let n = after.page + 1; n <= last && n <= after.page + LOOKAHEAD_PAGES; n++) {
      if (ahead.has(n)) continue;
      const asked = sendList(deps, priority, { ...after.query, page: n });
      asked.catch(() => undefined); // taken (and its failure seen) in order, or never needed
      ahead.set(n, asked);
    }
  };
  for (let read = first ? 1 : 0; read < limit; read++) {
    if (page && (!page.hasMore || open.size === 0)) return !page.hasMore;
    if (page?.lastPage !== undefined) {
      // Asked once the connection that brought `page` is free again: the next pages take it instead of opening one more.
      await loopTurns(1);
      askAhead(page, read);
    }
    const next = page ? ahead.get(page.page + 1) : undefined;
    if (page) ahead.delete(page.page + 1);
    page = await (next ?? sendList(deps, priority, ACCOUNT_QUERY, page));
    if (read === 0) onFirst?.(page);
    takePage(page, open, found);
  }
  return page !== undefined && !page.hasMore;
}
