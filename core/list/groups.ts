// The three groups' state and the rules that keep them consistent: one id in one group only
// (VS Code rejects a tree with a duplicate id), and new reports placed in the service's order.
import type { ApiError } from '../client/errors';
import { ListQuery, Report, ReportPage, ReportResult, RESULT_VALUES } from '../client/types';
import type { CutReason, Walk } from './paging';

export interface GroupState {
  readonly result: ReportResult;
  /** Projections of the records (see reportSummary.ts), in the service's order. */
  items: Report[];
  /** From the first page's `meta.total`; undefined when the service does not say. */
  total?: number;
  /** The paging facts of the last page loaded (without its records), to ask for the next. */
  lastPage?: ReportPage;
  loadingMore: boolean;
  /** A first load or a new query has not answered for this group yet (what it held still shows). */
  loading: boolean;
  /** The query (as ReportsModel keys it) whose results `items` are; undefined before any load. */
  queryKey?: string;
  /** Bumped whenever a refresh replaces the items: a "Load more" page asked before is dropped. */
  epoch: number;
  /** The failure of the last load of this group, shown on its node. */
  error?: ApiError;
  /** Why paging stopped before the service said the group ended: the view says the list was cut. */
  cut?: CutReason;
}

export type Groups = Record<ReportResult, GroupState>;

/** The order rating groups are shown in, in the reports tree and URLs in Workspace: what needs work first. */
export const RESULTS_SHOWN: readonly ReportResult[] = ['bad', 'decent', 'good'];

export function emptyGroup(result: ReportResult): GroupState {
  return { result, items: [], loadingMore: false, loading: false, epoch: 0 };
}

export function emptyGroups(): Groups {
  return Object.fromEntries(RESULT_VALUES.map((r) => [r, emptyGroup(r)])) as Groups;
}

/** A page as kept between loads: its paging facts, not its (possibly large) records. */
export function pageFacts(page: ReportPage): ReportPage {
  return { ...page, items: [] };
}

export function idsOf(items: readonly Report[]): Set<string> {
  return new Set(items.map((r) => String(r.id)));
}

/**
 * The newest copy wins: takes `ids` out of every group but `keep` (another client moved those
 * reports, and the page just loaded is the fresher word on where they are). Totals follow.
 */
export function evictElsewhere(groups: Groups, keep: ReportResult | undefined, ids: ReadonlySet<string>): void {
  if (!ids.size) return;
  for (const result of RESULT_VALUES) {
    if (result === keep) continue;
    const group = groups[result];
    const before = group.items.length;
    group.items = group.items.filter((r) => !ids.has(String(r.id)));
    const gone = before - group.items.length;
    if (gone && group.total !== undefined) group.total = Math.max(0, group.total - gone);
  }
}

/** A group after a refresh of `queryKey`: the walk's reports and paging facts; its copies win over other groups'. */
export function applyWalk(groups: Groups, result: ReportResult, walk: Walk, queryKey: string): void {
  const group = groups[result];
  group.items = walk.items;
  group.queryKey = queryKey;
  group.epoch++;
  group.total = walk.last.total ?? walk.first.total;
  group.lastPage = pageFacts(walk.last);
  group.cut = walk.cut;
  group.error = undefined;
  evictElsewhere(groups, result, idsOf(group.items));
}

/** Where a new report goes so the loaded part of the list stays in the service's order. */
export function insertionIndex(items: Report[], report: Report, query: ListQuery): number {
  const field = query.sortBy ?? 'id';
  const direction = query.sort === 'asc' ? 1 : -1;
  const key = (r: Report): string | number => {
    const value = r[field];
    return typeof value === 'number' ? value : typeof value === 'string' ? value : '';
  };
  const mine = key(report);
  const index = items.findIndex((other) => {
    const theirs = key(other);
    const cmp = typeof mine === 'number' && typeof theirs === 'number' ? mine - theirs : String(mine).localeCompare(String(theirs));
    return cmp * direction < 0;
  });
  return index < 0 ? items.length : index;
}
