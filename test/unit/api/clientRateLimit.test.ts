// The client within the service's rate limit, against the local service whose faults send the
// budget headers. The rate gate's clock is moved by hand (FakeTimers), so the test does not wait
// a minute; the HTTP is real.
import { strict as assert } from 'node:assert';
import { ApiError } from '../../../core/client/errors';
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

    it('a 429 holds the queue until Retry-After, then everything queued goes', async () => {
      const clock = new FakeTimers();
      const c = h.client({ timers: clock, retry: { retries: 0 } });
      h.service.addFault({
        method: 'GET',
        status: 429,
        headers: { 'Retry-After': '30', 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '0' },
      });
      const error = await c.getAccount().catch((e: unknown) => e);
      assert.ok(error instanceof ApiError && error.kind === 'rate-limited' && error.retryAfterMs === 30_000);
      const queued = [c.getAccount(), c.listReports({}, { priority: 'background' }), c.getReport(2)];
      await pause();
      assert.equal((await seen(h, 1)).length, 1, 'held: nothing more was sent');
      await clock.advance(29_000);
      await pause();
      assert.equal((await seen(h, 1)).length, 1, 'still held one second before Retry-After');
      await clock.advance(1000);
      await Promise.all(queued);
      assert.equal((await seen(h, 4)).length, 4, 'all three went after the hold');
    });
  });
}
