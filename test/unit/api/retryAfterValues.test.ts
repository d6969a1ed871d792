// A 429 whose Retry-After is no usable delay (none, `soon`, `0x10`, `1e9`, `-5`, `0`, a date gone
// by, `1.5`): the computed waits (the pure functions of retry.ts) and, over real HTTP against the
// local service answering 429 every time, the requests one call sends and how long the gate holds
// (its clock moved by hand with FakeTimers, the client's injectable clock; the HTTP is real).
import { strict as assert } from 'node:assert';
import { ApiError } from '../../../core/client/errors';
import { parseHttpDate } from '../../../core/client/httpDate';
import { RateGate } from '../../../core/client/rateGate';
import { nextRetry, parseRetryAfter, DEFAULT_RETRY, RATE_LIMIT_BACKOFF, rateLimitDelay } from '../../../core/client/retry';
import { FakeTimers } from './fakeTimers';
import { useService } from './harness';

const GONE_BY = 'Thu, 01 Jan 1970 00:00:00 GMT';
/** Values that say no usable wait; `undefined` is no header at all. */
const NO_DELAY = [undefined, 'soon', '0x10', '1e9', '-5', '0', GONE_BY, '1.5', ' ', '+5', '5s', '5.0', '2026-01-01T00:00:00Z'];

describe('api: a Retry-After that is no delay falls back to the backoff with jitter', () => {
  it('parses only delta-seconds (above 0) and an HTTP-date in the future, in its three forms', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    for (const value of NO_DELAY) assert.equal(parseRetryAfter(value, now), undefined, String(value));
    assert.equal(parseRetryAfter('7', now), 7000);
    assert.equal(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', now), 10_000);
    assert.equal(parseRetryAfter('Thursday, 01-Jan-26 00:00:10 GMT', now), 10_000);
    assert.equal(parseRetryAfter('Thu Jan  1 00:00:10 2026', now), 10_000);
    assert.equal(parseHttpDate('Tue, 31 Feb 2026 00:00:00 GMT'), undefined, 'no such day');
    assert.equal(parseHttpDate('Thu, 01 Jan 2026 24:00:00 GMT'), undefined, 'no such hour');
  });

  it('nextRetry: after a 429 with no usable wait, 2–4 s then 4–8 s (never 0), then gives up: 3 requests', () => {
    const error = new ApiError('rate-limited', 'x', { status: 429 });
    for (const method of ['GET', 'POST']) {
      assert.equal(nextRetry(method, DEFAULT_RETRY, 0, error) !== undefined, true);
      assert.equal(nextRetry(method, DEFAULT_RETRY, 2, error), undefined, 'a third retry');
    }
    assert.equal(
      rateLimitDelay(0, () => 0),
      2000,
    );
    assert.equal(
      rateLimitDelay(0, () => 1),
      4000,
    );
    assert.equal(
      rateLimitDelay(1, () => 0),
      4000,
    );
    assert.equal(
      rateLimitDelay(1, () => 1),
      8000,
    );
    assert.equal(rateLimitDelay(RATE_LIMIT_BACKOFF.retries), undefined);
  });

  it('the rate gate holds after such a 429 by the same backoff, never 0, longer each time in a row', () => {
    let t = 0;
    const gate = new RateGate(() => t, { random: () => 0 });
    const holds: number[] = [];
    for (let i = 0; i < 3; i++) {
      gate.observe(gate.start(), { status: 429 });
      holds.push(gate.wait('interactive'));
      t += holds[i];
    }
    assert.deepEqual(holds, [2000, 4000, 4000]);
    gate.observe(gate.start(), { status: 200 });
    gate.observe(gate.start(), { status: 429 });
    assert.equal(gate.wait('interactive'), 2000, 'an answer between starts the backoff again');
  });
});

describe('api client: a service that always answers 429 with a Retry-After that is no delay', function () {
  this.timeout(30_000);
  const h = useService('real', 12);

  for (const value of NO_DELAY.slice(0, 8)) {
    it(`Retry-After ${value === undefined ? '(none)' : JSON.stringify(value)}: at most 3 requests, a wait before each retry, ended within 25 s`, async () => {
      const clock = new FakeTimers();
      const c = h.client({ timers: clock, retry: { retries: 0 } });
      h.service.addFault({ method: 'GET', status: 429, times: 0, ...(value === undefined ? {} : { headers: { 'Retry-After': value } }) });
      let settled = false;
      const call = c.getAccount().then(
        () => undefined,
        (e: unknown) => e,
      );
      void call.finally(() => (settled = true));
      const waits: number[] = [];
      for (let i = 0; i < 10 && !settled; i++) {
        // Real time for the real HTTP: until the gate has set its next hold, or the call ended.
        for (let j = 0; j < 200 && !settled && clock.nextDue() === undefined; j++) await new Promise((r) => setTimeout(r, 10));
        const due = clock.nextDue();
        if (due === undefined) break;
        waits.push(due);
        await clock.advance(due);
      }
      const error = await call;
      const sent = h.service.requests().length;
      assert.ok(error instanceof ApiError && error.kind === 'rate-limited', String(error));
      assert.ok(sent >= 2 && sent <= 3, `${sent} requests`);
      assert.equal(waits.length, sent - 1, `a wait before each retry: ${waits.join(', ')}`);
      assert.ok(
        waits.every((w) => w >= 1000),
        `never at once: ${waits.join(', ')}`,
      );
      assert.ok(clock.now() <= 25_000, `ended after ${clock.now()} ms of the clock`);
    });
  }
});
