// Keeps the client within the service's announced request budget. Pure: the time comes from an
// injected clock and nothing here waits; `requestQueue.ts` does the waiting.
//
// The real service (Laravel's throttle) allows about 60 requests a minute per key and says so in
// `X-RateLimit-Limit` / `X-RateLimit-Remaining`; a 429 carries `Retry-After`. The gate:
// - lets requests go at once while the budget is comfortable, or when none is announced;
// - once Remaining is low, spreads the rest over what is left of the window, so the service is
//   not run into 429;
// - keeps a reserve that background requests may not use, so the user's own actions still go;
// - after a 429, holds everything until Retry-After, or, when it says no usable wait, for a backoff
//   with jitter (retry.ts's RATE_LIMIT_BACKOFF: never 0, longer with each such 429 in a row);
// - when the caller set its own ceiling (`ownLimit`: CLIENT_REQUESTS_PER_MINUTE in pacing.ts, the
//   editor's share for background work), never starts more than that in any window, announced or not.
// The window's end is estimated late (from the start of the request that first showed a fresh
// budget), so the gate may wait a little longer than needed but never resumes early.

import { backoffDelay, RATE_LIMIT_BACKOFF } from './retry';

/**
 * The one priority of every request: what the user asked for (a command), then what the user is
 * looking at (the editor in front, a visible view), then hidden work (other files, prefetch).
 */
export type Priority = 'interactive' | 'visible' | 'background';

/** Priorities, first served first. */
export const PRIORITIES: readonly Priority[] = ['interactive', 'visible', 'background'];

export interface RateGateOptions {
  /** The window a limit applies to; Laravel's default throttle is per minute. */
  windowMs?: number;
  /** Pacing starts when Remaining is at most this share of the limit (and at least 5). */
  lowShare?: number;
  /** The share of the limit that background requests leave to interactive ones (at least 2). */
  backgroundShare?: number;
  /** The jitter of the hold after a 429 that says no usable wait (tests fix it). */
  random?: () => number;
  /** Requests this client starts in any window at most, whatever the service announces. */
  ownLimit?: number;
  /** Of those, background ones at most (the rest is kept for interactive and visible work). */
  ownBackgroundLimit?: number;
  /**
   * Priorities the own ceiling never holds (they still count toward it, and the service's
   * announced budget and a 429 still hold them): the editor exempts what the user just asked for.
   */
  ownLimitExempt?: readonly Priority[];
}

/** What an answer said about the budget (absent = not announced). */
export interface RateObservation {
  status: number;
  limit?: number;
  remaining?: number;
  retryAfterMs?: number;
}

export class RateGate {
  private readonly windowMs: number;
  private readonly lowShare: number;
  private readonly backgroundShare: number;
  private readonly random: () => number;
  private readonly ownLimit?: number;
  private readonly ownBackgroundLimit?: number;
  private readonly ownLimitExempt: readonly Priority[];
  /** Start times within the last window (oldest first), kept only under an own limit. */
  private readonly starts: { at: number; background: boolean }[] = [];
  /** Time held by 429s that said no usable Retry-After since the last other answer, and how many. */
  private unsaidHeld = 0;
  private unsaidCount = 0;
  private limit?: number;
  /** What the service still allows in this window, minus the requests started since it said so. */
  private remaining?: number;
  private windowStart?: number;
  private heldUntil = 0;
  private lastStart = Number.NEGATIVE_INFINITY;
  private nextTicket = 1;
  /** Started requests not yet answered, with their start times. */
  private readonly open = new Map<number, number>();

  constructor(
    private readonly now: () => number,
    options: RateGateOptions = {},
  ) {
    this.windowMs = options.windowMs ?? 60_000;
    this.lowShare = options.lowShare ?? 0.25;
    this.backgroundShare = options.backgroundShare ?? 0.1;
    this.random = options.random ?? Math.random;
    this.ownLimit = options.ownLimit;
    this.ownBackgroundLimit = options.ownBackgroundLimit ?? options.ownLimit;
    this.ownLimitExempt = options.ownLimitExempt ?? [];
  }

  /** Milliseconds until a request of `priority` may start; 0 = now. */
  wait(priority: Priority): number {
    const t = this.now();
    if (t < this.heldUntil) return this.heldUntil - t;
    const own = this.ownLimit === undefined ? 0 : this.ownWait(priority, t);
    return own > 0 ? own : this.announcedWait(priority, t);
  }

  private announcedWait(priority: Priority, t: number): number {
    if (this.limit === undefined || this.remaining === undefined || this.windowStart === undefined) return 0;
    const windowEnd = this.windowStart + this.windowMs;
    if (t >= windowEnd) return 0; // a new window: the budget is back
    const reserve = priority === 'background' ? Math.max(2, Math.ceil(this.limit * this.backgroundShare)) : 0;
    const available = this.remaining - reserve;
    if (available <= 0) return windowEnd - t;
    if (this.remaining > Math.max(5, Math.ceil(this.limit * this.lowShare))) return 0;
    // Low: the starts left, evenly over the rest of the window.
    const interval = (windowEnd - Math.max(this.lastStart, t - this.windowMs)) / (available + 1);
    return Math.max(0, Math.ceil(this.lastStart + interval - t));
  }

  /** Records that a request starts now; the ticket goes back with its answer. */
  start(background?: boolean): number {
    const t = this.now();
    if (this.windowStart !== undefined && t >= this.windowStart + this.windowMs) {
      this.windowStart = t; // the old window is over: assume a full budget from now
      this.remaining = this.limit;
    }
    if (this.remaining !== undefined) this.remaining -= 1;
    if (this.ownLimit !== undefined) {
      this.forget(t);
      this.starts.push({ at: t, background: background === true });
    }
    this.lastStart = t;
    const ticket = this.nextTicket++;
    this.open.set(ticket, t);
    return ticket;
  }

  /** Reads an answer's budget headers. */
  observe(ticket: number, answer: RateObservation): void {
    const startedAt = this.open.get(ticket) ?? this.now();
    this.open.delete(ticket);
    if (answer.limit !== undefined && answer.limit > 0) this.limit = answer.limit;
    if (answer.status === 429) {
      const said = answer.retryAfterMs;
      const hold = said ?? backoffDelay(RATE_LIMIT_BACKOFF, this.unsaidCount++, this.random);
      if (said === undefined) this.unsaidHeld += hold;
      this.heldUntil = Math.max(this.heldUntil, this.now() + hold);
      this.remaining = 0;
      this.windowStart = this.heldUntil - this.windowMs; // the budget comes back when the hold ends
      return;
    }
    this.unsaidHeld = 0;
    this.unsaidCount = 0;
    if (answer.remaining === undefined || this.limit === undefined) return;
    // Requests started after this one may not be counted in its Remaining yet.
    const laterOpen = [...this.open.keys()].filter((other) => other > ticket).length;
    const estimate = Math.max(0, answer.remaining - laterOpen);
    const fresh = this.remaining === undefined || this.windowStart === undefined || estimate > this.remaining;
    const over = this.windowStart !== undefined && startedAt >= this.windowStart + this.windowMs;
    if (fresh || over) this.windowStart = startedAt;
    this.remaining = estimate;
  }

  /** A request ended without an answer (network failure, cancelled). */
  settle(ticket: number): void {
    this.open.delete(ticket);
  }

  /** The limit per window the service announced (X-RateLimit-Limit), once an answer said it. */
  get announcedLimit(): number | undefined {
    return this.limit;
  }

  /** Time held by 429s without Retry-After since the service last answered otherwise. */
  get unsaidHoldMs(): number {
    return this.unsaidHeld;
  }

  /** When the gate holds everything after a 429, how much longer; else 0. */
  heldFor(): number {
    return Math.max(0, this.heldUntil - this.now());
  }

  /** Under the own limit: how long until one more start of `priority` keeps within it. */
  private ownWait(priority: Priority, t: number): number {
    this.forget(t);
    if (this.ownLimitExempt.includes(priority)) return 0;
    const total = this.ownLimit as number;
    if (this.starts.length >= total) return this.starts[this.starts.length - total].at + this.windowMs - t;
    if (priority !== 'background') return 0;
    const cap = this.ownBackgroundLimit as number;
    let seen = 0;
    for (let i = this.starts.length - 1; i >= 0; i--) {
      if (this.starts[i].background && ++seen >= cap) return this.starts[i].at + this.windowMs - t;
    }
    return 0;
  }

  private forget(t: number): void {
    let old = 0;
    while (old < this.starts.length && this.starts[old].at <= t - this.windowMs) old++;
    if (old) this.starts.splice(0, old);
  }
}

/** A header value as a whole non-negative number, else undefined. */
export function headerCount(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*\d{1,9}\s*$/.test(value)) return undefined;
  return Number(value);
}
