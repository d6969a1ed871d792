// Retry arithmetic: which calls are retried, how long the client waits, Retry-After parsing.
import { strict as assert } from 'node:assert';
import { ApiError } from '../../../core/client/errors';
import { DEFAULT_RETRY, isRetryable, parseRetryAfter, retryDelay } from '../../../core/client/retry';

describe('api: retry arithmetic', () => {
  it('parses Retry-After as seconds or an HTTP date', () => {
    assert.equal(parseRetryAfter('5'), 5000);
    const now = Date.parse('2026-01-01T00:00:00Z');
    assert.equal(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', now), 10000);
    assert.equal(parseRetryAfter('soon'), undefined);
  });
  it('retries GET, PUT and DELETE but never POST', () => {
    const server = new ApiError('server', 'x', { status: 503 });
    assert.equal(isRetryable('GET', server), true);
    assert.equal(isRetryable('PUT', new ApiError('network', 'x')), true);
    assert.equal(isRetryable('POST', server), false);
    assert.equal(isRetryable('GET', new ApiError('validation', 'x', { status: 422 })), false);
    assert.equal(isRetryable('GET', new ApiError('timeout', 'x')), false);
  });
  it('backs off with jitter within the ceiling and honours Retry-After up to its limit', () => {
    const err = new ApiError('network', 'x');
    assert.equal(
      retryDelay(DEFAULT_RETRY, 0, err, () => 0),
      DEFAULT_RETRY.baseDelayMs / 2,
    );
    assert.equal(
      retryDelay(DEFAULT_RETRY, 1, err, () => 1),
      DEFAULT_RETRY.baseDelayMs * 2,
    );
    assert.equal(
      retryDelay(DEFAULT_RETRY, 30, err, () => 1),
      DEFAULT_RETRY.maxDelayMs,
    );
    assert.equal(retryDelay(DEFAULT_RETRY, 0, new ApiError('rate-limited', 'x', { retryAfterMs: 1500 })), 1500);
    assert.equal(retryDelay(DEFAULT_RETRY, 0, new ApiError('rate-limited', 'x', { retryAfterMs: 600000 })), undefined);
  });
});
