// URL → the latest report for exactly that URL (compared by `urlKey`), for every feature that shows
// or acts on it: hovers, badges, Problems, URLs in Workspace, page sources, Report All Unrated, site
// scans and the command line's `check`. One cache (time to live; `invalidate` after this extension's
// writes and on refresh), identical lookups in flight joined, and the lookups asked for together
// (within `batchDelayMs`, one batch per priority) made as one run at the floor (lookupRun.ts). A
// lookup that failed is *unknown*: it is never cached, never "no report", and asked again next time.
// Only URLs (as search text) ever leave the machine.
import type { Report, ReportPage } from '../client/types';
import { urlKey } from '../urls/urlKey';
import { ACCOUNT_QUERY, loopTurns, sendList, type ListSource } from './lookupDeps';
import { answerOf, type LookupAnswer } from './lookupAnswer';
import { lookupPriority, type LookupAudience, type LookupPriority } from './lookupPriority';
import { needsProbe, runLookups, type LookupRoute } from './lookupRun';

export type { ListSource } from './lookupDeps';
export type { LookupAudience } from './lookupPriority';
export { answerOf, reasonOf, type LookupAnswer } from './lookupAnswer';

export interface UrlLookupOptions {
  /** The client; may throw (signed out) — the lookups then fail with that error. */
  source: () => ListSource;
  ttlMs?: number;
  /** Pages read for one search before it is narrowed instead; default 3. */
  maxPages?: number;
  /** Lookups made within this time form one run; default 0 (the same turn of the event loop). */
  batchDelayMs?: number;
  maxEntries?: number;
  now?: () => number;
  /** Told the route each run took (tests and benchmarks). */
  onRoute?: (route: LookupRoute) => void;
}

interface Entry {
  report: Report | undefined;
  at: number;
  generation: number;
}

interface Waiter {
  resolve: (r: Report | undefined) => void;
  reject: (e: unknown) => void;
}

interface Batch {
  keys: Map<string, Waiter>;
  /** Stops the batch's flush from running (it has not run yet). */
  cancel: () => void;
}

/** A run in flight: its priority can be raised while it goes on. */
interface Run {
  keys: ReadonlySet<string>;
  priority: LookupPriority;
}

export class UrlLookup {
  private readonly cache = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<Report | undefined>>();
  private readonly batches = new Map<LookupPriority, Batch>();
  private readonly running = new Set<Run>();
  private total?: { value: number; at: number; generation: number };
  /** The account's first page, asked for ahead of the next run (settleAll). */
  private probe?: { page: Promise<ReportPage>; generation: number };
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
    return key === undefined ? undefined : this.cachedKey(key);
  }

  private cachedKey(key: string): { report: Report | undefined } | undefined {
    const entry = this.cache.get(key);
    if (!entry || entry.generation !== this.generation || this.now() - entry.at > this.ttlMs) return undefined;
    return { report: entry.report };
  }

  /** The latest report for `url`, or undefined when it has none (or is not an http(s) URL); rejects when unknown. */
  lookup(url: string, audience: LookupAudience = 'background'): Promise<Report | undefined> {
    const key = urlKey(url);
    if (key === undefined) return Promise.resolve(undefined);
    const hit = this.cachedKey(key);
    if (hit) return Promise.resolve(hit.report);
    const priority = lookupPriority(audience);
    const joined = this.inFlight.get(key);
    if (joined) {
      if (priority === 'interactive') this.raise(key);
      return joined;
    }
    const promise = new Promise<Report | undefined>((resolve, reject) => this.enqueue(key, priority, { resolve, reject }));
    this.inFlight.set(key, promise);
    const clear = () => {
      if (this.inFlight.get(key) === promise) this.inFlight.delete(key);
    };
    promise.then(clear, clear);
    return promise;
  }

  /** Every URL's latest report (undefined = none), looked up together; rejects when any is unknown. */
  async lookupAll(urls: readonly string[], audience: LookupAudience = 'background'): Promise<Map<string, Report | undefined>> {
    const distinct = [...new Set(urls)];
    const answers = await Promise.all(distinct.map((url) => this.lookup(url, audience)));
    return new Map(distinct.map((url, i) => [url, answers[i]]));
  }

  /** Every URL's answer, looked up together; never rejects (a failure is `unknown`). `onEach` for each, once all are answered. */
  async settleAll(
    urls: readonly string[],
    audience: LookupAudience = 'background',
    onEach?: (url: string, answer: LookupAnswer) => void,
  ): Promise<Map<string, LookupAnswer>> {
    const distinct = [...new Set(urls)];
    // The run's first request, when it has one, travels while its lookups are set up.
    if (this.startProbe(distinct, lookupPriority(audience))) await loopTurns(2);
    const probe = this.probe;
    // One promise a URL (its lookup), not four: a run answers its URLs together anyway.
    const settled = await Promise.allSettled(distinct.map((url) => this.lookup(url, audience)));
    // Not taken (other runs answered these URLs meanwhile): never kept for a later run, whose answers it would age.
    if (probe && this.probe === probe) this.probe = undefined;
    const answers = new Map<string, LookupAnswer>();
    distinct.forEach((url, i) => {
      const answer = answerOf(settled[i]);
      onEach?.(url, answer);
      answers.set(url, answer);
    });
    return answers;
  }

  /**
   * Sends the first request of the run settleAll(`urls`) will make (the account's first page, when
   * it begins with one) now, to travel while the caller loads code; resolves once it is written.
   */
  async prefetch(urls: readonly string[], audience: LookupAudience = 'background'): Promise<void> {
    if (this.startProbe([...new Set(urls)], lookupPriority(audience))) await loopTurns(2);
  }

  /**
   * Asks for the account's first page now when the run these URLs make will begin with it (no
   * fresh total, two hosts or more still to look up): the same request the run would send, sent
   * earlier. Returns it when it was sent.
   */
  private startProbe(urls: readonly string[], priority: LookupPriority): UrlLookup['probe'] {
    if (this.probe?.generation === this.generation || this.freshTotal() !== undefined) return undefined;
    const open = function* (lookup: UrlLookup) {
      for (const url of urls) {
        const key = urlKey(url);
        if (key !== undefined && !lookup.inFlight.has(key) && !lookup.cachedKey(key)) yield key;
      }
    };
    if (!needsProbe(open(this), undefined)) return undefined;
    const deps = { source: this.options.source, maxPages: this.maxPages };
    const page = new Promise<ReportPage>((resolve) => resolve(sendList(deps, () => priority, ACCOUNT_QUERY)));
    page.catch(() => undefined); // its failure is the run's answer (the run awaits it)
    this.probe = { page, generation: this.generation };
    return this.probe;
  }

  /** The account's total when an answer of this generation told it within the time to live. */
  private freshTotal(): number | undefined {
    const known = this.total;
    return known && known.generation === this.generation && this.now() - known.at <= this.ttlMs ? known.value : undefined;
  }

  /** Forgets every answer (a refresh, a key change), or only `url`'s (this extension wrote it). */
  invalidate(url?: string): void {
    if (url === undefined) {
      this.generation++;
      this.cache.clear();
      this.total = undefined;
      this.probe = undefined;
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
      batch.cancel();
      for (const waiter of batch.keys.values()) waiter.reject(new Error('The URL lookup was stopped.')); // l10n-exempt: only at shutdown, never shown
    }
    this.batches.clear();
    this.probe = undefined;
  }

  /** Someone now looks at `key`: its batch waiting moves to the interactive one, a run in flight goes on at that priority. */
  private raise(key: string): void {
    const waiting = this.batches.get('background');
    const waiter = waiting?.keys.get(key);
    if (waiter) {
      waiting?.keys.delete(key);
      this.enqueue(key, 'interactive', waiter);
      return;
    }
    for (const run of this.running) if (run.keys.has(key)) run.priority = 'interactive';
  }

  private enqueue(key: string, priority: LookupPriority, waiter: Waiter): void {
    let batch = this.batches.get(priority);
    if (!batch) {
      // No delay: at the end of this turn of the event loop (a zero timer would wait a millisecond).
      const flush = () => void this.flush(priority);
      let cancel: () => void;
      if (this.batchDelayMs > 0) {
        const timer = setTimeout(flush, this.batchDelayMs);
        cancel = () => clearTimeout(timer);
      } else {
        const immediate = setImmediate(flush);
        cancel = () => clearImmediate(immediate);
      }
      batch = { keys: new Map(), cancel };
      this.batches.set(priority, batch);
    }
    batch.keys.set(key, waiter);
  }

  private async flush(priority: LookupPriority): Promise<void> {
    const batch = this.batches.get(priority);
    if (!batch) return;
    this.batches.delete(priority);
    if (batch.keys.size === 0) return;
    const generation = this.generation;
    const run: Run = { keys: new Set(batch.keys.keys()), priority };
    this.running.add(run);
    const accountTotal = this.freshTotal();
    // A probe asked for ahead is taken by the first run that begins with it.
    let probe: Promise<ReportPage> | undefined;
    if (this.probe?.generation === generation && needsProbe(run.keys, accountTotal)) {
      probe = this.probe.page;
      this.probe = undefined;
    }
    try {
      const answers = await runLookups(
        {
          deps: { source: this.options.source, maxPages: this.maxPages },
          priority: () => run.priority,
          accountTotal,
          probe,
          onTotal: (value) => {
            if (generation === this.generation) this.total = { value, at: this.now(), generation };
          },
          onRoute: this.options.onRoute,
        },
        run.keys,
      );
      for (const [key, waiter] of batch.keys) {
        const answer = answers.get(key) ?? { report: undefined };
        if ('error' in answer) {
          waiter.reject(answer.error); // unknown: not cached, asked again next time
          continue;
        }
        this.store(key, answer.report, generation);
        waiter.resolve(answer.report);
      }
    } catch (error) {
      for (const waiter of batch.keys.values()) waiter.reject(error); // runLookups answers failures itself; a bug must not hang callers
    } finally {
      this.running.delete(run);
    }
  }

  private store(key: string, report: Report | undefined, generation: number): void {
    if (generation !== this.generation) return; // invalidated while the request ran
    this.cache.delete(key);
    this.cache.set(key, { report, at: this.now(), generation });
    if (this.cache.size > this.maxEntries) this.cache.delete(this.cache.keys().next().value as string);
  }
}
