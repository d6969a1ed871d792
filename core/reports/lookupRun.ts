// One run of lookups (the URLs asked for together) at the floor: the cheaper of one search per host
// (hostSearch.ts: at least one request per host) and the account list read once (accountScan.ts:
// ceil(total / 100) requests). The total comes from the first page of the account list, which is
// also the scan's first page and answers the newest 100 reports; when an earlier run already told
// the total, or the run has a single host (a search is then never dearer), no page is spent on it.
// settleAll asks for that page before it sets its lookups up (`probe`), so it travels meanwhile.
// A failed request makes its URLs unknown (`error`), never "no report".
import type { Report, ReportPage } from '../client/types';
import { scanAccount, takePage, MAX_SCAN_PAGES } from './accountScan';
import { latestByHost } from './hostSearch';
import { ACCOUNT_QUERY, LOOKUP_PAGE_SIZE, LookupDeps, PriorityOf, sendList } from './lookupDeps';
import { hostOfKey } from '../urls/urlKey';

/** A key's answer: its latest report (undefined: none), or why it could not be checked. */
export type KeyAnswer = { report: Report | undefined } | { error: unknown };

export type LookupRoute = 'scan' | 'hosts';

export interface RunOptions {
  deps: LookupDeps;
  priority: PriorityOf;
  /** The account's number of reports, when an earlier list answer told it. */
  accountTotal?: number;
  /** Told the total whenever an account page says it. */
  onTotal?: (total: number) => void;
  /** Told the route chosen (tests and benchmarks). */
  onRoute?: (route: LookupRoute) => void;
  /** The account's first page, asked for before the run began (`needsProbe`): used instead of asking again. */
  probe?: Promise<ReportPage>;
}

/** With fewer hosts than this and no total known, the run searches by host without asking for the total. */
export const PROBE_MIN_HOSTS = 2;

/**
 * Whether a run of `keys` starts by reading the account's first page (the total decides the route):
 * no total known and at least PROBE_MIN_HOSTS hosts. Stops at the second host it sees.
 */
export function needsProbe(keys: Iterable<string>, total: number | undefined): boolean {
  if (total !== undefined) return false;
  const hosts = new Set<string>();
  for (const key of keys) {
    hosts.add(hostOfKey(key));
    if (hosts.size >= PROBE_MIN_HOSTS) return true;
  }
  return false;
}

/** The cheaper route for `hosts` distinct hosts still open, `pagesRead` account pages already read. */
export function chooseRoute(hosts: number, total: number | undefined, pagesRead: number): LookupRoute {
  if (total === undefined) return 'hosts';
  const pages = Math.max(1, Math.ceil(total / LOOKUP_PAGE_SIZE));
  if (pages > MAX_SCAN_PAGES) return 'hosts';
  // Searches cost at least one request per host; the scan costs exactly its pages left.
  return pages - pagesRead <= hosts ? 'scan' : 'hosts';
}

/** Every key's answer. Never rejects: a failure is the answer of the keys it left open. */
export async function runLookups(options: RunOptions, keys: Iterable<string>): Promise<Map<string, KeyAnswer>> {
  const { deps, priority } = options;
  const asked = [...new Set(keys)];
  const open = new Set(asked);
  const found = new Map<string, Report | undefined>();
  const answers = new Map<string, KeyAnswer>();
  const fail = (error: unknown, which: Iterable<string> = open) => {
    for (const key of which) answers.set(key, { error });
  };
  const told = (page: ReportPage) => {
    if (page.total !== undefined) options.onTotal?.(page.total);
  };
  let total = options.accountTotal;
  let first: ReportPage | undefined;
  let keysOfHost: Map<string, number> | undefined;
  try {
    if (needsProbe(open, total)) {
      const asked = options.probe ?? sendList(deps, priority, ACCOUNT_QUERY);
      // Counted while the page travels: once it is here, the rest of the list is asked for at once.
      keysOfHost = countByHost(open);
      first = await asked;
      told(first);
      takePage(first, open, found);
      if (!first.hasMore) open.clear(); // the whole account in one page: the rest have none
      total = first.total ?? (first.lastPage === undefined ? undefined : first.lastPage * LOOKUP_PAGE_SIZE);
    }
    const hosts = keysOfHost ? hostsLeft(keysOfHost, found.keys()) : countByHost(open).size;
    if (open.size && chooseRoute(hosts, total, first ? 1 : 0) === 'scan') {
      options.onRoute?.('scan');
      const pages = Math.ceil((total ?? 0) / LOOKUP_PAGE_SIZE);
      if (await scanAccount(deps, priority, open, found, first, pages, told)) open.clear();
    } else if (open.size) options.onRoute?.('hosts');
  } catch (error) {
    fail(error);
    open.clear();
  }
  if (open.size) await byHost(options, open, found, answers);
  for (const [key, report] of found) answers.set(key, { report });
  for (const key of asked) if (!answers.has(key)) answers.set(key, { report: undefined });
  return answers;
}

/** How many of `keys` each host has. */
function countByHost(keys: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) {
    const host = hostOfKey(key);
    counts.set(host, (counts.get(host) ?? 0) + 1);
  }
  return counts;
}

/** The hosts of `counts` with a key left once the `taken` keys are answered. */
function hostsLeft(counts: Map<string, number>, taken: Iterable<string>): number {
  let left = counts.size;
  for (const key of taken) {
    const n = (counts.get(hostOfKey(key)) ?? 0) - 1;
    counts.set(hostOfKey(key), n);
    if (n === 0) left--;
  }
  return left;
}

/** The searches by host, all at once (the budget paces them); a host whose search fails leaves its keys unknown. */
async function byHost(options: RunOptions, open: Set<string>, found: Map<string, Report | undefined>, answers: Map<string, KeyAnswer>) {
  const hosts = new Map<string, Set<string>>();
  for (const key of open) {
    const host = hostOfKey(key);
    if (!hosts.has(host)) hosts.set(host, new Set());
    hosts.get(host)?.add(key);
  }
  await Promise.all(
    [...hosts].map(async ([host, wanted]) => {
      try {
        for (const [key, report] of await latestByHost(options.deps, host, wanted, options.priority)) found.set(key, report);
      } catch (error) {
        for (const key of wanted) answers.set(key, { error });
      }
    }),
  );
}
