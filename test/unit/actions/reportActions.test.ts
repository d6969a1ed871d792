// ReportActions against the local report service over loopback: create (joined, recovered after
// a lost answer, never twice), privacy, re-run, and delete with an exact partial outcome.
import { strict as assert } from 'node:assert';
import { ReportsClient } from '../../../core/client/client';
import { ApiError } from '../../../core/client/errors';
import { ReportActions } from '../../../core/reports/reportActions';
import type { WriteEvent } from '../../../core/reports/outcomes';
import { ReportsModel } from '../../../core/list/reportsModel';
import { startService, RunningService } from '../../../service/server';
import { startFixtures, FixtureServer } from '../service/helpers';

const KEY = 'actions-test-key-5521';

describe('ReportActions', () => {
  let service: RunningService;
  let fixtures: FixtureServer;
  let client: ReportsClient;
  let model: ReportsModel;
  let actions: ReportActions;
  let writes: WriteEvent[];

  const posts = () => service.requests().filter((r) => r.method === 'POST' && r.path === '/api/v1/reports');

  before(async () => {
    service = await startService({ apiKey: KEY, seed: 12, control: true });
    fixtures = await startFixtures();
  });
  after(async () => {
    await fixtures.close();
    await service.close();
  });
  beforeEach(async () => {
    await service.reset();
    service.clearRequests();
    client = new ReportsClient({ baseUrl: service.url, apiKey: () => KEY, retry: { retries: 0 }, proxy: { env: {} } });
    model = new ReportsModel();
    actions = new ReportActions(() => client, model);
    writes = [];
    actions.onDidWrite((e) => writes.push(e));
  });
  afterEach(() => client.dispose());

  it('creates a report, places it in the model and tells listeners', async () => {
    const url = `${fixtures.url}/good`;
    const outcome = await actions.create({ url, privacy: 0 });
    assert.equal(outcome.kind, 'created');
    assert.ok(outcome.kind === 'created' && model.find(outcome.report.id));
    assert.deepEqual(
      writes.map((w) => w.kind),
      ['created'],
    );
    assert.equal(posts().length, 1);
  });

  it('joins concurrent creates of one URL into one POST', async () => {
    const url = `${fixtures.url}/good`;
    const [a, b, c] = await Promise.all([
      actions.create({ url, privacy: 1 }),
      actions.create({ url, privacy: 1 }),
      actions.create({ url, privacy: 1 }),
    ]);
    assert.equal(a.kind, 'created');
    assert.equal(a, b);
    assert.equal(b, c);
    assert.equal(posts().length, 1);
  });

  it('after a lost answer and a refresh that shows the stored report, finds it instead of creating again', async () => {
    const url = `${fixtures.url}/good`;
    const slow = new ReportsClient({
      baseUrl: service.url,
      apiKey: () => KEY,
      retry: { retries: 0 },
      proxy: { env: {} },
      timeoutMs: 200,
      analysisTimeoutMs: 200,
    });
    const lossy = new ReportActions(() => slow, model);
    // The service stores the report, but only after the client has given up waiting.
    service.addFault({ method: 'POST', path: '/api/v1/reports', delayMs: 600 });
    const first = await lossy.create({ url, privacy: 0 });
    assert.equal(first.kind, 'failed');
    assert.equal(first.kind === 'failed' && first.error.kind, 'timeout');
    // Wait until the service has stored it, then refresh: the tree now shows the stored report.
    for (let i = 0; i < 50 && !(await client.listReports({ search: url })).items.some((r) => r.url === url); i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    await model.reload(client, {});
    assert.ok(model.reportsFor(url).length === 1, 'the refresh shows the stored report');
    const second = await lossy.create({ url, privacy: 0 });
    assert.equal(second.kind, 'recovered');
    assert.equal(posts().length, 1, 'one POST in all');
    await slow.dispose();
  });

  it('a create cancelled while the service still analyses it, tried again at once: looked for until it appears, never sent twice', async () => {
    const url = `${fixtures.url}/good?n=unknown`;
    // The service stores the report 500 ms after the POST arrives, whatever became of the caller.
    service.addFault({ method: 'POST', path: '/api/v1/reports', delayMs: 500 });
    const controller = new AbortController();
    const first = actions.create({ url, privacy: 0 }, { signal: controller.signal });
    for (let i = 0; i < 200 && posts().length < 1; i++) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    assert.equal((await first).kind, 'cancelled');
    // "Not found yet" is not "not stored": within the create's time limit the retry looks again.
    const retry = await actions.create({ url, privacy: 0 });
    assert.equal(retry.kind, 'recovered');
    assert.equal(posts().length, 1, 'one POST in all');
  });

  it('does not mistake an older report of the same URL for the lost one', async () => {
    const url = `${fixtures.url}/good`;
    const older = await actions.create({ url, privacy: 0 });
    assert.equal(older.kind, 'created');
    // A dropped answer stays unknown for the create's time limit (looked for again meanwhile): a short one here.
    const quick = new ReportsClient({
      baseUrl: service.url,
      apiKey: () => KEY,
      retry: { retries: 0 },
      proxy: { env: {} },
      analysisTimeoutMs: 300,
    });
    const lossy = new ReportActions(() => quick, model);
    service.addFault({ method: 'POST', path: '/api/v1/reports', drop: true });
    const lost = await lossy.create({ url, privacy: 0 });
    assert.equal(lost.kind, 'failed');
    const retry = await lossy.create({ url, privacy: 0 });
    await quick.dispose();
    assert.equal(retry.kind, 'created', 'the dropped attempt stored nothing, so the retry creates');
    assert.notEqual(retry.kind === 'created' && retry.report.id, older.kind === 'created' && older.report.id);
  });

  it('changes privacy and re-runs, reporting the rating before and after', async () => {
    await model.reload(client, {});
    const report = model.find(1) ?? (await client.getReport(1));
    const privacy = await actions.changePrivacy(report, 2, 'secret-pw');
    assert.equal(privacy.kind, 'updated');
    assert.equal(privacy.kind === 'updated' && Number(privacy.report.privacy), 2);
    const rerun = await actions.rerun(report);
    assert.ok(rerun.kind === 'updated' || rerun.kind === 'failed', rerun.kind);
    assert.deepEqual(
      writes.map((w) => w.kind),
      rerun.kind === 'updated' ? ['updated', 'updated'] : ['updated'],
    );
  });

  it('says a report the service no longer has is gone (404, the plain reading) and takes it out of the model', async () => {
    const plain = await startService({ apiKey: KEY, seed: 6, shape: 'plain' });
    const plainClient = new ReportsClient({ baseUrl: plain.url, apiKey: () => KEY, retry: { retries: 0 }, proxy: { env: {} } });
    try {
      const plainActions = new ReportActions(() => plainClient, model);
      await model.reload(plainClient, {});
      const report = model.find(3)!;
      await plainClient.deleteReport(3);
      const outcome = await plainActions.changePrivacy(report, 1);
      assert.equal(outcome.kind, 'gone');
      assert.equal(model.find(3), undefined);
    } finally {
      await plainClient.dispose();
      await plain.close();
    }
  });

  it('a 403 on a report (the real service: missing or not yours) fails that action only, and keeps the model', async () => {
    await model.reload(client, {});
    const report = model.find(3)!;
    await client.deleteReport(3);
    const outcome = await actions.changePrivacy(report, 1);
    assert.equal(outcome.kind, 'failed');
    assert.equal(outcome.kind === 'failed' && outcome.error.status, 403);
    assert.notEqual(outcome.kind === 'failed' && outcome.error.kind, 'auth', 'a 403 is not a rejected key');
    assert.equal(model.status, 'ready', 'the list stays as it was');
  });

  it('deletes a multi-selection with an exact partial outcome: each failure with its own reason', async () => {
    await model.reload(client, { perPage: 25 });
    const reports = await Promise.all(Array.from({ length: 12 }, (_, i) => model.find(i + 1) ?? client.getReport(i + 1)));
    service.addFault({ method: 'DELETE', path: '/api/v1/reports/4', status: 500, body: { message: 'disk full' } });
    service.addFault({ method: 'DELETE', path: '/api/v1/reports/9', status: 403, body: { message: 'This action is unauthorized.' } });
    const progress: number[] = [];
    const outcome = await actions.delete(reports, { onProgress: (n) => progress.push(n) });
    assert.equal(outcome.deleted.length, 10);
    assert.deepEqual(
      outcome.failed.map((f) => Number(f.report.id)).sort((a, b) => a - b),
      [4, 9],
    );
    const byId = Object.fromEntries(outcome.failed.map((f) => [Number(f.report.id), f.error]));
    assert.equal(byId[4].status, 500);
    assert.equal(byId[9].status, 403);
    assert.equal(outcome.skipped.length, 0);
    assert.equal(progress.at(-1), 12);
    for (const id of [1, 2, 3, 5, 6, 7, 8, 10, 11, 12]) assert.equal(model.find(id), undefined);
    assert.equal(writes.filter((w) => w.kind === 'deleted').length, 10);
  });

  it('counts a report already deleted elsewhere as deleted', async () => {
    const report = await client.getReport(2);
    await client.deleteReport(2);
    const outcome = await actions.delete([report]);
    assert.deepEqual(
      outcome.deleted.map((r) => r.id),
      [2],
    );
  });

  it('skips what is left when cancelled, and says so', async () => {
    const reports = await Promise.all([1, 2, 3, 4, 5, 6].map((id) => client.getReport(id)));
    const controller = new AbortController();
    controller.abort();
    const outcome = await actions.delete(reports, { signal: controller.signal });
    assert.equal(outcome.skipped.length, 6);
    assert.equal(service.requests().filter((r) => r.method === 'DELETE').length, 0);
  });

  it('answers "failed: not-configured" instead of throwing when there is no connection', async () => {
    const none = new ReportActions(() => {
      throw new ApiError('not-configured', 'No API key is set.');
    }, model);
    const outcome = await none.create({ url: `${fixtures.url}/good`, privacy: 0 });
    assert.equal(outcome.kind, 'failed');
    assert.equal(outcome.kind === 'failed' && outcome.error.kind, 'not-configured');
  });
});
