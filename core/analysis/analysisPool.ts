// Runs page analyses off the caller's event loop: worker threads (one by default), reused, with a
// hard time limit per page (the worker is terminated on expiry and a fresh one started for the
// next page) and a memory limit, so no page can stall the service, the command line or the
// editor, however it is made. Both kinds of analysis: a fetched page (the service) and HTML alone.
// A caller with nothing else to do (the command line) may analyse in its own thread too
// (`callerLane`), starting the workers only when a run is long enough to pay for them.
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { AnalysisError } from './analysisError';
import type { AnalysisAnswer, AnalysisJob, runAnalysisJob } from './analysisJob';
import type { Analysis } from './checks';
import type { FetchedPage } from './facts';
import type { LocalAnalysis, LocalOptions } from './localAnalysis';
import type { FileAnswer } from './pageSummary';
import { PAGE_CAPS, type PageCaps } from './pageComplexity';

/**
 * Time an analysis may take, waiting for a worker included. A page at the caps takes 2–4 s on
 * one core of the shared development machine. With the page fetch's 10 s (analyze.ts) a create answers
 * within about 30 s: well under the client's create timeout (4 × its request timeout of 30 s by
 * default, so 120 s).
 */
export const ANALYSIS_TIME_LIMIT_MS = 20_000;
/** Each worker's heap (old generation); a page of 2 MiB at the element cap needs far less. */
export const ANALYSIS_HEAP_MB = 512;
/**
 * Each worker's young generation. A page's tree and its reading live there and die with the page;
 * left to itself V8 grows it to 48 MiB per worker over a long run (10,000 pages: the process's peak
 * memory 1.5× that of 1,000), for no fewer collections that count.
 */
export const ANALYSIS_YOUNG_MB = 16;
/** Pages that may wait for a worker (each holds up to 2 MiB); more are refused at once. */
export const MAX_WAITING_ANALYSES = 64;
/** Workers a pool may run (each up to ANALYSIS_HEAP_MB). */
export const MAX_ANALYSIS_WORKERS = 16;

export interface PoolOptions {
  timeLimitMs?: number;
  caps?: Partial<PageCaps>;
  heapMb?: number;
  /** worker threads, 1 by default, at most MAX_ANALYSIS_WORKERS */
  workers?: number;
  /** the worker script; default analysisWorker.js beside this file (or beside the bundle) */
  workerFile?: string;
  /** who runs the pool, in the busy and stopping reasons; default "the service" */
  owner?: string;
  /**
   * The caller's own thread analyses too, one lane beside the workers (which may then be none): a
   * job goes to the first of them free. The workers take jobs only after `useWorkers()`, so a run
   * the caller finishes alone never starts one (each costs a start and a warm-up: ~0.35 s of CPU).
   * No time limit in that lane (it would have to stop its own thread): a page's cost there is
   * bounded by the caps alone. For a command line, whose thread would otherwise wait.
   */
  callerLane?: boolean;
}

interface Waiting {
  job: AnalysisJob;
  deadline: number;
  resolve(value: unknown): void;
  reject(err: AnalysisError): void;
}

interface Slot {
  worker: Worker | undefined;
  running: { entry: Waiting; timer: NodeJS.Timeout } | undefined;
}

/**
 * Compiled beside this file (out/core/analysis/), from the service and from the tests alike; in
 * the bundles (dist/extension.js, the command line's dist/website-reports.js) this code sits in
 * the bundle and the worker is bundled beside it as analysisWorker.js.
 */
export const WORKER_FILE = path.join(__dirname, 'analysisWorker.js');

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

export class AnalysisPool {
  private readonly timeLimitMs: number;
  private readonly caps: PageCaps;
  private readonly heapMb: number;
  private readonly workerFile: string;
  private readonly owner: string;
  private readonly slots: Slot[];
  private readonly waiting: Waiting[] = [];
  private closed = false;
  private readonly callerLane: boolean;
  private workersOn: boolean;
  private callerBusy = false;
  private runInCaller: ((job: AnalysisJob) => AnalysisAnswer) | undefined;
  /** What the caller's lane has done: pages, and the milliseconds they took. */
  readonly callerWork = { jobs: 0, ms: 0 };

  constructor(opts: PoolOptions = {}) {
    this.timeLimitMs = opts.timeLimitMs ?? ANALYSIS_TIME_LIMIT_MS;
    this.caps = { ...PAGE_CAPS, ...opts.caps };
    this.heapMb = opts.heapMb ?? ANALYSIS_HEAP_MB;
    this.workerFile = opts.workerFile ?? WORKER_FILE;
    // l10n-exempt: an analysis's reason: the service's English answer (a surface words its own)
    this.owner = opts.owner ?? 'the service';
    this.callerLane = opts.callerLane ?? false;
    this.workersOn = !this.callerLane;
    const workers = Math.max(this.callerLane ? 0 : 1, Math.min(MAX_ANALYSIS_WORKERS, Math.floor(opts.workers ?? 1)));
    this.slots = Array.from({ length: workers }, () => ({ worker: undefined, running: undefined }));
  }

  /** Analyses the fetched page in a worker; AnalysisError past a cap, the time or the memory limit. */
  analyse(page: FetchedPage): Promise<Analysis> {
    return this.submit({ kind: 'page', page, caps: this.caps }) as Promise<Analysis>;
  }

  /** analyseHtml (localAnalysis.ts) in a worker; AnalysisError past a cap, the time or the memory limit. */
  analyseHtml(html: string, opts: Omit<LocalOptions, 'caps'> = {}): Promise<LocalAnalysis> {
    return this.submit({ kind: 'html', html, url: opts.url, caps: this.caps }) as Promise<LocalAnalysis>;
  }

  /**
   * Reads the page file at `file` (its real path, no link left in it) in a worker, never past a byte
   * over `maxBytes`, and analyses it: its summary (pageSummary.ts), or why it was not read. The
   * caller neither reads nor copies the text. AnalysisError as analyseHtml.
   */
  analyseFile(file: string, opts: Omit<LocalOptions, 'caps'> & { maxBytes: number }): Promise<FileAnswer> {
    return this.submit({ kind: 'file', file, url: opts.url, caps: this.caps, maxBytes: opts.maxBytes }) as Promise<FileAnswer>;
  }

  private submit(job: AnalysisJob): Promise<unknown> {
    if (this.closed) return Promise.reject(this.stopping());
    if (this.waiting.length >= MAX_WAITING_ANALYSES) {
      return Promise.reject(
        // l10n-exempt: an analysis's reason: the service's English answer (a surface words its own)
        new AnalysisError(`${this.owner} is busy: ${MAX_WAITING_ANALYSES} pages are waiting to be analysed; try again shortly`),
      );
    }
    return new Promise<unknown>((resolve, reject) => {
      this.waiting.push({ job, deadline: performance.now() + this.timeLimitMs, resolve, reject });
      this.next();
    });
  }

  private stopping(): AnalysisError {
    // l10n-exempt: an analysis's reason: the service's English answer (a surface words its own)
    return new AnalysisError(`${this.owner} is stopping`);
  }

  private tooLong(): AnalysisError {
    // l10n-exempt: an analysis's reason: the service's English answer (a surface words its own)
    return new AnalysisError(`too complex: the analysis took longer than ${seconds(this.timeLimitMs)}`);
  }

  /** Worker threads it may run. */
  get workers(): number {
    return this.slots.length;
  }

  /** Worker threads running now. */
  get liveWorkers(): number {
    return this.slots.filter((s) => s.worker !== undefined).length;
  }

  /** The workers take jobs from now on, beside the caller's lane (`callerLane`). */
  useWorkers(): void {
    this.workersOn = true;
    this.next();
  }

  private next(): void {
    if (this.callerLane && !this.callerBusy && this.waiting.length > 0 && !this.closed) {
      this.callerBusy = true;
      // After the caller's current turn: the job's submitter gets its promise first, and a signal or a timer is never kept waiting by more than one page.
      setImmediate(() => this.callerTurn());
    }
    if (!this.workersOn) return;
    for (const slot of this.slots) {
      while (!slot.running && !this.closed) {
        const entry = this.waiting.shift();
        if (!entry) return;
        const left = entry.deadline - performance.now();
        if (left <= 0) {
          entry.reject(this.tooLong());
          continue;
        }
        const worker = (slot.worker ??= this.spawn(slot));
        slot.running = { entry, timer: setTimeout(() => this.stopWorker(slot, this.tooLong()), left) };
        worker.postMessage(entry.job);
      }
    }
  }

  /** One waiting job, analysed in the caller's thread. */
  private callerTurn(): void {
    this.callerBusy = false;
    const entry = this.closed ? undefined : this.waiting.shift();
    if (!entry) return;
    const start = performance.now();
    let answer: AnalysisAnswer;
    try {
      // The worker's own file, whose export runs a job as the worker does: one code, loaded in this thread only when this lane first works.
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a file of the bundle's, beside it (see WORKER_FILE), never bundled into the caller's
      this.runInCaller ??= (require(this.workerFile) as { runAnalysisJob: typeof runAnalysisJob }).runAnalysisJob;
      answer = this.runInCaller(entry.job);
    } catch (err) {
      // l10n-exempt: an analysis's reason: the service's English answer (a surface words its own)
      answer = { ok: false, reason: `the analysis failed (${err instanceof Error ? err.message : String(err)})` };
    }
    this.callerWork.jobs++;
    this.callerWork.ms += performance.now() - start;
    if (answer.ok) entry.resolve(answer.value);
    else entry.reject(new AnalysisError(answer.reason));
    this.next();
  }

  private spawn(slot: Slot): Worker {
    const worker = new Worker(this.workerFile, {
      resourceLimits: { maxOldGenerationSizeMb: this.heapMb, maxYoungGenerationSizeMb: ANALYSIS_YOUNG_MB },
    });
    worker.unref(); // an idle worker never keeps the process alive
    worker.on('message', (answer: AnalysisAnswer) => {
      if (worker !== slot.worker || !slot.running) return;
      const { entry, timer } = slot.running;
      clearTimeout(timer);
      slot.running = undefined;
      if (answer.ok) entry.resolve(answer.value);
      else entry.reject(new AnalysisError(answer.reason));
      this.next();
    });
    worker.on('error', (err: Error & { code?: string }) => {
      if (worker !== slot.worker) return;
      // l10n-exempt: an analysis's reason: the service's English answer (a surface words its own)
      const reason =
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `too complex: the analysis needs more than ${this.heapMb} MiB of memory`
          : `the analysis failed (${err.message})`;
      this.stopWorker(slot, new AnalysisError(reason));
    });
    worker.on('exit', () => {
      // l10n-exempt: an analysis's reason: the service's English answer (a surface words its own)
      if (worker === slot.worker) this.stopWorker(slot, new AnalysisError('the analysis stopped unexpectedly'));
    });
    return worker;
  }

  /** Ends the slot's worker (a fresh one serves the next page) and fails the page it was analysing. */
  private stopWorker(slot: Slot, error: AnalysisError): void {
    const worker = slot.worker;
    slot.worker = undefined;
    void worker?.terminate();
    if (slot.running) {
      clearTimeout(slot.running.timer);
      slot.running.entry.reject(error);
      slot.running = undefined;
    }
    this.next();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const entry of this.waiting.splice(0)) entry.reject(this.stopping());
    const workers = this.slots.map((s) => s.worker);
    for (const slot of this.slots) this.stopWorker(slot, this.stopping());
    await Promise.all(workers.map((w) => w?.terminate()));
  }
}
