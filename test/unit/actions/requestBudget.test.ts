// The request budget: slots per window, interactive work ahead of background work, waiting (never
// dropping) over budget, a 429 pause, cancellation while waiting. And the lookup engine inside a
// tight budget against the local service: every lookup answered, the window never exceeded.
import { strict as assert } from 'node:assert';
import { ReportsClient } from '../../../core/client/client';
import { RequestBudget } from '../../../core/client/requestBudget';
import { ListSource, UrlLookup } from '../../../core/reports/urlLookup';
import { startService, RunningService } from '../../../service/server';
import { writeDataFile } from './reportRecords';

const KEY = 'budget-test-key-2209';
const tick = () => new Promise((r) => setImmediate(r));

function track(promise: Promise<unknown>): { done: boolean } {
  const state = { done: false };
  promise.then(
    () => (state.done = true),
    () => (state.done = true),
  );
  return state;
}

describe('actions: request budget', () => {
  let budget: RequestBudget;
  afterEach(() => budget.dispose());

  it('grants up to the background limit, then makes background work wait', async () => {
    budget = new RequestBudget({ backgroundPerWindow: 2, totalPerWindow: 3, windowMs: 60_000 });
    const a = track(budget.acquire('background'));
    const b = track(budget.acquire('background'));
    const c = track(budget.acquire('background'));
    await tick();
    assert.deepEqual([a.done, b.done, c.done], [true, true, false]);
    assert.equal(budget.waiting, 1);
  });

  it('serves interactive work before waiting background work', async () => {
    budget = new RequestBudget({ backgroundPerWindow: 1, totalPerWindow: 2, windowMs: 60_000 });
    await budget.acquire('background');
    const background = track(budget.acquire('background'));
    const interactive = track(budget.acquire('interactive'));
    await tick();
    assert.equal(interactive.done, true, 'interactive passes the waiting background request');
    assert.equal(background.done, false);
    const more = track(budget.acquire('interactive'));
    await tick();
    assert.equal(more.done, false, 'the total limit holds for interactive work too');
    assert.equal(budget.waiting, 2);
  });

  it('lets waiting requests through once the window has moved on (nothing dropped)', async () => {
    budget = new RequestBudget({ backgroundPerWindow: 1, windowMs: 30 });
    const order: number[] = [];
    await Promise.all([1, 2, 3].map((n) => budget.acquire('background').then(() => order.push(n))));
    assert.deepEqual(order, [1, 2, 3]);
  });

  it('holds every request during a 429 pause', async () => {
    budget = new RequestBudget({ windowMs: 60_000 });
    budget.pause(40);
    const waiting = track(budget.acquire('interactive'));
    await tick();
    assert.equal(waiting.done, false);
    await budget.acquire('interactive');
  });

  it('drops a waiter whose signal aborts, and rejects it', async () => {
    budget = new RequestBudget({ backgroundPerWindow: 1, windowMs: 60_000 });
    await budget.acquire('background');
    const controller = new AbortController();
    const waiting = budget.acquire('background', controller.signal);
    controller.abort(new Error('stop'));
    await assert.rejects(waiting, /stop/);
    assert.equal(budget.waiting, 0);
  });

  describe('with the lookup engine and the local service', () => {
    let service: RunningService;
    let client: ReportsClient;
    before(async () => {
      const specs = ['a', 'b', 'c', 'd'].map((h) => ({ url: `https://${h}.budget.test/x` }));
      service = await startService({ apiKey: KEY, control: true, dataFile: await writeDataFile(specs) });
      client = new ReportsClient({ baseUrl: service.url, apiKey: () => KEY, retry: { retries: 0 }, proxy: { env: {} } });
    });
    after(async () => {
      await client.dispose();
      await service.close();
    });

    it('answers every lookup over budget, one request per window', async () => {
      const windowMs = 40;
      budget = new RequestBudget({ backgroundPerWindow: 1, windowMs });
      const sent: number[] = [];
      const source: ListSource = {
        listReports: (q, o) => (sent.push(performance.now()), client.listReports(q, o)),
        nextPage: (p, o) => (sent.push(performance.now()), client.nextPage(p, o)),
      };
      // Four lookups of one host each, in their own caches (four runs of one request) under one budget.
      const lookups = [0, 1, 2, 3].map(() => new UrlLookup({ source: () => source, budget }));
      service.clearRequests();
      const urls = ['a', 'b', 'c', 'd'].map((h) => `https://${h}.budget.test/x`);
      const found = await Promise.all(urls.map((u, i) => lookups[i].lookup(u)));
      assert.deepEqual(
        found.map((r) => r?.url),
        urls,
      );
      assert.equal(service.requests().length, 4);
      // The budget guarantees a lower bound on the spacing (not a speed): one request per window.
      for (let i = 1; i < sent.length; i++) assert.ok(sent[i] - sent[i - 1] >= windowMs - 2, `request ${i} came too early`);
      for (const lookup of lookups) lookup.dispose();
    });
  });
});
