// The rate gate and its queue, on a clock moved by hand: pacing from the announced budget, the
// reserve for interactive calls, the hold after a 429, priority, cancellation, nothing dropped.
import { strict as assert } from 'node:assert';
import { ApiError } from '../../../core/client/errors';
import { headerCount, RateGate } from '../../../core/client/rateGate';
import { RequestQueue } from '../../../core/client/requestQueue';
import { FakeTimers, settle } from './fakeTimers';

/** Laravel's throttle: a fixed window that starts at the first hit after the last one ended. */
class FixedWindowLimiter {
  private start = Number.NEGATIVE_INFINITY;
  private count = 0;
  constructor(
    readonly limit: number,
    readonly windowMs = 60_000,
  ) {}
  hit(t: number): { status: number; remaining: number; retryAfterMs?: number } {
    if (t >= this.start + this.windowMs) {
      this.start = t;
      this.count = 0;
    }
    if (this.count >= this.limit) return { status: 429, remaining: 0, retryAfterMs: this.start + this.windowMs - t };
    this.count += 1;
    return { status: 200, remaining: this.limit - this.count };
  }
}

describe('api: rate gate (pure, injected clock)', () => {
  it('lets everything through while no budget is announced', () => {
    const clock = new FakeTimers();
    const gate = new RateGate(() => clock.now());
    for (let i = 0; i < 100; i++) {
      assert.equal(gate.wait('background'), 0);
      gate.observe(gate.start(), { status: 200 });
    }
  });

  it('goes at once while the budget is comfortable, spreads the rest when it runs low', async () => {
    const clock = new FakeTimers();
    const gate = new RateGate(() => clock.now());
    gate.observe(gate.start(), { status: 200, limit: 60, remaining: 59 });
    for (let i = 0; i < 40; i++) gate.observe(gate.start(), { status: 200, limit: 60, remaining: 58 - i });
    assert.equal(gate.wait('interactive'), 0, 'remaining 19 of 60 is comfortable');
    for (let i = 0; i < 5; i++) gate.observe(gate.start(), { status: 200, limit: 60, remaining: 18 - i });
    const wait = gate.wait('interactive');
    assert.ok(wait > 0 && wait < 60_000, `remaining 14 of 60: paced (${wait} ms)`);
    await clock.advance(wait);
    assert.equal(gate.wait('interactive'), 0);
  });

  it('never runs into a 60-a-minute fixed window, and does not waste it either', async () => {
    const clock = new FakeTimers();
    const gate = new RateGate(() => clock.now());
    const limiter = new FixedWindowLimiter(60);
    let rejected = 0;
    for (let sent = 0; sent < 300; sent++) {
      await clock.advance(gate.wait(sent % 3 === 0 ? 'background' : 'interactive'));
      const ticket = gate.start();
      const answer = limiter.hit(clock.now());
      if (answer.status === 429) rejected++;
      gate.observe(ticket, { ...answer, limit: 60 });
      await clock.advance(50); // the answer takes a little while
    }
    assert.equal(rejected, 0, 'no 429');
    const minutes = clock.now() / 60_000;
    console.log(`      300 requests at 60/min took ${minutes.toFixed(2)} simulated minutes (ideal ${(300 / 60 - 1).toFixed(2)})`);
    assert.ok(minutes < 300 / 60 + 1, 'within about one window of the ideal');
  });

  it('keeps a reserve that background calls may not use', () => {
    const clock = new FakeTimers();
    const gate = new RateGate(() => clock.now());
    gate.observe(gate.start(), { status: 200, limit: 60, remaining: 3 });
    assert.ok(gate.wait('background') > 50_000, 'background waits for the next window');
    assert.ok(gate.wait('interactive') < gate.wait('background'), 'interactive may still go first');
  });

  it('holds everything after a 429 until Retry-After, then the budget is back', async () => {
    const clock = new FakeTimers();
    const gate = new RateGate(() => clock.now());
    gate.observe(gate.start(), { status: 429, limit: 60, remaining: 0, retryAfterMs: 5000 });
    assert.equal(gate.wait('interactive'), 5000);
    assert.equal(gate.heldFor(), 5000);
    await clock.advance(4999);
    assert.equal(gate.wait('interactive'), 1);
    await clock.advance(1);
    assert.equal(gate.wait('interactive'), 0);
    assert.equal(gate.wait('background'), 0);
  });

  it('counts requests still in flight against the announced remaining', () => {
    const clock = new FakeTimers();
    const gate = new RateGate(() => clock.now());
    const first = gate.start();
    for (let i = 0; i < 5; i++) gate.start(); // five more sent before the first answer
    gate.observe(first, { status: 200, limit: 10, remaining: 5 });
    assert.ok(gate.wait('interactive') > 0, 'the five in flight leave nothing: wait for the window');
  });

  it('reads the budget headers strictly', () => {
    assert.equal(headerCount('60'), 60);
    assert.equal(headerCount(' 0 '), 0);
    for (const bad of [undefined, '', '-1', '1.5', 'sixty', '1e3', '99999999999']) assert.equal(headerCount(bad), undefined);
  });
});

describe('api: request queue (injected timers)', () => {
  function held(ms: number) {
    const clock = new FakeTimers();
    const gate = new RateGate(() => clock.now());
    gate.observe(gate.start(), { status: 429, retryAfterMs: ms });
    return { clock, queue: new RequestQueue(gate, clock) };
  }

  it('queues rather than drops, and lets interactive calls go before queued background ones', async () => {
    const { clock, queue } = held(3000);
    const order: string[] = [];
    const calls = [
      ...['b1', 'b2', 'b3'].map((name) => queue.acquire('background').then(() => order.push(name))),
      queue.acquire('interactive').then(() => order.push('i1')),
      queue.acquire().then(() => order.push('i2')),
    ];
    await settle();
    assert.deepEqual(order, [], 'held by the 429');
    assert.equal(queue.length, 5);
    await clock.advance(3000);
    await Promise.all(calls);
    assert.deepEqual(order, ['i1', 'i2', 'b1', 'b2', 'b3']);
  });

  it('serves interactive, then visible, then background calls', async () => {
    const { clock, queue } = held(1000);
    const order: string[] = [];
    const calls = [
      queue.acquire('background').then(() => order.push('b')),
      queue.acquire('visible').then(() => order.push('v')),
      queue.acquire('interactive').then(() => order.push('i')),
    ];
    await clock.advance(1000);
    await Promise.all(calls);
    assert.deepEqual(order, ['i', 'v', 'b']);
  });

  it('keeps its own ceiling per window whatever the service announces, background within its share', async () => {
    const clock = new FakeTimers();
    const gate = new RateGate(() => clock.now(), { ownLimit: 5, ownBackgroundLimit: 2 });
    for (let i = 0; i < 2; i++) gate.observe(gate.start(true), { status: 200 });
    assert.ok(gate.wait('background') > 0, 'background used its share');
    for (let i = 0; i < 3; i++) {
      assert.equal(gate.wait('interactive'), 0);
      gate.observe(gate.start(), { status: 200 });
    }
    assert.equal(gate.wait('visible'), 60_000, 'five in this window: the next waits for the oldest to leave it');
    await clock.advance(60_000);
    assert.equal(gate.wait('background'), 0);
  });

  it("the editor's own ceiling never holds what the user asked for (it still counts toward it)", () => {
    const clock = new FakeTimers();
    const gate = new RateGate(() => clock.now(), { ownLimit: 3, ownBackgroundLimit: 2, ownLimitExempt: ['interactive'] });
    for (let i = 0; i < 3; i++) gate.observe(gate.start(), { status: 200 });
    assert.equal(gate.wait('interactive'), 0, 'a command goes at once');
    assert.ok(gate.wait('visible') > 0, 'work nobody asked for waits for the window');
    assert.ok(gate.wait('background') > 0);
  });

  it('a cancelled call leaves the queue at once', async () => {
    const { clock, queue } = held(3000);
    const controller = new AbortController();
    const cancelled = queue.acquire('interactive', controller.signal);
    const other = queue.acquire('interactive');
    controller.abort();
    await assert.rejects(cancelled, (e: unknown) => e instanceof ApiError && e.kind === 'cancelled');
    assert.equal(queue.length, 1);
    await clock.advance(3000);
    assert.equal(typeof (await other), 'number');
  });

  it('refuses with rate-limited, saying when, rather than hold a call for longer than a window', async () => {
    const { queue } = held(10 * 60_000);
    await assert.rejects(
      queue.acquire('interactive'),
      (e: unknown) => e instanceof ApiError && e.kind === 'rate-limited' && e.retryAfterMs === 600_000 && e.next?.kind === 'retry',
    );
  });

  it('close() refuses what is still waiting', async () => {
    const { queue } = held(3000);
    const waiting = queue.acquire('background');
    queue.close();
    await assert.rejects(waiting, (e: unknown) => e instanceof ApiError && e.kind === 'cancelled');
  });
});
