// Report-all against the local service: URLs de-duplicated, reported ones skipped, at most 3
// creates in flight, a 429 waited out (the URL created once), and a create whose answer was lost
// found on the service instead of being created again by "Retry Failed".
import { strict as assert } from 'node:assert';
import { ReportsClient } from '../../../core/client/client';
import { CreateInput } from '../../../core/reports/outcomes';
import { planReportAll, runReportAll } from '../../../core/reports/reportAll';
import { ReportActions } from '../../../core/reports/reportActions';
import { UrlLookup } from '../../../core/reports/urlLookup';
import { ReportsModel } from '../../../core/list/reportsModel';
import { startService, RunningService } from '../../../service/server';
import { startFixtures, FixtureServer } from '../service/helpers';
import { writeDataFile } from './reportRecords';

const KEY = 'report-all-test-key-4410';

describe('actions: report every URL of a document', () => {
  let service: RunningService;
  let fixtures: FixtureServer;
  let client: ReportsClient;
  let actions: ReportActions;
  let lookup: UrlLookup;
  const posts = () => service.requests().filter((r) => r.method === 'POST');

  before(async () => {
    fixtures = await startFixtures();
    const reported = [1, 2].map((n) => ({ url: `${fixtures.url}/good?n=${n}` }));
    service = await startService({ apiKey: KEY, control: true, dataFile: await writeDataFile(reported), latencyMs: 30 });
  });
  after(async () => {
    await service.close();
    await fixtures.close();
  });
  beforeEach(() => {
    client = new ReportsClient({
      baseUrl: service.url,
      apiKey: () => KEY,
      retry: { retries: 0 },
      proxy: { env: {} },
      analysisTimeoutMs: 1500,
    });
    actions = new ReportActions(() => client, new ReportsModel());
    lookup = new UrlLookup({ source: () => client });
    service.clearRequests();
    service.clearFaults();
  });
  afterEach(async () => {
    lookup.dispose();
    await client.dispose();
  });

  it('skips reported URLs, creates the rest once each with at most 3 in flight', async () => {
    const urls = [1, 2, 3, 4, 5, 6, 7, 8, 3].map((n) => `${fixtures.url}/good?n=${n}`);
    urls.push(`${fixtures.url}/good?n=4#section`); // the same page as n=4
    const plan = await planReportAll(urls, lookup);
    assert.deepEqual(
      plan.reported.map((r) => r.url),
      [1, 2].map((n) => `${fixtures.url}/good?n=${n}`),
    );
    assert.equal(plan.toCreate.length, 6);
    let inFlight = 0;
    let most = 0;
    const creator = {
      create: async (input: CreateInput, options: { signal?: AbortSignal }) => {
        most = Math.max(most, ++inFlight);
        try {
          return await actions.create(input, options);
        } finally {
          inFlight--;
        }
      },
      rerun: actions.rerun.bind(actions),
    };
    const summary = await runReportAll(plan.toCreate, creator, { privacy: 0 });
    assert.equal(summary.created.length, 6);
    assert.deepEqual(summary.failed, []);
    assert.equal(posts().length, 6);
    assert.ok(most <= 3 && most >= 2, `in flight at most: ${most}`);
    assert.deepEqual(new Set(posts().map((p) => new URLSearchParams(p.body).get('url'))).size, 6);
  });

  it('waits out a 429 and creates the URL once', async () => {
    service.addFault({ method: 'POST', path: '/api/v1/reports', status: 429, headers: { 'Retry-After': '1' }, times: 1 });
    const url = `${fixtures.url}/good?n=429`;
    const summary = await runReportAll([url], actions, { privacy: 1 });
    assert.equal(summary.created.length, 1);
    assert.equal(posts().length, 2, 'the first POST was refused, the second created');
  });

  it('says why a URL failed, and a lost create is found, not made again, by the retry', async () => {
    const missing = `${fixtures.url}/loop?n=1`; // a redirect loop: the service refuses it (422)
    const slow = `${fixtures.url}/slow?n=1`; // answers after 3 s: the client times out at 1.5 s
    const first = await runReportAll([missing, slow], actions, { privacy: 0 });
    assert.equal(first.created.length, 0);
    assert.equal(first.failed.length, 2);
    assert.match(first.failed.find((f) => f.url === slow)?.reason ?? '', /time|long/i);
    await new Promise((r) => setTimeout(r, 2000)); // the service finishes the slow analysis
    service.clearRequests();
    const retry = await runReportAll([slow], actions, { privacy: 0 });
    assert.equal(retry.created.length, 1);
    assert.equal(retry.created[0].recovered, true);
    assert.equal(posts().length, 0, 'no second POST');
  });

  it('skips what was not sent when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const summary = await runReportAll([`${fixtures.url}/good?n=90`], actions, { privacy: 0, signal: controller.signal });
    assert.equal(summary.skipped.length, 1);
    assert.equal(summary.cancelled, true);
    assert.equal(posts().length, 0);
  });
});
