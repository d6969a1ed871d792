// A failing listener or a hostile record never breaks the model: `emit` isolates listeners (the
// error goes to the callback the model was given), and a report with 10,000 nested arrays is held
// as a small projection, so reload, upsert and remove never throw. Real client, real service;
// the hostile list page is a fault answer with the body the test wrote.
import { strict as assert } from 'node:assert';
import { ReportsClient } from '../../../core/client/client';
import { ReportsModel } from '../../../core/list/reportsModel';
import { startService, RunningService } from '../../../service/server';

const KEY = 'model-listeners-key-3390';
const DEPTH = 10_000;
const deepJson = '['.repeat(DEPTH) + ']'.repeat(DEPTH);

describe('model: listeners and hostile records', () => {
  let service: RunningService;
  let client: ReportsClient;

  before(async () => {
    service = await startService({ apiKey: KEY, seed: 30, control: true });
    client = new ReportsClient({ baseUrl: service.url, apiKey: () => KEY, retry: { retries: 0 }, proxy: { env: {} } });
  });
  after(async () => {
    await client.dispose();
    await service.close();
  });
  beforeEach(() => service.reset());
  afterEach(() => service.clearFaults());

  it('a listener that throws is reported and skipped; the others and the model carry on', async () => {
    const errors: unknown[] = [];
    const model = new ReportsModel({ onListenerError: (e) => errors.push(e) });
    let calls = 0;
    model.onDidChange(() => {
      throw new Error('a panel choked');
    });
    model.onDidChange(() => calls++);
    model.onDidRemove(() => {
      throw new Error('a panel choked on close');
    });
    await model.reload(client, { perPage: 10 });
    assert.equal(model.status, 'ready');
    const report = model.groups.good.items[0];
    model.upsert({ ...report, privacy: 1 });
    model.remove(report.id);
    assert.equal(model.find(report.id), undefined, 'the delete was recorded');
    assert.ok(calls >= 4, `the other listener heard every change (${calls})`);
    assert.equal(errors.length, model.listenerFailures);
    assert.ok(errors.length >= 5, `every failure was reported (${errors.length})`);
    assert.ok(errors.every((e) => e instanceof Error && /choked/.test(e.message)));
  });

  it('an error callback that throws too does not break the model', async () => {
    const model = new ReportsModel({
      onListenerError: () => {
        throw new Error('the log is gone');
      },
    });
    model.onDidChange(() => {
      throw new Error('a panel choked');
    });
    await model.reload(client, { perPage: 10 });
    assert.equal(model.status, 'ready');
  });

  it('a report nested 10,000 deep: reload, upsert and remove never throw, and the model holds none of it', async () => {
    const record = `{"id":4242,"url":"https://deep.example/","result":91,"privacy":0,"results":${deepJson},"extra":{"a":${deepJson}}}`;
    service.addFault({ path: '/api/v1/reports', status: 200, body: `{"data":[${record}],"meta":{"total":1}}`, times: 0 });
    const model = new ReportsModel();
    // What a panel does with the reports it shows: serialise them to compare (the overflow seen).
    let compared = 0;
    model.onDidChange(() => {
      compared += JSON.stringify(model.groups).length;
    });
    await model.reload(client, { perPage: 10 });
    assert.equal(model.status, 'ready');
    const held = model.find(4242);
    assert.ok(held, 'the report is listed');
    assert.deepEqual(Object.keys(held).sort(), ['id', 'privacy', 'result', 'url']);
    // The full record, as a re-run or privacy change answers it, goes in through upsert.
    const full = JSON.parse(record) as { id: number };
    model.upsert({ ...full, privacy: 1 });
    assert.equal(model.find(4242)?.privacy, 1);
    model.remove(4242);
    assert.equal(model.find(4242), undefined);
    assert.ok(compared > 0);
    assert.equal(model.listenerFailures, 0, 'nothing deep reached a listener');
  });

  it('a field that is not what it should be (a deep array as url, an object as project) is left out', () => {
    const model = new ReportsModel();
    const deep = JSON.parse(deepJson) as unknown[];
    model.upsert({ id: 7, url: deep as unknown as string, project: { x: deep } as unknown as string, result: 'good' });
    assert.deepEqual(model.find(7), { id: 7, result: 'good' });
  });
});
