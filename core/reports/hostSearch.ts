// The searches behind the lookups of one host (the route of a run with few hosts, lookupRun.ts): `search` = the host, newest first, 100 a page, read
// only while some URL is unanswered. When a search would take more than `maxPages` pages (its
// total says so), the URLs left are searched narrower instead — by host and first path segment,
// then by the URL itself — so a host with many reports costs a few narrow searches, not many pages.
// A service keeps URLs as they were sent, so an internationalised host (or a path with non-ASCII)
// may be stored in either spelling: such a search is made in the human spelling first, and the
// keys it ends without finding are searched again in the other (spellingsOf: at most four, and
// only for such URLs; a plain ASCII URL costs what it did).
import { Report, ReportPage } from '../client/types';
import { spellingsOf, urlKey } from '../urls/urlKey';
import { LOOKUP_PAGE_SIZE, LookupDeps, PriorityOf, sendList } from './lookupDeps';

/** One level of a batch's searches: what its searches share. */
interface SearchRun {
  deps: LookupDeps;
  /** Answers so far, by key (undefined: no report). */
  found: Map<string, Report | undefined>;
  priority: PriorityOf;
  /** Pages read for one search before it is narrowed (or given up, at the last level). */
  maxPages: number;
  /** Whether a search with too many pages may give way to a narrower one. */
  narrowable: boolean;
}

/** The latest report of each key (comparison keys of URLs on `host`); undefined = none. */
export async function latestByHost(
  deps: LookupDeps,
  host: string,
  keys: Set<string>,
  priority: PriorityOf,
): Promise<Map<string, Report | undefined>> {
  const found = new Map<string, Report | undefined>();
  const levels: ((key: string) => string)[] = [() => host, (key) => firstSegment(key), (key) => withoutScheme(key)];
  let open = [...keys];
  for (const [level, searchOf] of levels.entries()) {
    const groups = new Map<string, Set<string>>();
    for (const key of open) {
      const search = searchOf(key);
      if (!groups.has(search)) groups.set(search, new Set());
      groups.get(search)?.add(key);
    }
    const last = level === levels.length - 1;
    const run: SearchRun = { deps, found, priority, maxPages: last ? deps.maxPages * 3 : deps.maxPages, narrowable: !last };
    const incomplete = await Promise.all([...groups].map(([search, wanted]) => searchSpellings(run, search, wanted)));
    open = incomplete.flat();
    if (!open.length) break;
  }
  return found; // keys still open (a URL with thousands of reports under it) count as not found
}

/**
 * Searches `search` in each of its spellings in turn, the next one only for the keys the list
 * before ended without; a key no spelling finds has no report. Returns the keys left open (a
 * search cut short: for a narrower one).
 */
async function searchSpellings(run: SearchRun, search: string, wanted: Set<string>): Promise<string[]> {
  const { found } = run;
  let absent = [...wanted];
  for (const spelling of spellingsOf(search)) {
    const { open, ended } = await searchPages(run, spelling, new Set(absent));
    if (!ended) return open;
    absent = open;
    if (!absent.length) return [];
  }
  for (const key of absent) found.set(key, undefined);
  return [];
}

/**
 * Reads pages of `search` until every wanted key is answered or the list ends (`ended`: the keys
 * left open are not under this search), or it is cut short (`ended` false).
 */
async function searchPages(run: SearchRun, search: string, wanted: Set<string>): Promise<{ open: string[]; ended: boolean }> {
  const { deps, found, priority, maxPages, narrowable } = run;
  const open = new Set([...wanted].filter((k) => !found.has(k)));
  let page: ReportPage | undefined;
  for (let n = 0; n < maxPages && open.size; n++) {
    page = await sendList(deps, priority, { search, searchBy: 'url', perPage: LOOKUP_PAGE_SIZE, sortBy: 'id', sort: 'desc' }, page);
    for (const report of page.items) {
      const key = typeof report.url === 'string' ? urlKey(report.url) : undefined;
      if (key !== undefined && open.has(key)) {
        found.set(key, report); // newest first: the first one seen is the latest
        open.delete(key);
      }
    }
    if (!page.hasMore) return { open: [...open], ended: true };
    // More than `maxPages` pages in all: a narrower search costs less than paging on.
    if (narrowable && page.total !== undefined && page.total > page.items.length * maxPages) break;
  }
  return { open: [...open], ended: open.size === 0 };
}

/** `host/first-segment` of a key: a narrower search text for a host with many reports. */
function firstSegment(key: string): string {
  const url = new URL(key);
  const segment = url.pathname.split('/')[1] ?? '';
  return segment ? `${url.host}/${segment}` : withoutScheme(key);
}

function withoutScheme(key: string): string {
  return key.replace(/^https?:\/\//, '');
}
