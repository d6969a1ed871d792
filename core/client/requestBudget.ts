// A request budget that keeps this extension's own traffic well under the service's rate limit
// (the real service throttles at about 60 requests a minute per key). Requests ask for a slot;
// over budget they wait in a queue (nothing is dropped) and interactive work (a command the user
// ran) is served before background work (hovers, badges, Problems). A 429 pauses every slot until
// the service's Retry-After has passed.

export type Priority = 'interactive' | 'background';

export interface BudgetOptions {
  /** Background requests allowed in any window of `windowMs`; default 30 (half the real limit). */
  backgroundPerWindow?: number;
  /** All requests (interactive included) allowed per window; default 50. */
  totalPerWindow?: number;
  windowMs?: number;
  now?: () => number;
}

interface Waiter {
  priority: Priority;
  resolve: () => void;
  reject: (reason: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export class RequestBudget {
  private readonly background: number;
  private readonly total: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  /** When each granted request started, oldest first, with its priority. */
  private granted: { at: number; priority: Priority }[] = [];
  private readonly queue: Waiter[] = [];
  private pausedUntil = 0;
  private timer?: NodeJS.Timeout;

  constructor(options: BudgetOptions = {}) {
    this.background = options.backgroundPerWindow ?? 30;
    this.total = Math.max(this.background, options.totalPerWindow ?? 50);
    this.windowMs = options.windowMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /** Resolves when a request of this priority may be sent; rejects when `signal` aborts first. */
  acquire(priority: Priority, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { priority, resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          const at = this.queue.indexOf(waiter);
          if (at !== -1) this.queue.splice(at, 1);
          reject(signal.reason);
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      // Interactive waiters go ahead of every background waiter, after earlier interactive ones.
      const firstBackground = this.queue.findIndex((w) => w.priority === 'background');
      if (priority === 'interactive' && firstBackground !== -1) this.queue.splice(firstBackground, 0, waiter);
      else this.queue.push(waiter);
      this.drain();
    });
  }

  /** The service answered 429: no request until `retryAfterMs` has passed. */
  pause(retryAfterMs: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.now() + Math.max(0, retryAfterMs));
    this.drain();
  }

  /** Requests waiting for a slot. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Requests granted in the current window, by priority. */
  used(): { background: number; total: number } {
    this.forget();
    return { background: this.granted.filter((g) => g.priority === 'background').length, total: this.granted.length };
  }

  dispose(): void {
    clearTimeout(this.timer);
    for (const waiter of this.queue.splice(0)) waiter.reject(new Error('The request budget was disposed.')); // l10n-exempt: only at shutdown, never shown
  }

  private forget(): void {
    const since = this.now() - this.windowMs;
    while (this.granted.length && this.granted[0].at <= since) this.granted.shift();
  }

  private drain(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.forget();
    const now = this.now();
    while (this.queue.length && now >= this.pausedUntil) {
      const next = this.queue[0];
      const used = this.used();
      if (used.total >= this.total || (next.priority === 'background' && used.background >= this.background)) break;
      this.queue.shift();
      if (next.onAbort) next.signal?.removeEventListener('abort', next.onAbort);
      this.granted.push({ at: now, priority: next.priority });
      next.resolve();
    }
    if (!this.queue.length) return;
    // Wake when a pause ends, else when the oldest grant leaves the window (then look again).
    const oldest = this.granted.length ? this.granted[0].at + this.windowMs : now;
    const wake = (now < this.pausedUntil ? this.pausedUntil : oldest) - now;
    this.timer = setTimeout(() => this.drain(), Math.max(1, wake));
  }
}
