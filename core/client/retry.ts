// When and how long to wait before trying a request again after a failure (a 429 is not one: the
// request queue waits it out). POST is never retried: a create that timed out may have been
// stored, and a second one would duplicate it.
import * as l10n from '@vscode/l10n';
import { ApiError } from './errors';

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

/**
 * Milliseconds to wait before attempt `attempt + 1` (attempt counts from 0), or undefined when the
 * error says to wait longer than the policy allows. Full jitter spreads clients apart.
 */
export function retryDelay(policy: RetryPolicy, attempt: number, error: ApiError, random: () => number = Math.random): number | undefined {
  if (error.retryAfterMs !== undefined) {
    return error.retryAfterMs <= policy.maxRetryAfterMs ? error.retryAfterMs : undefined;
  }
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * How long to wait before attempt `attempt + 1` of a call that failed with `error`, or undefined to
 * give the error up: within the policy's retries, a failure `isRetryable` retries, and a 429 whose
 * Retry-After is within the policy (nothing was processed, so any method may wait it out). The
 * report client holds its 429s in its queue instead; the same policy otherwise.
 */
export function nextRetry(method: string, policy: RetryPolicy, attempt: number, error: ApiError): number | undefined {
  if (attempt >= policy.retries) return undefined;
  if (error.kind === 'rate-limited' && error.status === 429) {
    return error.retryAfterMs !== undefined && error.retryAfterMs <= policy.maxRetryAfterMs ? error.retryAfterMs : undefined;
  }
  return isRetryable(method, error) ? retryDelay(policy, attempt, error) : undefined;
}

/** The longest Retry-After taken as said; a larger one (or 400 digits) counts as a day. */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/** Retry-After as milliseconds (0 to a day, never NaN): delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, MAX_RETRY_AFTER_MS);
  const date = Date.parse(text);
  if (!Number.isFinite(date) || !Number.isFinite(now)) return undefined;
  return Math.min(Math.max(0, date - now), MAX_RETRY_AFTER_MS);
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
