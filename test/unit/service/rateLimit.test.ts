// The per-minute budget per key, as the real service's throttle: X-RateLimit-* on every API
// answer when a limit is set, 429 with Retry-After beyond it; unlimited (0) by default.
import { strict as assert } from 'node:assert';
import { MAX_TRACKED_CALLERS, RateLimiter } from '../../../service/rateLimit';
import { call, start } from './helpers';

describe('service rate limit', () => {
  it('over HTTP: 3 a minute → Limit/Remaining on each answer, then 429 with Retry-After', async () => {
    const svc = await start({ rateLimitPerMinute: 3, shape: 'real' });
    try {
      const remaining: string[] = [];
      for (const p of ['/api/v1/reports', '/api/v1/account', '/api/v1/reports/999']) {
        const res = await call(svc, 'GET', p);
        assert.equal(res.headers['x-ratelimit-limit'], '3', p);
        remaining.push(String(res.headers['x-ratelimit-remaining']));
      }
      assert.deepEqual(remaining, ['2', '1', '0']);
      const over = await call(svc, 'GET', '/api/v1/reports');
      assert.equal(over.status, 429);
      assert.deepEqual(over.body, { message: 'Too Many Attempts.' });
      const retryAfter = Number(over.headers['retry-after']);
      assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, String(retryAfter));
      assert.equal(over.headers['x-ratelimit-remaining'], '0');
    } finally {
      await svc.close();
    }
  });

  it('unlimited by default: no rate headers, no 429', async () => {
    const svc = await start();
    try {
      for (let i = 0; i < 70; i++) {
        const res = await call(svc, 'GET', '/api/v1/account');
        assert.equal(res.status, 200);
        assert.equal(res.headers['x-ratelimit-limit'], undefined);
      }
    } finally {
      await svc.close();
    }
  });

  it('RateLimiter: a fixed window from the first request; a new one after 60 s; callers apart', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(2, () => now);
    assert.equal(limiter.hit('a')?.retryAfter, undefined);
    assert.equal(limiter.hit('a')?.headers['X-RateLimit-Remaining'], '0');
    now += 15_000;
    const over = limiter.hit('a');
    assert.equal(over?.retryAfter, 45);
    assert.equal(over?.headers['Retry-After'], '45');
    assert.equal(limiter.hit('b')?.retryAfter, undefined, 'another caller has its own budget');
    now += 45_000;
    assert.deepEqual(limiter.hit('a')?.headers, { 'X-RateLimit-Limit': '2', 'X-RateLimit-Remaining': '1' });
    assert.equal(new RateLimiter(0).hit('a'), undefined);
  });

  it(`keeps at most ${MAX_TRACKED_CALLERS} callers' windows, however many call within one minute`, () => {
    const limiter = new RateLimiter(5, () => 1_000_000);
    for (let i = 0; i < MAX_TRACKED_CALLERS * 3; i++) limiter.hit(`address 127.0.${i >> 8}.${i & 255}-${i}`);
    assert.equal(limiter.callers, MAX_TRACKED_CALLERS);
    for (let i = 0; i < 5; i++) assert.equal(limiter.hit('key')?.retryAfter, undefined);
    assert.ok(limiter.hit('key')?.retryAfter, 'a caller still has its budget counted');
  });
});
