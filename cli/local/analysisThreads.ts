// Which threads analyse the pages of `check --local`. By default the command's own thread does
// (it would only wait otherwise) and workers join, one per further core, only when the pages left
// would keep it busy long enough to pay for them: a worker costs a start and a warm-up (V8 loads
// and compiles the analysis anew in each: ~0.35 s of CPU) and saves at most half of what is left.
// Measured on 2 cores, 1,000 pages of ~30 KB (about a second of analysis): this thread alone takes
// 1.25–1.3× the CPU of reading and parsing them, two workers 1.65–1.9×, for the same wall time
// (1.0–1.2 s); 10,000 pages (bench/RESULTS.md): the workers join after the first quarter second.
import { availableParallelism } from 'node:os';
import { MAX_ANALYSIS_WORKERS } from '../../core/analysis/analysisPool';

/** Worker threads of a run, at most (each up to the pool's heap): the cores, up to this. */
export const MAX_LOCAL_WORKERS = 8;

/** The command's thread analyses this long before its pace is trusted (the first pages run cold). */
export const PACE_SAMPLE_MS = 250;

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

/** Whether the workers pay: `left` pages at the pace of the `done` that took the command's thread `spentMs`. */
export function workersPay(spentMs: number, done: number, left: number): boolean {
  return done > 0 && spentMs >= PACE_SAMPLE_MS && left * (spentMs / done) > WORKERS_PAY_AFTER_MS;
}
