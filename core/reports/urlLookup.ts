// URL → the latest report for exactly that URL (compared by `urlKey`), for hovers, badges and
// Problems. Lookups are cached (time to live; `invalidate` after this extension's writes and on
// refresh), identical lookups in flight are joined, and lookups for the same host made together
// are batched: one list request with `search` = the host (100 per page, newest first, paging only
// while some URL is still unanswered) answers all of them. A host with more reports than a few
// pages hold is not paged further: the engine narrows the search instead (host + first path
// segment, then the URL itself). Every request goes through the request budget. Only URLs (as
// search text) ever leave the machine.
import type { CallOptions } from '../client/client';
import { ListQuery, Report, ReportPage } from '../client/types';
import { latestByHost } from './hostSearch';
import { urlKey } from '../urls/urlKey';
import { Priority, RequestBudget } from '../client/requestBudget';

/** What the engine needs of the API client. */
export interface ListSource {
  listReports(query: ListQuery, options?: CallOptions): Promise<ReportPage>;
  nextPage(page: ReportPage, options?: CallOptions): Promise<ReportPage>;
}

export interface UrlLookupOptions {
  /** The client; may throw (signed out) — the lookups then fail with that error. */
  source: () => ListSource;
  budget: RequestBudget;
  ttlMs?: number;
  /** Pages read for one search before it is narrowed instead; default 3. */
  maxPages?: number;
  /** Lookups for one host made within this time share one request; default 0 (the same turn of the event loop). */
  batchDelayMs?: number;
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  report: Report | undefined;
  at: number;
  generation: number;
}

interface Pending {
  keys: Map<string, { resolve: (r: Report | undefined) => void; reject: (e: unknown) => void }>;
  priority: Priority;
  timer: NodeJS.Timeout;
}

export class UrlLookup {
  private readonly cache = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<Report | undefined>>();
  private readonly batches = new Map<string, Pending>();
  private generation = 0;
  private readonly ttlMs: number;
  private readonly maxPages: number;
  private readonly batchDelayMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(private readonly options: UrlLookupOptions) {
    this.ttlMs = options.ttlMs ?? 5 * 60_000;
    this.maxPages = Math.max(1, options.maxPages ?? 3);
    this.batchDelayMs = options.batchDelayMs ?? 0;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** The cached answer: `{report}` (report undefined = no report yet), or undefined when unknown or stale. */
  cached(url: string): { report: Report | undefined } | undefined {
    const key = urlKey(url);
    const entry = key === undefined ? undefined : this.cache.get(key);
    if (!entry || entry.generation !== this.generation || this.now() - entry.at > this.ttlMs) return undefined;
    return { report: entry.report };
  }

  /** The latest report for `url`, or undefined when it has none (or is not an http(s) URL). */
  lookup(url: string, priority: Priority = 'background'): Promise<Report | undefined> {
    const key = urlKey(url);
    if (key === undefined) return Promise.resolve(undefined);
    const hit = this.cached(url);
    if (hit) return Promise.resolve(hit.report);
    const joined = this.inFlight.get(key);
    if (joined) {
      if (priority === 'interactive') this.raise(key);
      return joined;
    }
    const promise = new Promise<Report | undefined>((resolve, reject) => this.enqueue(key, priority, resolve, reject));
    this.inFlight.set(key, promise);
    const clear = () => {
      if (this.inFlight.get(key) === promise) this.inFlight.delete(key);
    };
    promise.then(clear, clear);
    return promise;
  }

  /** Every URL's latest report (undefined = none), looked up together. */
  async lookupAll(urls: readonly string[], priority: Priority = 'background'): Promise<Map<string, Report | undefined>> {
    const distinct = [...new Set(urls)];
    const answers = await Promise.all(distinct.map((url) => this.lookup(url, priority)));
    return new Map(distinct.map((url, i) => [url, answers[i]]));
  }

  /** Forgets every answer (a refresh, a key change), or only `url`'s (this extension wrote it). */
  invalidate(url?: string): void {
    if (url === undefined) {
      this.generation++;
      this.cache.clear();
      return;
    }
    const key = urlKey(url);
    if (key !== undefined) this.cache.delete(key);
  }

  /** This extension created or changed `report`: it is the latest for its URL from now on. */
  remember(report: Report): void {
    const key = typeof report.url === 'string' ? urlKey(report.url) : undefined;
    if (key !== undefined) this.store(key, report, this.generation);
  }

  dispose(): void {
    for (const batch of this.batches.values()) {
      clearTimeout(batch.timer);
      for (const waiter of batch.keys.values()) waiter.reject(new Error('The URL lookup was stopped.')); // l10n-exempt: only at shutdown, never shown
    }
    this.batches.clear();
  }

  private raise(key: string): void {
    const batch = this.batches.get(new URL(key).host);
    if (batch?.keys.has(key)) batch.priority = 'interactive';
  }

  private enqueue(key: string, priority: Priority, resolve: (r: Report | undefined) => void, reject: (e: unknown) => void): void {
    const host = new URL(key).host;
    let batch = this.batches.get(host);
    if (!batch) {
      const timer = setTimeout(() => void this.flush(host), this.batchDelayMs);
      batch = { keys: new Map(), priority, timer };
      this.batches.set(host, batch);
    }
    if (priority === 'interactive') batch.priority = 'interactive';
    batch.keys.set(key, { resolve, reject });
  }

  private async flush(host: string): Promise<void> {
    const batch = this.batches.get(host);
    if (!batch) return;
    this.batches.delete(host);
    const generation = this.generation;
    try {
      const found = await latestByHost(
        { source: this.options.source, budget: this.options.budget, maxPages: this.maxPages },
        host,
        new Set(batch.keys.keys()),
        batch.priority,
      );
      for (const [key, waiter] of batch.keys) {
        const report = found.get(key);
        this.store(key, report, generation);
        waiter.resolve(report);
      }
    } catch (error) {
      for (const waiter of batch.keys.values()) waiter.reject(error);
    }
  }

  private store(key: string, report: Report | undefined, generation: number): void {
    if (generation !== this.generation) return; // invalidated while the request ran
    this.cache.delete(key);
    this.cache.set(key, { report, at: this.now(), generation });
    if (this.cache.size > this.maxEntries) this.cache.delete(this.cache.keys().next().value as string);
  }
}
