// Runs page analyses off the service's event loop: one worker thread, reused, with a hard time
// limit (the worker is terminated on expiry and a fresh one started for the next page) and a
// memory limit, so no page can stall the other requests, however it is made.
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { AnalysisError } from './analysisError';
import type { Analysis } from './checks';
import type { FetchedPage } from './facts';
import { PAGE_CAPS, type PageCaps } from './pageComplexity';

/**
 * Time an analysis may take, waiting for the worker included. A page at the caps takes 2–4 s on
 * one core of the shared development machine. With the page fetch's 10 s (analyze.ts) a create answers
 * within about 30 s: well under the client's create timeout (4 × its request timeout of 30 s by
 * default, so 120 s).
 */
export const ANALYSIS_TIME_LIMIT_MS = 20_000;
/** The worker's heap (old generation); a page of 2 MiB at the element cap needs far less. */
export const ANALYSIS_HEAP_MB = 512;
/** Pages that may wait for the worker (each holds up to 2 MiB); more are refused at once, with a 422. */
export const MAX_WAITING_ANALYSES = 64;

export interface AnalysisJob {
  page: FetchedPage;
  caps: PageCaps;
}

export type AnalysisAnswer = { ok: true; analysis: Analysis } | { ok: false; reason: string };

export interface PoolOptions {
  timeLimitMs?: number;
  caps?: Partial<PageCaps>;
  heapMb?: number;
}

interface Waiting {
  job: AnalysisJob;
  deadline: number;
  resolve(analysis: Analysis): void;
  reject(err: AnalysisError): void;
}

/** Compiled beside this file (out/service/), from the service and from the tests alike. */
const WORKER_FILE = path.join(__dirname, 'analysisWorker.js');

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

export class AnalysisPool {
  private readonly timeLimitMs: number;
  private readonly caps: PageCaps;
  private readonly heapMb: number;
  private worker: Worker | undefined;
  private running: { entry: Waiting; timer: NodeJS.Timeout } | undefined;
  private readonly waiting: Waiting[] = [];
  private closed = false;

  constructor(opts: PoolOptions = {}) {
    this.timeLimitMs = opts.timeLimitMs ?? ANALYSIS_TIME_LIMIT_MS;
    this.caps = { ...PAGE_CAPS, ...opts.caps };
    this.heapMb = opts.heapMb ?? ANALYSIS_HEAP_MB;
  }

  /** Analyses the page in the worker; AnalysisError past a cap, the time or the memory limit. */
  analyse(page: FetchedPage): Promise<Analysis> {
    if (this.closed) return Promise.reject(new AnalysisError('the service is stopping'));
    if (this.waiting.length >= MAX_WAITING_ANALYSES) {
      return Promise.reject(
        new AnalysisError(`the service is busy: ${MAX_WAITING_ANALYSES} pages are waiting to be analysed; try again shortly`),
      );
    }
    return new Promise<Analysis>((resolve, reject) => {
      this.waiting.push({ job: { page, caps: this.caps }, deadline: performance.now() + this.timeLimitMs, resolve, reject });
      this.next();
    });
  }

  private tooLong(): AnalysisError {
    return new AnalysisError(`too complex: the analysis took longer than ${seconds(this.timeLimitMs)}`);
  }

  private next(): void {
    while (!this.running && !this.closed) {
      const entry = this.waiting.shift();
      if (!entry) return;
      const left = entry.deadline - performance.now();
      if (left <= 0) {
        entry.reject(this.tooLong());
        continue;
      }
      const worker = (this.worker ??= this.spawn());
      this.running = { entry, timer: setTimeout(() => this.stopWorker(this.tooLong()), left) };
      worker.postMessage(entry.job);
    }
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_FILE, { resourceLimits: { maxOldGenerationSizeMb: this.heapMb } });
    worker.unref(); // an idle worker never keeps the process alive
    worker.on('message', (answer: AnalysisAnswer) => {
      if (worker !== this.worker || !this.running) return;
      const { entry, timer } = this.running;
      clearTimeout(timer);
      this.running = undefined;
      if (answer.ok) entry.resolve(answer.analysis);
      else entry.reject(new AnalysisError(answer.reason));
      this.next();
    });
    worker.on('error', (err: Error & { code?: string }) => {
      if (worker !== this.worker) return;
      const reason =
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `too complex: the analysis needs more than ${this.heapMb} MiB of memory`
          : `the analysis failed (${err.message})`;
      this.stopWorker(new AnalysisError(reason));
    });
    worker.on('exit', () => {
      if (worker === this.worker) this.stopWorker(new AnalysisError('the analysis stopped unexpectedly'));
    });
    return worker;
  }

  /** Ends the worker (a fresh one serves the next page) and fails the page it was analysing. */
  private stopWorker(error: AnalysisError): void {
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
    if (this.running) {
      clearTimeout(this.running.timer);
      this.running.entry.reject(error);
      this.running = undefined;
    }
    this.next();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const entry of this.waiting.splice(0)) entry.reject(new AnalysisError('the service is stopping'));
    const worker = this.worker;
    this.stopWorker(new AnalysisError('the service is stopping'));
    await worker?.terminate();
  }
}
