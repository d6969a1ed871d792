// Bounded paging against the local service: a service that keeps announcing a next page (empty
// pages, the same page again, a next link that points back) costs a handful of requests, not
// thousands; the caps hold; the group says it was cut. Faults answer any body the test gives.
import { strict as assert } from 'node:assert';
import { ReportsClient } from '../../../core/client/client';
import { ReportsModel } from '../../../core/list/reportsModel';
import { RESULT_VALUES } from '../../../core/client/types';
import { startService, RunningService } from '../../../service/server';

const KEY = 'model-paging-key-5512';
/** Enough answers for today's main to loop on (it sent thousands) and still end the test. */
const MANY = 2000;

describe('model: paging stops on a service that never ends', () => {
  let service: RunningService;
  let client: ReportsClient;
  const lists = () => service.requests().filter((r) => r.path === '/api/v1/reports').length;

  before(async () => {
    service = await startService({ apiKey: KEY, seed: 60, control: true });
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
  afterEach(() => service.clearFaults());

  /** A model that has paged the good group twice, so a refresh wants 20 good reports back. */
  async function pagedModel(options?: ConstructorParameters<typeof ReportsModel>[0]): Promise<ReportsModel> {
    const model = new ReportsModel(options);
    await model.reload(client, { perPage: 10 });
    await model.loadMore(client, 'good');
    assert.equal(model.groups.good.items.length, 20);
    service.clearRequests();
    return model;
  }

  it('an endless run of empty pages that announce a next one: one request per group, the list marked cut', async () => {
    const model = await pagedModel();
    const next = `${service.url}/api/v1/reports?page=2`;
    service.addFault({ path: '/api/v1/reports', status: 200, body: { data: [], links: { next }, meta: { total: 999 } }, times: MANY });
    await model.reload(client, { perPage: 10 });
    assert.ok(lists() <= 3, `a refresh sent ${lists()} list requests`);
    assert.equal(model.groups.good.cut, 'empty-page');
    assert.equal(model.canLoadMore('good'), false, 'no "Load more" on a group that was cut');
    service.clearRequests();
    await model.loadMore(client, 'good');
    assert.equal(lists(), 0, 'Load more sends nothing once the group was cut');
  });

  it('the same page again and again (same next link, same ids): stops at the first repeat', async () => {
    const model = await pagedModel();
    const next = `${service.url}/api/v1/reports?page=2`;
    const data = [900001, 900002, 900003].map((id) => ({ id, url: `https://repeat.example/${id}`, result: 90, privacy: 0 }));
    service.addFault({ path: '/api/v1/reports', status: 200, body: { data, links: { next } }, times: MANY });
    await model.reload(client, { perPage: 10 });
    assert.ok(lists() <= 6, `a refresh sent ${lists()} list requests`);
    assert.equal(model.groups.good.cut, 'repeated-page');
    // The same ids came back for all three groups: one group holds them, once.
    const held = RESULT_VALUES.flatMap((r) => model.groups[r].items.map((i) => String(i.id)));
    assert.deepEqual(held.sort(), ['900001', '900002', '900003']);
  });

  it('a page number that never advances (meta only, no links): stops at the first repeat', async () => {
    const model = await pagedModel();
    const data = [{ id: 800001, url: 'https://stuck.example/', result: 90 }];
    service.addFault({ path: '/api/v1/reports', status: 200, body: { data, meta: { current_page: 1, last_page: 500 } }, times: MANY });
    await model.reload(client, { perPage: 10 });
    assert.ok(lists() <= 6, `a refresh sent ${lists()} list requests`);
    assert.equal(model.groups.good.cut, 'repeated-page');
  });

  it('a new id on every page would go on: the page cap ends a refresh, and "Load more" carries on', async () => {
    await service.reset(180); // 60 per group
    const model = new ReportsModel({ limits: { maxPages: 3 } });
    await model.reload(client, { perPage: 10 });
    for (let i = 0; i < 5; i++) await model.loadMore(client, 'good');
    assert.equal(model.groups.good.items.length, 60, 'paging by hand is not capped by pages');
    service.clearRequests();
    await model.reload(client, { perPage: 10 });
    assert.equal(model.groups.good.items.length, 30, 'three pages of the six the user had');
    assert.equal(model.groups.good.cut, 'page-limit');
    assert.equal(lists(), 3 + 2, 'three first pages and two more of the good group');
    assert.equal(model.canLoadMore('good'), true);
    await model.loadMore(client, 'good');
    assert.equal(model.groups.good.items.length, 40);
    assert.equal(model.groups.good.cut, undefined);
  });

  it('the report cap ends a group however many pages the service has', async () => {
    await service.reset(180);
    const model = new ReportsModel({ limits: { maxReports: 25 } });
    await model.reload(client, { perPage: 10 });
    for (let i = 0; i < 10 && model.canLoadMore('good'); i++) await model.loadMore(client, 'good');
    assert.equal(model.groups.good.items.length, 25);
    assert.equal(model.groups.good.cut, 'report-limit');
    assert.equal(model.canLoadMore('good'), false);
  });

  it('an ordinary list that ends is not marked cut', async () => {
    const model = new ReportsModel();
    await model.reload(client, { perPage: 10 });
    while (model.canLoadMore('bad')) await model.loadMore(client, 'bad');
    assert.equal(model.groups.bad.items.length, model.groups.bad.total);
    assert.equal(model.groups.bad.cut, undefined);
  });
});
