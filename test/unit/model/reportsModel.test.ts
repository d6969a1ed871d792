// The reports model with a real client against the local service: three groups, paging,
// moving between groups, coalesced and cancelled reloads, stale and signed-out states.
import { strict as assert } from 'node:assert';
import { ReportsClient } from '../../../core/client/client';
import type { ListQuery } from '../../../core/client/types';
import { insertionIndex, ReportsModel } from '../../../core/list/reportsModel';
import { startService, RunningService } from '../../../service/server';

const KEY = 'model-test-key-4411';

describe('model: reports grouped by result', () => {
  let service: RunningService;
  let client: ReportsClient;

  before(async () => {
    service = await startService({ apiKey: KEY, seed: 60, shape: 'plain', control: true });
    client = new ReportsClient({ baseUrl: service.url, apiKey: () => KEY, retry: { retries: 0 }, proxy: { env: {} } });
  });
  after(async () => {
    await client.dispose();
    await service.close();
  });
  beforeEach(async () => {
    await service.reset();
    service.clearRequests();
  });

  it('loads the first page of each group with three parallel requests', async () => {
    const model = new ReportsModel();
    await model.reload(client, { perPage: 10 });
    assert.equal(model.status, 'ready');
    const requests = service.requests();
    assert.equal(requests.length, 3);
    assert.deepEqual(requests.map((r) => r.query.result).sort(), ['bad', 'decent', 'good']);
    const totals = model.totals();
    assert.equal((totals.good ?? 0) + (totals.decent ?? 0) + (totals.bad ?? 0), 60);
    for (const result of ['good', 'decent', 'bad'] as const) {
      assert.ok(model.groups[result].items.every((r) => r.result === result));
      assert.equal(model.groups[result].items.length, 10);
    }
  });

  it('names the search and project its totals are counted under, not the sort, and only once all three answered', async () => {
    const model = new ReportsModel();
    await model.reload(client, { perPage: 10, sort: 'asc' });
    assert.deepEqual(model.totalsFilter(), {}, 'a sort leaves nothing out');
    await model.reload(client, { perPage: 10, search: 'example', searchBy: 'url' });
    assert.deepEqual(model.totalsFilter(), { search: 'example' });
    // While the next query loads, the totals (and their filter) are still the last list's.
    service.addFault({ method: 'GET', path: '/api/v1/reports', delayMs: 400, times: 3 });
    const next = model.reload(client, { perPage: 10 });
    assert.deepEqual(model.totalsFilter(), { search: 'example' });
    await next;
    assert.deepEqual(model.totalsFilter(), {});
  });

  it('shows each group as it arrives: a slow group holds back no other', async () => {
    const model = new ReportsModel();
    // The first list request to reach the service waits 600 ms; the other two answer at once.
    service.addFault({ method: 'GET', path: '/api/v1/reports', delayMs: 600, times: 1 });
    const seen: Array<{ shows: boolean; loading: string[]; status: string }> = [];
    const stop = model.onDidChange(() =>
      seen.push({
        shows: model.showsGroups,
        loading: (['good', 'decent', 'bad'] as const).filter((r) => model.groups[r].loading),
        status: model.status,
      }),
    );
    const started = performance.now();
    let firstShown: number | undefined;
    const stopTiming = model.onDidChange(() => {
      if (model.showsGroups) firstShown ??= performance.now() - started;
    });
    await model.reload(client, { perPage: 10 });
    stop.dispose();
    stopTiming.dispose();
    assert.deepEqual(seen[0], { shows: false, loading: ['good', 'decent', 'bad'], status: 'loading' }, 'nothing to show before an answer');
    const partial = seen.find((s) => s.shows && s.loading.length === 1 && s.status === 'loading');
    assert.ok(partial, `two groups shown while the slow one loads: ${JSON.stringify(seen)}`);
    assert.ok(firstShown !== undefined && firstShown < 500, `the first rows came after ${firstShown} ms, not after the slow group`);
    assert.equal(model.status, 'ready');
    assert.deepEqual(seen.at(-1), { shows: true, loading: [], status: 'ready' });
    for (const result of ['good', 'decent', 'bad'] as const) assert.equal(model.groups[result].items.length, 10);
    // A refresh of the same list marks no group: it keeps showing what it holds meanwhile.
    const refreshing = model.reload(client, { perPage: 10 });
    assert.deepEqual(
      (['good', 'decent', 'bad'] as const).filter((r) => model.groups[r].loading),
      [],
    );
    await refreshing;
  });

  it('back to the list shown while a new query loads: a group holding the new query spins until its own list is back', async () => {
    const model = new ReportsModel();
    const shown: ListQuery = { perPage: 10 };
    const other: ListQuery = { perPage: 10, sort: 'asc' };
    await model.reload(client, shown);
    const idsShown = (['good', 'decent', 'bad'] as const).map((r) => model.groups[r].items.map((i) => i.id));
    const totalsShown = model.totals();
    // Two of the other query's three requests are slow: one group answers, two keep waiting.
    service.addFault({ method: 'GET', path: '/api/v1/reports', delayMs: 800, times: 2 });
    const totalsSeen: string[] = [];
    const stop = model.onDidChange(() => totalsSeen.push(JSON.stringify(model.totals())));
    const switching = model.reload(client, other);
    const otherKey = JSON.stringify(other);
    const answered = () => (['good', 'decent', 'bad'] as const).filter((r) => model.groups[r].queryKey === otherKey);
    while (answered().length === 0) await new Promise((r) => setTimeout(r, 5));
    assert.ok(model.groups[answered()[0]].items.length > 0);
    assert.ok(
      totalsSeen.every((t) => t === JSON.stringify(totalsShown)),
      `no mix of two queries' totals while one loads: ${totalsSeen.join(' ')}`,
    );
    const back = model.reload(client, shown);
    const mixed = answered()[0];
    assert.equal(model.groups[mixed].loading, true, 'the group holding the other query waits for its own list again');
    assert.equal(model.canLoadMore(mixed), false, 'no "Load more" from the other query meanwhile');
    for (const r of (['good', 'decent', 'bad'] as const).filter((g) => g !== mixed)) assert.equal(model.groups[r].loading, false);
    await Promise.all([switching, back]);
    stop.dispose();
    assert.equal(model.status, 'ready');
    assert.deepEqual(
      (['good', 'decent', 'bad'] as const).map((r) => model.groups[r].items.map((i) => i.id)),
      idsShown,
    );
    assert.deepEqual(model.totals(), totalsShown);
  });

  it('a 401 on one group signs out even after the others answered, and nothing stays', async () => {
    const model = new ReportsModel();
    service.addFault({
      method: 'GET',
      path: '/api/v1/reports',
      delayMs: 300,
      status: 401,
      body: { message: 'Unauthenticated.' },
      times: 1,
    });
    await model.reload(client, { perPage: 10 });
    assert.equal(model.status, 'signed-out');
    assert.equal(model.lastError?.kind, 'auth');
    for (const result of ['good', 'decent', 'bad'] as const) {
      assert.equal(model.groups[result].items.length, 0);
      assert.equal(model.groups[result].loading, false);
    }
    assert.equal(model.showsGroups, false);
    assert.equal(service.requests().filter((r) => r.path === '/api/v1/reports').length, 3, 'nothing asked after the 401');
  });

  it('a list answer that crossed a local change is asked again, so the change is not undone', async () => {
    const model = new ReportsModel();
    await model.reload(client, { perPage: 10 });
    const report = model.groups.good.items[0];
    const before = report.privacy;
    // The answers are held on their way back (computed by the service, not yet applied): a
    // stand-in for a slow network, the only part here that is not the real client and service.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let answered = 0;
    const slowFirst = {
      listReports: async (...args: Parameters<ReportsClient['listReports']>) => {
        const page = await client.listReports(...args);
        if (++answered <= 3) await held;
        return page;
      },
      nextPage: (...args: Parameters<ReportsClient['nextPage']>) => client.nextPage(...args),
    };
    service.clearRequests();
    const reloading = model.reload(slowFirst, { perPage: 10, sort: 'desc' });
    while (answered < 3) await new Promise((r) => setTimeout(r, 5));
    const updated = await client.updateReport(report.id, { privacy: before === 1 ? 0 : 1 });
    model.upsert(updated);
    release();
    await reloading;
    assert.equal(model.find(report.id)?.privacy, updated.privacy, 'the stale answers did not undo the change');
    assert.equal(service.requests().filter((r) => r.method === 'GET').length, 6, 'each group asked twice');
  });

  it('pages one group to its end without repeats', async () => {
    const model = new ReportsModel();
    await model.reload(client, { perPage: 10 });
    const group = model.groups.good;
    let pages = 1;
    while (group.lastPage?.hasMore && pages < 10) {
      await model.loadMore(client, 'good');
      pages++;
    }
    assert.equal(pages, Math.ceil((group.total ?? 0) / 10), 'one request per page, and paging ends');
    assert.equal(group.items.length, group.total);
    assert.equal(new Set(group.items.map((r) => r.id)).size, group.items.length);
  });

  it('a refresh of the same list keeps the pages the user loaded; a new query starts over', async () => {
    await service.reset(180); // 60 per result
    const model = new ReportsModel();
    await model.reload(client, { perPage: 10 });
    await model.loadMore(client, 'good');
    await model.loadMore(client, 'good');
    assert.equal(model.groups.good.items.length, 30);
    service.clearRequests();
    await model.reload(client, { perPage: 10 });
    assert.equal(model.groups.good.items.length, 30, 'still three pages of good reports');
    assert.equal(model.groups.bad.items.length, 10);
    assert.equal(service.requests().length, 5, 'three first pages and two more of the good group');
    assert.equal(model.groups.good.lastPage?.page, 3);
    await model.reload(client, { perPage: 10, sort: 'asc' });
    assert.equal(model.groups.good.items.length, 10);
  });

  it('joins a reload of the same query and cancels a stale one', async () => {
    const model = new ReportsModel();
    const a = model.reload(client, { perPage: 10 });
    const b = model.reload(client, { perPage: 10 });
    assert.equal(a, b);
    await a;
    service.clearRequests();
    service.addFault({ delayMs: 500, times: 3 });
    const stale = model.reload(client, { perPage: 10, search: 'blog' });
    const fresh = model.reload(client, { perPage: 25 });
    await Promise.all([stale, fresh]);
    assert.equal(model.groups.good.lastPage?.perPage, 25);
    assert.equal(model.status, 'ready');
  });

  it('keeps the last list when the service fails, marked stale', async () => {
    const model = new ReportsModel();
    await model.reload(client, { perPage: 10 });
    const before = model.groups.bad.items.map((r) => r.id);
    service.addFault({ status: 503, times: 0 });
    await model.reload(client, { perPage: 25 });
    service.clearFaults();
    assert.equal(model.status, 'stale');
    assert.equal(model.lastError?.kind, 'server');
    assert.deepEqual(
      model.groups.bad.items.map((r) => r.id),
      before,
    );
  });

  it('signs out on a 401', async () => {
    const model = new ReportsModel();
    const wrong = new ReportsClient({ baseUrl: service.url, apiKey: () => 'nope-nope', proxy: { env: {} } });
    await model.reload(wrong, {});
    await wrong.dispose();
    assert.equal(model.status, 'signed-out');
    assert.equal(model.lastError?.kind, 'auth');
    assert.equal(model.groups.good.items.length, 0);
  });

  it('signs out when "Load more" finds no key, as a refresh does', async () => {
    const model = new ReportsModel();
    await model.reload(client, { perPage: 10 });
    const keyless = new ReportsClient({ baseUrl: service.url, apiKey: () => undefined, proxy: { env: {} } });
    await assert.rejects(model.loadMore(keyless, 'good'), { kind: 'not-configured' });
    await keyless.dispose();
    assert.equal(model.status, 'signed-out');
    assert.equal(model.groups.good.items.length, 0);
  });

  it('moves an updated report to its new group and removes deleted ones', async () => {
    const model = new ReportsModel();
    await model.reload(client, { perPage: 10 });
    const report = model.groups.good.items[0];
    const goodTotal = model.groups.good.total ?? 0;
    const badTotal = model.groups.bad.total ?? 0;
    model.upsert({ ...report, result: 'bad' });
    assert.equal(
      model.groups.good.items.some((r) => r.id === report.id),
      false,
    );
    assert.equal(model.groups.bad.items[0].id, report.id);
    assert.equal(model.groups.good.total, goodTotal - 1);
    assert.equal(model.groups.bad.total, badTotal + 1);
    model.remove(report.id);
    assert.equal(model.find(report.id), undefined);
    assert.equal(model.groups.bad.total, badTotal);
  });

  it('places a new report where the service order puts it', () => {
    const items = [{ id: 9 }, { id: 5 }, { id: 2 }];
    assert.equal(insertionIndex(items, { id: 10 }, { sortBy: 'id', sort: 'desc' }), 0);
    assert.equal(insertionIndex(items, { id: 3 }, { sortBy: 'id', sort: 'desc' }), 2);
    assert.equal(
      insertionIndex(
        [
          { id: 1, url: 'a' },
          { id: 2, url: 'c' },
        ],
        { id: 3, url: 'b' },
        { sortBy: 'url', sort: 'asc' },
      ),
      1,
    );
  });
});
