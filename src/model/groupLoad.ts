// One refresh's requests: the first page of every group in parallel, then each group's further
// pages up to the depth the user had loaded, bounded by the group's page trail.
import { ApiError } from '../api/errors';
import { ListQuery, ReportPage, ReportResult, RESULT_VALUES } from '../api/types';
import { PageSource, PageTrail, PagingLimits, Walk, walkPages } from './paging';

export interface GroupLoad {
  result: ReportResult;
  trail: PageTrail;
  walk: Walk;
}

export interface RefreshOutcome {
  failures: Partial<Record<ReportResult, ApiError>>;
  /** The groups that loaded, in the order their last page arrived (the last is the freshest). */
  loads: GroupLoad[];
}

export interface RefreshOptions {
  signal: AbortSignal;
  limits: PagingLimits;
  /** How many reports the group held, to give the same depth back (0 for a new query). */
  depth(result: ReportResult): number;
  /** Counts local creates, updates and deletes. */
  mutations(): number;
}

export function toApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError('bad-response', error instanceof Error ? error.message : String(error));
}

export function isSignOut(error: ApiError): boolean {
  return error.kind === 'auth' || error.kind === 'not-configured';
}

/** Undefined when cancelled. After an auth failure on a first page, nothing further is asked. */
export async function refreshGroups(client: PageSource, query: ListQuery, options: RefreshOptions): Promise<RefreshOutcome | undefined> {
  const { signal } = options;
  let outcomes: PromiseSettledResult<ReportPage>[];
  // A create, update or delete made while the lists were on their way would be undone by
  // applying them: ask again (bounded, in case changes keep coming).
  for (let attempt = 0; ; attempt++) {
    const mutations = options.mutations();
    outcomes = await Promise.allSettled(RESULT_VALUES.map((result) => client.listReports({ ...query, result, page: 1 }, { signal })));
    if (signal.aborted) return undefined;
    if (mutations === options.mutations() || attempt >= 2) break;
  }
  const failures: RefreshOutcome['failures'] = {};
  outcomes.forEach((o, i) => {
    if (o.status === 'rejected') failures[RESULT_VALUES[i]] = toApiError(o.reason);
  });
  if (Object.values(failures).some(isSignOut)) return { failures, loads: [] };
  const loads: GroupLoad[] = [];
  await Promise.all(
    outcomes.map(async (outcome, index) => {
      if (outcome.status !== 'fulfilled') return;
      const result = RESULT_VALUES[index];
      const trail = new PageTrail(options.limits);
      const walk = await walkPages(client, outcome.value, options.depth(result), trail, signal);
      loads.push({ result, trail, walk });
    }),
  );
  return signal.aborted ? undefined : { failures, loads };
}
