// The client within the service's rate limit, against the local service whose faults send the
// budget headers. The rate gate's clock is moved by hand (FakeTimers), so the test does not wait
// a minute; the HTTP is real.
import { strict as assert } from 'node:assert';
import { ApiError } from '../../../core/client/errors';
import { MAX_UNSAID_WAIT_MS } from '../../../core/client/requester';
import { FakeTimers } from './fakeTimers';
import { SHAPES, useService } from './harness';

/** Waits (really, briefly) until the service has seen `count` requests; for sends in flight. */
async function seen(h: ReturnType<typeof useService>, count: number): Promise<string[]> {
  for (let i = 0; i < 100 && h.service.requests().length < count; i++) await new Promise((r) => setTimeout(r, 10));
  return h.service.requests().map((r) => r.path);
}

/** A short real pause before asserting that nothing was sent: a wrongly sent request would arrive in it. */
const pause = () => new Promise((r) => setTimeout(r, 80));

for (const shape of SHAPES) {
  describe(`api client within the rate limit (${shape} shape)`, function () {
    const h = useService(shape, 12);

    it('reads X-RateLimit-*, queues instead of running into 429, and sends interactive calls first', async () => {
      const clock = new FakeTimers();
      const c = h.client({ timers: clock });
      // The service announces a budget of 10 with 1 left: one interactive call may go within the
      // window; background calls keep their hands off the reserve until the window is over.
      h.service.addFault({ method: 'GET', path: '/api/v1/account', headers: { 'X-RateLimit-Limit': '10', 'X-RateLimit-Remaining': '1' } });
      await c.getAccount();
      const background = c.listReports({}, { priority: 'background' });
      const interactive = c.getReport(1);
      await pause();
      assert.deepEqual(await seen(h, 1), ['/api/v1/account'], 'both calls are queued, none dropped');

      await clock.advance(clock.nextDue() ?? 0);
      await interactive;
      assert.deepEqual(await seen(h, 2), ['/api/v1/account', '/api/v1/reports/1'], 'the interactive call went first');

      await clock.advance(60_000);
      const page = await background;
      assert.ok(page.items.length > 0);
      assert.deepEqual(await seen(h, 3), ['/api/v1/account', '/api/v1/reports/1', '/api/v1/reports']);
    });

    it('a 429 holds the queue until Retry-After; the refused call goes back to the queue and goes with the others', async () => {
      const clock = new FakeTimers();
      const c = h.client({ timers: clock, retry: { retries: 0 } });
      h.service.addFault({
        method: 'GET',
        status: 429,
        headers: { 'Retry-After': '30', 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '0' },
      });
      // The caller does not loop: the client's queue waits the 429 out (nothing was processed).
      const refused = c.getAccount();
      await seen(h, 1);
      await pause();
      const queued = [c.getAccount(), c.listReports({}, { priority: 'background' }), c.getReport(2)];
      await pause();
      assert.equal((await seen(h, 1)).length, 1, 'held: nothing more was sent');
      await clock.advance(29_000);
      await pause();
      assert.equal((await seen(h, 1)).length, 1, 'still held one second before Retry-After');
      await clock.advance(1000);
      await Promise.all([refused, ...queued]);
      assert.equal((await seen(h, 5)).length, 5, 'the refused call and the three queued went after the hold');
    });

    it("a Retry-After of a day (seconds or an HTTP date) is not waited: the call fails at once with the service's time", async () => {
      for (const value of ['999999', '86401', new Date(Date.now() + 400 * 86_400_000).toUTCString()]) {
        const c = h.client({ retry: { retries: 0 } });
        h.service.addFault({ method: 'GET', status: 429, headers: { 'Retry-After': value } });
        const error = await c.getAccount().catch((e: unknown) => e);
        assert.ok(error instanceof ApiError && error.kind === 'rate-limited', String(error));
        assert.ok((error.retryAfterMs ?? 0) >= 86_400_000, `${value}: ${error.retryAfterMs}`);
        assert.match(error.message, /24 hours/);
        // Every other call is refused at once too, while the service's hold lasts.
        await assert.rejects(c.listReports(), (e: unknown) => e instanceof ApiError && e.kind === 'rate-limited');
      }
      assert.equal(h.service.requests().length, 3, 'one request each; nothing waited, nothing more sent');
    });

    it(`429s without Retry-After are waited out at most ${MAX_UNSAID_WAIT_MS / 1000} s in all, then fail at once and say so`, async () => {
      const clock = new FakeTimers();
      const c = h.client({ timers: clock, retry: { retries: 0 } });
      h.service.addFault({ method: 'GET', status: 429, times: 0 });
      const calls = [c.getAccount(), c.listReports(), c.getReport(1)].map((p) => p.catch((e: unknown) => e));
      let errors: unknown[] = [];
      const all = Promise.all(calls).then((e) => (errors = e));
      for (let i = 0; i < 40 && !errors.length; i++) {
        await pause();
        await clock.advance(10_000);
      }
      await all;
      for (const error of errors) {
        assert.ok(error instanceof ApiError && error.kind === 'rate-limited', String(error));
      }
      assert.ok(errors.some((e) => e instanceof ApiError && /without saying when/.test(e.message)));
      assert.ok(clock.now() <= MAX_UNSAID_WAIT_MS + 30_000, `waited ${clock.now()} ms of the clock`);
    });
  });
}
