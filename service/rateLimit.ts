// A per-minute request budget per caller, as Laravel's throttle middleware keeps it: a fixed
// window that starts with the caller's first request; over the budget → 429 with Retry-After.

export interface RateVerdict {
  headers: Record<string, string>;
  /** seconds until the window ends, when the budget is spent */
  retryAfter?: number;
}

/** Callers whose windows are kept; past it, ended windows go, then the oldest. */
export const MAX_TRACKED_CALLERS = 10_000;

export class RateLimiter {
  private windows = new Map<string, { start: number; hits: number }>();

  /** `limit` 0 = unlimited (no headers either). */
  constructor(
    readonly limit: number,
    private readonly now: () => number = Date.now,
    readonly windowMs = 60_000,
  ) {}

  /** How many callers' windows are kept. */
  get callers(): number {
    return this.windows.size;
  }

  /** Counts one request of `caller`; undefined when unlimited. */
  hit(caller: string): RateVerdict | undefined {
    if (this.limit <= 0) return undefined;
    const now = this.now();
    if (this.windows.size >= MAX_TRACKED_CALLERS && !this.windows.has(caller)) {
      for (const [k, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(k);
      // All still running (many callers at once): the oldest windows go (a Map keeps insertion order).
      for (const k of this.windows.keys()) {
        if (this.windows.size < MAX_TRACKED_CALLERS) break;
        this.windows.delete(k);
      }
    }
    let w = this.windows.get(caller);
    if (!w || now - w.start >= this.windowMs) this.windows.set(caller, (w = { start: now, hits: 0 }));
    w.hits++;
    const headers = { 'X-RateLimit-Limit': String(this.limit), 'X-RateLimit-Remaining': String(Math.max(0, this.limit - w.hits)) };
    if (w.hits <= this.limit) return { headers };
    const retryAfter = Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000));
    const reset = String(Math.ceil((w.start + this.windowMs) / 1000));
    return { headers: { ...headers, 'Retry-After': String(retryAfter), 'X-RateLimit-Reset': reset }, retryAfter };
  }
}
