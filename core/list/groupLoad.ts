// One group's part of a refresh: its first page, then its further pages up to the depth the user
// had loaded, bounded by the group's page trail. The model starts the three groups in parallel
// and shows each as it arrives (reportsModel.ts), so one slow group holds back no other.
import { ListQuery, ReportResult } from '../client/types';
import { PageSource, PageTrail, PagingLimits, Walk, walkPages } from './paging';

export interface GroupLoad {
  result: ReportResult;
  trail: PageTrail;
  walk: Walk;
}

export interface GroupLoadOptions {
  signal: AbortSignal;
  limits: PagingLimits;
  /** How many reports the group held, to give the same depth back (0 for a new query). */
  depth: number;
  /** Counts local creates, updates and deletes. */
  mutations(): number;
}

/** Extra asks for a group whose answer crossed a local change, before it is shown as it came. */
const MUTATION_RETRIES = 2;

/** Loads one group. The caller drops the answer if cancelled meanwhile, and converts a failure with toApiError. */
export async function loadGroup(client: PageSource, query: ListQuery, result: ReportResult, options: GroupLoadOptions): Promise<GroupLoad> {
  const { signal } = options;
  // A create, update or delete made while the pages were on their way would be undone by
  // applying them: ask again (bounded, in case changes keep coming).
  for (let attempt = 0; ; attempt++) {
    const mutations = options.mutations();
    const first = await client.listReports({ ...query, result, page: 1 }, { signal });
    const trail = new PageTrail(options.limits);
    const walk = await walkPages(client, first, options.depth, trail, signal);
    if (signal.aborted || mutations === options.mutations() || attempt >= MUTATION_RETRIES) return { result, trail, walk };
  }
}
