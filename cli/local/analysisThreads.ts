// Which threads analyse the pages of `check --local`. By default the command's own thread does
// (it would only wait otherwise) and workers join, one per further core, only when the pages left
// would keep it busy long enough to pay for them: a worker costs a start and a warm-up (V8 loads
// and compiles the analysis anew in each: ~0.35 s of CPU) and saves at most half of what is left.
// Measured on 2 cores, 1,000 pages of ~30 KB (about a second of analysis): this thread alone takes
// 1.25–1.3× the CPU of reading and parsing them, two workers 1.65–1.9×, for the same wall time
// (1.0–1.2 s); 10,000 pages (bench/RESULTS.md): the workers join after the first 0.3 s.
import { availableParallelism } from 'node:os';
import { MAX_ANALYSIS_WORKERS } from '../../core/analysis/analysisPool';

/** Worker threads of a run, at most (each up to the pool's heap): the cores, up to this. */
export const MAX_LOCAL_WORKERS = 8;

/**
 * The command's thread's first pages, left out of its pace: V8 compiles the analysis meanwhile, and
 * the first hundred pages take 2–3× as long as the later ones (1,000 pages of 30 KB: 1.8–1.9 ms a page
 * over the first hundred, 0.6–0.7 ms from the fifth).
 */
export const COLD_MS = 150;

/** The pace is then measured over this long before it is trusted. */
export const PACE_SAMPLE_MS = 150;

/**
 * The workers join when the pages left would take the command's thread longer than this at its
 * pace so far: with 1.5 s left, a worker on a second core saves about 0.6 s of waiting for its
 * ~0.35 s of CPU; with less, it would cost more CPU than it saves time.
 */
export const WORKERS_PAY_AFTER_MS = 1_500;

export interface AnalysisThreads {
  /** Worker threads the run may start. */
  workers: number;
  /** Whether the command's own thread analyses too, the workers waiting until they pay (`workersPay`). */
  callerLane: boolean;
}

/**
 * $WEBREPORTS_WORKERS (a whole number): that many workers from the start, the command's thread
 * only walking and judging (0: the command's thread alone); unset (or not a whole number): the
 * command's thread, and a worker per further core when they pay. At most MAX_LOCAL_WORKERS.
 */
export function analysisThreads(asked: string | undefined, cores = availableParallelism()): AnalysisThreads {
  const trimmed = asked?.trim() ?? '';
  const cap = Math.min(MAX_LOCAL_WORKERS, MAX_ANALYSIS_WORKERS);
  if (/^\d{1,3}$/.test(trimmed)) {
    const n = Math.min(cap, Number(trimmed));
    return n === 0 ? { workers: 0, callerLane: true } : { workers: n, callerLane: false };
  }
  return { workers: Math.max(0, Math.min(cap, cores - 1)), callerLane: true };
}

/**
 * Pages the run looks ahead at most to know whether the workers pay (each a path and a name held:
 * some 20 MB). More than this many pages left always pay: the least page takes some 50 µs.
 */
export const MAX_LOOK_AHEAD = 50_000;

/**
 * The command's thread's pace, from what its lane has done (`spentMs` over `done` pages, as the
 * pool counts them), its cold start left out: how many pages left make the workers pay.
 */
export class Pace {
  private from: { ms: number; done: number } | undefined;

  /** More than this many pages left make the workers pay; undefined until the pace is measured. */
  worthWorkers(spentMs: number, done: number): number | undefined {
    if (!this.from) {
      if (spentMs >= COLD_MS) this.from = { ms: spentMs, done };
      return undefined;
    }
    const ms = spentMs - this.from.ms;
    const pages = done - this.from.done;
    if (pages === 0 || ms < PACE_SAMPLE_MS) return undefined;
    return Math.min(MAX_LOOK_AHEAD, Math.floor(WORKERS_PAY_AFTER_MS / (ms / pages)));
  }
}

/**
 * The pages of a run as they are found (the walk yields them one at a time), with a look ahead
 * of as many as the question asks: `hasMore(n)` holds up to n + 1 found pages, no more, so a
 * folder of 200,000 pages is never held whole.
 */
export class LookAhead<T> {
  private readonly held: T[] = [];
  private start = 0;
  private ended = false;

  constructor(private readonly source: Iterator<T>) {}

  next(): T | undefined {
    if (this.start < this.held.length) {
      const item = this.held[this.start];
      this.held[this.start++] = undefined as T;
      if (this.start === this.held.length) this.held.length = this.start = 0;
      else if (this.start > 1024 && this.start * 2 > this.held.length) {
        this.held.splice(0, this.start);
        this.start = 0;
      }
      return item;
    }
    return this.pull();
  }

  /** Whether more than `n` pages are left (found by walking ahead as far as that). */
  hasMore(n: number): boolean {
    while (!this.ended && this.held.length - this.start <= n) {
      const item = this.pull();
      if (item === undefined) break;
      this.held.push(item);
    }
    return this.held.length - this.start > n;
  }

  private pull(): T | undefined {
    if (this.ended) return undefined;
    const step = this.source.next();
    if (step.done) {
      this.ended = true;
      return undefined;
    }
    return step.value;
  }
}
