// When and how long to wait before trying a request again after a failure (a 429 is not one: the
// request queue waits it out). POST is never retried: a create that timed out may have been
// stored, and a second one would duplicate it.
import * as l10n from '@vscode/l10n';
import { ApiError } from './errors';
import { parseHttpDate } from './httpDate';

export interface RetryPolicy {
  /** Further attempts after the first. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the error is given to the user instead. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 2, baseDelayMs: 400, maxDelayMs: 5000, maxRetryAfterMs: 20000 };

const RETRYABLE_METHODS = new Set(['GET', 'PUT', 'DELETE']);
// A timeout is not retried: the user has already waited the whole timeout once.
const RETRYABLE_KINDS = new Set(['network']);
const RETRYABLE_STATUS = new Set([500, 502, 503, 504]);

export function isRetryable(method: string, error: ApiError): boolean {
  if (!RETRYABLE_METHODS.has(method.toUpperCase())) return false;
  if (RETRYABLE_KINDS.has(error.kind)) return true;
  return error.kind === 'server' && error.status !== undefined && RETRYABLE_STATUS.has(error.status);
}

/** Full jitter within the doubling ceiling: between half of it and all of it, so never 0. */
export function backoffDelay(
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>,
  attempt: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.max(1, Math.round(ceiling / 2 + (random() * ceiling) / 2));
}

/**
 * Milliseconds to wait before attempt `attempt + 1` (attempt counts from 0), or undefined when the
 * error says to wait longer than the policy allows. Full jitter spreads clients apart.
 */
export function retryDelay(policy: RetryPolicy, attempt: number, error: ApiError, random: () => number = Math.random): number | undefined {
  if (error.retryAfterMs !== undefined) {
    return error.retryAfterMs <= policy.maxRetryAfterMs ? error.retryAfterMs : undefined;
  }
  return backoffDelay(policy, attempt, random);
}

/**
 * A 429 that says no usable wait (no Retry-After, or one that is no delay: `soon`, `-5`, `0`,
 * `1.5`, a date gone by): tried again at most twice (3 requests in all), after 2–4 s and 4–8 s
 * with jitter — never at once, and the call ends well within 25 s.
 */
export const RATE_LIMIT_BACKOFF = { retries: 2, baseDelayMs: 4_000, maxDelayMs: 8_000 } as const;

/** The wait after the `attempt`-th 429 (from 0) that said no usable wait, or undefined past RATE_LIMIT_BACKOFF's retries. */
export function rateLimitDelay(attempt: number, random: () => number = Math.random): number | undefined {
  return attempt < RATE_LIMIT_BACKOFF.retries ? backoffDelay(RATE_LIMIT_BACKOFF, attempt, random) : undefined;
}

/**
 * How long to wait before attempt `attempt + 1` of a call that failed with `error`, or undefined to
 * give the error up: within the policy's retries, a failure `isRetryable` retries, and a 429
 * (nothing was processed, so any method may wait it out) whose Retry-After is within the policy,
 * or, when it says no usable wait, after RATE_LIMIT_BACKOFF. The report client holds its 429s in
 * its queue instead (rateGate.ts), with the same waits; the same policy otherwise.
 */
export function nextRetry(method: string, policy: RetryPolicy, attempt: number, error: ApiError): number | undefined {
  if (attempt >= policy.retries) return undefined;
  if (error.kind === 'rate-limited' && error.status === 429) {
    if (error.retryAfterMs === undefined) return rateLimitDelay(attempt);
    return error.retryAfterMs <= policy.maxRetryAfterMs ? error.retryAfterMs : undefined;
  }
  return isRetryable(method, error) ? retryDelay(policy, attempt, error) : undefined;
}

/** The longest Retry-After taken as said; a larger one (or 400 digits) counts as a day. */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Retry-After as milliseconds (1 ms to a day), or undefined when it says no usable wait. Only what
 * RFC 9110 §10.2.3 allows is a delay: delta-seconds (digits only) or an HTTP-date (httpDate.ts).
 * `0` and a date not in the future say "now", which would send again at once: no usable wait,
 * like `soon`, `-5`, `1.5`, `0x10` or `1e9` (the caller backs off with jitter instead).
 */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const ms = Math.min(Number(text) * 1000, MAX_RETRY_AFTER_MS);
    return ms > 0 ? ms : undefined;
  }
  const date = parseHttpDate(text);
  if (date === undefined || !Number.isFinite(now) || date <= now) return undefined;
  return Math.min(date - now, MAX_RETRY_AFTER_MS);
}

/** Resolves after `ms`, or rejects with a 'cancelled' error when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ApiError('cancelled', l10n.t('The request was cancelled.')));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ApiError('cancelled', l10n.t('The request was cancelled.')));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
