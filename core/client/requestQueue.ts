// Queues the client's requests behind the RateGate: nothing is dropped, interactive calls go
// before queued background ones, a cancelled call leaves the queue at once. Timers and the clock
// are injected, so tests drive it with a fake clock instead of waiting.
import * as l10n from '@vscode/l10n';
import { ApiError, describeDelay } from './errors';
import { Priority, RateGate, RateObservation } from './rateGate';

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

interface Waiter {
  priority: Priority;
  resolve(ticket: number): void;
  reject(error: ApiError): void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export interface RequestQueueOptions {
  /** A call that would wait longer than this is refused with 'rate-limited' instead (default: one minute). */
  maxWaitMs?: number;
}

export class RequestQueue {
  private readonly waiting: Waiter[] = [];
  private timer: unknown;
  private readonly maxWaitMs: number;

  constructor(
    readonly gate: RateGate,
    private readonly timers: Timers = realTimers,
    options: RequestQueueOptions = {},
  ) {
    this.maxWaitMs = options.maxWaitMs ?? 60_000;
  }

  /** Resolves with a gate ticket when the request may start. */
  acquire(priority: Priority = 'interactive', signal?: AbortSignal): Promise<number> {
    if (signal?.aborted) return Promise.reject(cancelled());
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
      this.waiting.push(waiter);
      this.pump();
    });
  }

  /** An answer arrived: the gate learns the budget, and waiting calls may go. */
  observe(ticket: number, answer: RateObservation): void {
    this.gate.observe(ticket, answer);
    this.pump();
  }

  /** A request ended without an answer. */
  settle(ticket: number): void {
    this.gate.settle(ticket);
    this.pump();
  }

  /** Refuses every waiting call (the client is being disposed). */
  close(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    for (const waiter of [...this.waiting]) {
      this.remove(waiter);
      waiter.reject(cancelled());
    }
  }

  get length(): number {
    return this.waiting.length;
  }

  /** Starts every call the gate allows now, in priority order, and sets a timer for the next. */
  private pump(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    for (;;) {
      const next = this.waiting.find((w) => w.priority === 'interactive') ?? this.waiting[0];
      if (!next) return;
      const wait = this.gate.wait(next.priority);
      if (wait > this.maxWaitMs) {
        this.remove(next);
        next.reject(
          new ApiError(
            'rate-limited',
            l10n.t('The report service is limiting requests; it will accept them again in {0}.', describeDelay(wait)),
            {
              retryAfterMs: wait,
            },
          ),
        );
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
      next.resolve(this.gate.start());
    }
  }

  private remove(waiter: Waiter): void {
    const index = this.waiting.indexOf(waiter);
    if (index >= 0) this.waiting.splice(index, 1);
    if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener('abort', waiter.onAbort);
  }
}

function cancelled(): ApiError {
  return new ApiError('cancelled', l10n.t('The request was cancelled.'));
}
