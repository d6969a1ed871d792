// The state of the reports list: three groups (good, decent, bad), each paging on its own with
// the service's `result` filter. Commands change it after the API answers; the tree renders it.
// No VS Code here: listeners are plain callbacks, isolated from each other and from the model.
// (A little over 220 lines: the one class that owns the list's state; its pieces — paging,
// groups, loading, listeners, summaries — already live in their own files beside it.)
import type { ApiError } from '../client/errors';
import { ListQuery, Report, ReportId, ReportResult, RESULT_VALUES } from '../client/types';
import { isSignOut, toApiError } from '../client/errors';
import { loadGroup } from './groupLoad';
import { applyWalk, emptyGroups, evictElsewhere, Groups, idsOf, insertionIndex, pageFacts } from './groups';
import { Emitter, ErrorSink } from '../lifecycle/emitter';
import type { IDisposable } from '../lifecycle/disposables';
import { mayContinue, PageSource, PageTrail, PAGING_LIMITS, PagingLimits } from './paging';
import { ratingOf } from '../checks/rating';
import { urlKey } from '../urls/urlKey';
import { summaryOf } from './reportSummary';
import type { Totals } from './statusSummary';

export type { GroupState } from './groups';
export { insertionIndex } from './groups';

/**
 * `idle`: nothing loaded yet. `cleared`: emptied by `clear()` (a new key or another service);
 * loads when next shown. `signed-out`: emptied because no key is usable (signed out, refused,
 * not configured); `lastError` says why when a failure did it.
 */
export type ModelStatus = 'idle' | 'cleared' | 'loading' | 'ready' | 'stale' | 'signed-out';

export interface ModelOptions {
  /** Told when a listener throws; the model carries on either way. */
  onListenerError?: ErrorSink;
  limits?: Partial<PagingLimits>;
}

export class ReportsModel {
  readonly groups: Groups = emptyGroups();
  status: ModelStatus = 'idle';
  private reloadDue = false;
  /** The error that made the list stale or signed out. */
  lastError?: ApiError;
  loadedAt?: Date;
  private readonly changed: Emitter<[]>;
  private readonly removed: Emitter<[ReportId]>;
  readonly limits: PagingLimits;
  private trails = new Map<ReportResult, PageTrail>();
  /** Bumped by every reload and clear: a page that arrives for an older one is dropped. */
  private generation = 0;
  /** Bumped by upsert/remove: a list answer requested before a local change is re-fetched. */
  private mutations = 0;
  private inFlight?: { key: string; promise: Promise<void>; controller: AbortController };
  private query: ListQuery = {};
  /** The totals when no group was waiting for a new query: never a mix of two queries' counts. */
  private settledTotals: Totals = { good: undefined, decent: undefined, bad: undefined };
  /** The query those totals answer: the status bar and badge say when it narrows the list. */
  private settledQuery: ListQuery = {};

  constructor(options: ModelOptions = {}) {
    const sink = options.onListenerError ?? (() => undefined);
    this.changed = new Emitter(sink);
    this.removed = new Emitter(sink);
    this.limits = { ...PAGING_LIMITS, ...options.limits };
  }

  onDidChange(listener: () => void): IDisposable {
    return this.changed.event(listener);
  }

  /** A report was deleted (not merely scrolled out of the loaded pages). */
  onDidRemove(listener: (id: ReportId) => void): IDisposable {
    return this.removed.event(listener);
  }

  /** Listener calls that threw (each was reported to `onListenerError`). */
  get listenerFailures(): number {
    return this.changed.failures + this.removed.failures;
  }

  /** Empty, or known to be out of date, and waiting for the view to be shown (or refreshed) to load. */
  get awaitingLoad(): boolean {
    return this.reloadDue || this.status === 'idle' || this.status === 'cleared';
  }

  /**
   * The service's list changed behind the model (a site scan created reports): load again when
   * next shown, and meanwhile keep the list and its totals (the status bar and badge keep showing
   * them) rather than forget them.
   */
  markReloadDue(): void {
    this.reloadDue = true;
  }

  /** Whether "Load more" may ask for the group's next page (not while a new query replaces it). */
  canLoadMore(result: ReportResult): boolean {
    const group = this.groups[result];
    return !group.loading && mayContinue(group.lastPage, group.cut);
  }

  /**
   * Loads the first page of every group in parallel, each shown as it arrives. The same query
   * while one is loading joins it; a different query cancels the stale one. On failure the last
   * list stays, marked stale.
   */
  reload(client: PageSource, query: ListQuery): Promise<void> {
    const key = JSON.stringify(query);
    if (this.inFlight?.key === key) return this.inFlight.promise;
    this.inFlight?.controller.abort();
    const controller = new AbortController();
    this.generation++;
    this.query = query;
    this.status = 'loading';
    this.reloadDue = false;
    // A refresh of the list shown keeps its groups as they are (the view's progress bar says it
    // is refreshing); a first load or a new query marks the groups that wait for their answer.
    for (const result of RESULT_VALUES) this.groups[result].loading = this.groups[result].queryKey !== key;
    this.emit();
    const promise = this.loadAll(client, query, controller.signal, key).finally(() => {
      if (this.inFlight?.controller === controller) this.inFlight = undefined;
    });
    this.inFlight = { key, promise, controller };
    return promise;
  }

  /**
   * The three groups in parallel, each shown as soon as it arrives: the tree has rows after the
   * fastest group's round trip, not the slowest's. Arrival order also decides which copy of a
   * report another client moved is kept (the later answer is the fresher word).
   */
  private async loadAll(client: PageSource, query: ListQuery, signal: AbortSignal, key: string): Promise<void> {
    const generation = this.generation;
    const current = () => generation === this.generation && !signal.aborted;
    // A refresh of the same list keeps as many reports per group as the user had paged in.
    const depthOf = (result: ReportResult) => (this.groups[result].queryKey === key ? this.groups[result].items.length : 0);
    const failures: Partial<Record<ReportResult, ApiError>> = {};
    await Promise.all(
      RESULT_VALUES.map(async (result) => {
        const options = { signal, limits: this.limits, depth: depthOf(result), mutations: () => this.mutations };
        try {
          const { trail, walk } = await loadGroup(client, query, result, options);
          if (!current()) return;
          this.trails.set(result, trail);
          applyWalk(this.groups, result, walk, key);
        } catch (error) {
          const apiError = toApiError(error);
          if (!current()) return;
          // After a refused key nothing further is asked: the other groups' requests are cancelled.
          if (isSignOut(apiError)) return this.signOut(apiError);
          failures[result] = apiError;
          this.groups[result].error = apiError;
        }
        this.groups[result].loading = false;
        this.emit();
      }),
    );
    if (!current()) return;
    // The first failure in the groups' order (not in arrival order): the same words each time.
    this.lastError = RESULT_VALUES.map((r) => failures[r]).find((e) => e !== undefined);
    this.status = this.lastError ? 'stale' : 'ready';
    if (!this.lastError) this.loadedAt = new Date();
    this.emit();
  }

  /**
   * Whether the tree shows its groups: once loaded, and during the first load as soon as one
   * group has answered (before that the view's progress bar and welcome content show).
   */
  get showsGroups(): boolean {
    if (this.status === 'signed-out' || this.awaitingLoad) return false;
    if (this.status !== 'loading' || this.loadedAt) return true;
    return RESULT_VALUES.some((r) => !this.groups[r].loading || this.groups[r].items.length > 0);
  }

  /** The next page of one group, appended; ids already shown are not repeated. */
  async loadMore(client: PageSource, result: ReportResult): Promise<void> {
    const group = this.groups[result];
    if (!group.lastPage || !this.canLoadMore(result) || group.loadingMore) return;
    const generation = this.generation;
    const epoch = group.epoch;
    group.loadingMore = true;
    this.emit();
    try {
      const page = await client.nextPage(group.lastPage);
      // A reload (new search, sort, key) started, or a refresh replaced this group, meanwhile:
      // this page belongs to the old list.
      if (generation !== this.generation || epoch !== group.epoch) return;
      let trail = this.trails.get(result);
      if (!trail) this.trails.set(result, (trail = new PageTrail(this.limits)));
      const taken = trail.take(page, idsOf(group.items));
      const fresh = taken.fresh.map(summaryOf);
      group.items.push(...fresh);
      group.lastPage = pageFacts(page);
      group.cut = taken.cut;
      if (page.total !== undefined) group.total = page.total;
      group.error = undefined;
      evictElsewhere(this.groups, result, idsOf(fresh));
    } catch (error) {
      const apiError = toApiError(error);
      if (isSignOut(apiError)) this.signOut(apiError);
      else group.error = apiError;
      throw apiError;
    } finally {
      group.loadingMore = false;
      this.emit();
    }
  }

  find(id: ReportId): Report | undefined {
    const key = String(id);
    return RESULT_VALUES.flatMap((result) => this.groups[result].items).find((r) => String(r.id) === key);
  }

  /** The loaded reports for this URL, compared the way the service compares URLs (urlKey). */
  reportsFor(url: string): Report[] {
    const same = (r: Report) => typeof r.url === 'string' && (urlKey(r.url) ?? r.url) === (urlKey(url) ?? url);
    return RESULT_VALUES.flatMap((result) => this.groups[result].items.filter(same));
  }

  /** Puts a created or updated report where it belongs: in place, or moved to its new group. */
  upsert(record: Report): void {
    this.mutations++;
    const report = summaryOf(record);
    // Placed by its rating (a word or a score in percent), never by comparing `result` to a word.
    const band = ratingOf(report).band;
    const target = band === 'unknown' ? undefined : band;
    const index = target ? this.groups[target].items.findIndex((r) => String(r.id) === String(report.id)) : -1;
    if (target && index >= 0) this.groups[target].items[index] = report;
    evictElsewhere(this.groups, target, new Set([String(report.id)]));
    if (target && index < 0) {
      const group = this.groups[target];
      group.items.splice(insertionIndex(group.items, report, this.query), 0, report);
      if (group.total !== undefined) group.total += 1;
    }
    this.emit();
  }

  remove(id: ReportId): void {
    this.mutations++;
    evictElsewhere(this.groups, undefined, new Set([String(id)]));
    this.emit();
    this.removed.fire(id);
  }

  /** Forgets the list without signing anyone out: a new key, or another service. */
  clear(): void {
    this.reset('cleared');
  }

  /** Forgets the list because no key is usable: signed out, refused (`error`), not configured. */
  signOut(error?: ApiError): void {
    this.reset('signed-out', error);
  }

  private reset(status: 'cleared' | 'signed-out', error?: ApiError): void {
    this.inFlight?.controller.abort();
    this.inFlight = undefined;
    this.generation++;
    Object.assign(this.groups, emptyGroups());
    this.trails.clear();
    this.reloadDue = false;
    this.loadedAt = undefined; // another key or none: the old list's time says nothing of the next
    this.status = status;
    this.lastError = error;
    this.emit();
  }

  /** Each group's total; while a new query loads, those of the last list that had all three. */
  totals(): Totals {
    return { ...this.settledTotals };
  }

  /** The search and project the totals are counted under (sorting counts the same). */
  totalsFilter(): Pick<ListQuery, 'search' | 'project'> {
    const { search, project } = this.settledQuery;
    return { ...(search ? { search } : {}), ...(project ? { project } : {}) };
  }

  private emit(): void {
    if (RESULT_VALUES.every((r) => !this.groups[r].loading)) {
      this.settledTotals = { good: this.groups.good.total, decent: this.groups.decent.total, bad: this.groups.bad.total };
      this.settledQuery = this.query;
    }
    this.changed.fire();
  }
}
