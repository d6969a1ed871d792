// The state of the reports list: three groups (good, decent, bad), each paging on its own with
// the service's `result` filter. Commands change it after the API answers; the tree renders it.
// No VS Code here: listeners are plain callbacks.
import type { ReportsClient } from '../api/client';
import { ApiError } from '../api/errors';
import { ratingOf } from './rating';
import { ListQuery, Report, ReportId, ReportPage, ReportResult, RESULT_VALUES } from '../api/types';

export interface GroupState {
  readonly result: ReportResult;
  items: Report[];
  /** From the first page's `meta.total`; undefined when the service does not say. */
  total?: number;
  /** The last page loaded, to ask for the next. */
  lastPage?: ReportPage;
  loadingMore: boolean;
  /** The failure of the last load of this group, shown on its node. */
  error?: ApiError;
}

export type ModelStatus = 'idle' | 'loading' | 'ready' | 'stale' | 'signed-out';

type Listener = () => void;

function sameId(a: ReportId, b: ReportId): boolean {
  return String(a) === String(b);
}

export class ReportsModel {
  readonly groups: Record<ReportResult, GroupState>;
  status: ModelStatus = 'idle';
  /** The error that made the list stale or signed out. */
  lastError?: ApiError;
  loadedAt?: Date;
  private listeners = new Set<Listener>();
  private removedListeners = new Set<(id: ReportId) => void>();
  /** Bumped by every reload and sign-out: a page that arrives for an older one is dropped. */
  private generation = 0;
  /** Bumped by upsert/remove: a list answer requested before a local change is re-fetched. */
  private mutations = 0;
  private inFlight?: { key: string; promise: Promise<void>; controller: AbortController };
  private query: ListQuery = {};
  /** The query the groups hold results of, to know whether a reload may keep their depth. */
  private loadedKey?: string;

  constructor() {
    this.groups = Object.fromEntries(RESULT_VALUES.map((r) => [r, emptyGroup(r)])) as Record<ReportResult, GroupState>;
  }

  onDidChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A report was deleted (not merely scrolled out of the loaded pages). */
  onDidRemove(listener: (id: ReportId) => void): () => void {
    this.removedListeners.add(listener);
    return () => this.removedListeners.delete(listener);
  }

  /**
   * Loads the first page of every group in parallel. The same query while one is loading joins
   * it; a different query cancels the stale one. On failure the last list stays, marked stale.
   */
  reload(client: ReportsClient, query: ListQuery): Promise<void> {
    const key = JSON.stringify(query);
    if (this.inFlight?.key === key) return this.inFlight.promise;
    this.inFlight?.controller.abort();
    const controller = new AbortController();
    this.generation++;
    this.query = query;
    this.status = 'loading';
    this.emit();
    const promise = this.loadAll(client, query, controller.signal, key).finally(() => {
      if (this.inFlight?.controller === controller) this.inFlight = undefined;
    });
    this.inFlight = { key, promise, controller };
    return promise;
  }

  private async loadAll(client: ReportsClient, query: ListQuery, signal: AbortSignal, key: string): Promise<void> {
    // A refresh of the same list keeps as many reports per group as the user had paged in.
    const depth = Object.fromEntries(RESULT_VALUES.map((r) => [r, key === this.loadedKey ? this.groups[r].items.length : 0])) as Record<
      ReportResult,
      number
    >;
    let outcomes: PromiseSettledResult<ReportPage>[];
    // A create, update or delete made while the lists were on their way would be undone by
    // applying them: ask again (bounded, in case changes keep coming).
    for (let attempt = 0; ; attempt++) {
      const mutations = this.mutations;
      outcomes = await Promise.allSettled(RESULT_VALUES.map((result) => client.listReports({ ...query, result, page: 1 }, { signal })));
      if (signal.aborted) return;
      if (mutations === this.mutations || attempt >= 2) break;
    }
    const failures = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected').map((o) => toApiError(o.reason));
    const auth = failures.find((e) => e.kind === 'auth' || e.kind === 'not-configured');
    if (auth) {
      this.signOut(auth);
      return;
    }
    const deeper = await Promise.all(
      outcomes.map(async (outcome, index) => {
        if (outcome.status !== 'fulfilled') return outcome;
        try {
          return { status: 'fulfilled' as const, value: await this.pageTo(client, outcome.value, depth[RESULT_VALUES[index]], signal) };
        } catch {
          // The first page is still worth showing.
          return { status: 'fulfilled' as const, value: { first: outcome.value, last: outcome.value, items: outcome.value.items } };
        }
      }),
    );
    if (signal.aborted) return;
    deeper.forEach((outcome, index) => {
      const group = this.groups[RESULT_VALUES[index]];
      if (outcome.status === 'fulfilled') {
        group.items = dedupe(outcome.value.items);
        group.total = outcome.value.last.total ?? outcome.value.first.total;
        group.lastPage = outcome.value.last;
        group.error = undefined;
      } else {
        group.error = toApiError(outcome.reason);
      }
    });
    this.loadedKey = key;
    this.lastError = failures[0];
    this.status = failures.length ? 'stale' : 'ready';
    if (!failures.length) this.loadedAt = new Date();
    this.emit();
  }

  /** Follows pages after `first` until `depth` reports are loaded or the group ends. */
  private async pageTo(
    client: ReportsClient,
    first: ReportPage,
    depth: number,
    signal: AbortSignal,
  ): Promise<{ first: ReportPage; last: ReportPage; items: Report[] }> {
    const items = [...first.items];
    let last = first;
    while (items.length < depth && last.hasMore && !signal.aborted) {
      last = await client.nextPage(last, { signal });
      items.push(...last.items);
    }
    return { first, last, items };
  }

  /** The next page of one group, appended; ids already shown are not repeated. */
  async loadMore(client: ReportsClient, result: ReportResult): Promise<void> {
    const group = this.groups[result];
    if (!group.lastPage?.hasMore || group.loadingMore) return;
    const generation = this.generation;
    group.loadingMore = true;
    this.emit();
    try {
      const page = await client.nextPage(group.lastPage);
      // A reload (new search, sort, key) happened meanwhile: this page belongs to the old list.
      if (generation !== this.generation) return;
      const known = new Set(group.items.map((r) => String(r.id)));
      group.items.push(...page.items.filter((r) => !known.has(String(r.id))));
      group.lastPage = page;
      if (page.total !== undefined) group.total = page.total;
      group.error = undefined;
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.kind === 'auth') this.signOut(apiError);
      else group.error = apiError;
      throw apiError;
    } finally {
      group.loadingMore = false;
      this.emit();
    }
  }

  find(id: ReportId): Report | undefined {
    for (const result of RESULT_VALUES) {
      const found = this.groups[result].items.find((r) => sameId(r.id, id));
      if (found) return found;
    }
    return undefined;
  }

  /** The loaded reports for exactly this URL. */
  reportsFor(url: string): Report[] {
    return RESULT_VALUES.flatMap((result) => this.groups[result].items.filter((r) => r.url === url));
  }

  /** Puts a created or updated report where it belongs: in place, or moved to its new group. */
  upsert(report: Report): void {
    this.mutations++;
    // Placed by its rating (a word or a score in percent), never by comparing `result` to a word.
    const band = ratingOf(report).band;
    const target = band === 'unknown' ? undefined : band;
    for (const result of RESULT_VALUES) {
      const group = this.groups[result];
      const index = group.items.findIndex((r) => sameId(r.id, report.id));
      if (index < 0) continue;
      if (result === target) {
        group.items[index] = report;
        this.emit();
        return;
      }
      group.items.splice(index, 1);
      if (group.total !== undefined) group.total = Math.max(0, group.total - 1);
    }
    if (target) {
      const group = this.groups[target];
      group.items.splice(insertionIndex(group.items, report, this.query), 0, report);
      if (group.total !== undefined) group.total += 1;
    }
    this.emit();
  }

  remove(id: ReportId): void {
    this.mutations++;
    for (const result of RESULT_VALUES) {
      const group = this.groups[result];
      const index = group.items.findIndex((r) => sameId(r.id, id));
      if (index >= 0) {
        group.items.splice(index, 1);
        if (group.total !== undefined) group.total = Math.max(0, group.total - 1);
      }
    }
    this.emit();
    for (const listener of [...this.removedListeners]) listener(id);
  }

  /** Forgets everything: signed out, or the key or base URL changed. */
  signOut(error?: ApiError): void {
    this.inFlight?.controller.abort();
    this.inFlight = undefined;
    this.generation++;
    for (const result of RESULT_VALUES) this.groups[result] = emptyGroup(result);
    this.loadedKey = undefined;
    this.status = 'signed-out';
    this.lastError = error;
    this.emit();
  }

  totals(): Record<ReportResult, number | undefined> {
    return { good: this.groups.good.total, decent: this.groups.decent.total, bad: this.groups.bad.total };
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

function emptyGroup(result: ReportResult): GroupState {
  return { result, items: [], loadingMore: false };
}

function toApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError('bad-response', error instanceof Error ? error.message : String(error));
}

function dedupe(items: Report[]): Report[] {
  const seen = new Set<string>();
  return items.filter((r) => (seen.has(String(r.id)) ? false : (seen.add(String(r.id)), true)));
}

/** Where a new report goes so the loaded part of the list stays in the service's order. */
export function insertionIndex(items: Report[], report: Report, query: ListQuery): number {
  const field = query.sortBy ?? 'id';
  const direction = query.sort === 'asc' ? 1 : -1;
  const key = (r: Report): string | number => {
    const value = r[field];
    if (field === 'id' && typeof value === 'number') return value;
    return typeof value === 'number' ? value : String(value ?? '');
  };
  const mine = key(report);
  const index = items.findIndex((other) => {
    const theirs = key(other);
    const cmp = typeof mine === 'number' && typeof theirs === 'number' ? mine - theirs : String(mine).localeCompare(String(theirs));
    return cmp * direction < 0;
  });
  return index < 0 ? items.length : index;
}
