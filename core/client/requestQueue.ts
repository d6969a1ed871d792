// The client's one pacer: every request waits here for the RateGate, and this is the one place a
// 429 is waited out (the requester puts the call back; no caller loops on 429). Nothing is dropped;
// interactive calls go before visible ones, visible before background; a cancelled call leaves at
// once. A wait longer than MAX_RATE_WAIT_MS is not waited: the call fails at once, saying when
// the service will take requests again. Timers and the clock are injected, so tests drive it with
// a fake clock instead of waiting.
import * as l10n from '@vscode/l10n';
import { ApiError, describeDelay } from './errors';
import { Priority, PRIORITIES, RateGate, RateObservation } from './rateGate';

export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The longest the queue holds a call for the service's limit; longer is refused at once, saying when (docs/CLI.md). */
export const MAX_RATE_WAIT_MS = 60_000;

interface Waiter {
  priority: Priority;
  resolve(ticket: number): void;
  reject(error: ApiError): void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export interface RequestQueueOptions {
  /** A call that would wait longer than this is refused with 'rate-limited' instead (default MAX_RATE_WAIT_MS). */
  maxWaitMs?: number;
}

export class RequestQueue {
  private readonly waiting: Record<Priority, Waiter[]> = { interactive: [], visible: [], background: [] };
  private count = 0;
  private timer: unknown;
  private readonly maxWaitMs: number;

  constructor(
    readonly gate: RateGate,
    private readonly timers: Timers = realTimers,
    options: RequestQueueOptions = {},
  ) {
    this.maxWaitMs = options.maxWaitMs ?? MAX_RATE_WAIT_MS;
  }

  /** Resolves with a gate ticket when the request may start. */
  acquire(priority: Priority = 'interactive', signal?: AbortSignal): Promise<number> {
    if (signal?.aborted) return Promise.reject(cancelled());
    // The common case, nothing queued and nothing to wait for: no promise machinery beyond one.
    if (this.count === 0 && this.gate.wait(priority) === 0) return Promise.resolve(this.gate.start(priority === 'background'));
    return new Promise<number>((resolve, reject) => {
      const waiter: Waiter = { priority, resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          this.remove(waiter);
          reject(cancelled());
          this.pump();
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.waiting[priority].push(waiter);
      this.count++;
      this.pump();
    });
  }

  /** An answer arrived: the gate learns the budget, and waiting calls may go. */
  observe(ticket: number, answer: RateObservation): void {
    this.gate.observe(ticket, answer);
    if (this.count) this.pump();
  }

  /** A request ended without an answer. */
  settle(ticket: number): void {
    this.gate.settle(ticket);
    if (this.count) this.pump();
  }

  /** Whether a hold of `ms` is longer than the queue waits. */
  waitsFor(ms: number): boolean {
    return ms <= this.maxWaitMs;
  }

  /** The error a call gets when the service's hold is longer than the queue waits. */
  private tooLong(wait: number): ApiError {
    return new ApiError(
      'rate-limited',
      l10n.t('The report service is limiting requests; it will accept them again in {0}.', describeDelay(wait)),
      { retryAfterMs: wait },
    );
  }

  /** Refuses every waiting call (the client is being disposed). */
  close(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    for (const priority of PRIORITIES) {
      for (const waiter of [...this.waiting[priority]]) {
        this.remove(waiter);
        waiter.reject(cancelled());
      }
    }
  }

  get length(): number {
    return this.count;
  }

  private first(): Waiter | undefined {
    for (const priority of PRIORITIES) if (this.waiting[priority].length) return this.waiting[priority][0];
    return undefined;
  }

  /** Starts every call the gate allows now, in priority order, and sets a timer for the next. */
  private pump(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    for (;;) {
      const next = this.first();
      if (!next) return;
      const wait = this.gate.wait(next.priority);
      if (wait > this.maxWaitMs) {
        this.remove(next);
        next.reject(this.tooLong(wait));
        continue;
      }
      if (wait > 0) {
        this.timer = this.timers.setTimeout(() => {
          this.timer = undefined;
          this.pump();
        }, wait);
        return;
      }
      this.remove(next);
      next.resolve(this.gate.start(next.priority === 'background'));
    }
  }

  private remove(waiter: Waiter): void {
    const list = this.waiting[waiter.priority];
    const index = list.indexOf(waiter);
    if (index >= 0) {
      list.splice(index, 1);
      this.count--;
    }
    if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener('abort', waiter.onAbort);
  }
}

function cancelled(): ApiError {
  return new ApiError('cancelled', l10n.t('The request was cancelled.'));
}
