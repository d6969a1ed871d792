// Internationalised URLs over HTTP: a page created as https://bücher.example/seite is found again
// by the lookups whichever spelling the service stored and whichever the document uses, so a
// second Report All creates nothing; a lost create of such a URL is recovered, not made twice.
import { strict as assert } from 'node:assert';
import { ReportsClient } from '../../../core/client/client';
import { findMade } from '../../../core/reports/lostCreates';
import { planReportAll, runReportAll } from '../../../core/reports/reportAll';
import { ReportActions } from '../../../core/reports/reportActions';
import { UrlLookup } from '../../../core/reports/urlLookup';
import { ReportsModel } from '../../../core/list/reportsModel';
import type { Analysis } from '../../../service/analyze';
import { startService, RunningService } from '../../../service/server';

const KEY = 'idn-test-key-8802';
const UNICODE = 'https://bücher.example/seite';
const PUNYCODE = 'https://xn--bcher-kva.example/seite';

describe('actions: internationalised URLs are found again', () => {
  let service: RunningService;
  let client: ReportsClient;
  let actions: ReportActions;
  const posts = () => service.requests().filter((r) => r.method === 'POST');
  const lookup = () => new UrlLookup({ source: () => client }); // a fresh cache each time

  before(async () => {
    // The page fetch is replaced (no DNS for .example); everything else is the real service.
    const analyze = () => Promise.resolve({ score: 90, result: 'good', results: {} } as unknown as Analysis);
    service = await startService({ apiKey: KEY, control: true, analyze });
  });
  after(() => service.close());
  beforeEach(async () => {
    await service.reset(0);
    service.clearRequests();
    client = new ReportsClient({ baseUrl: service.url, apiKey: () => KEY, retry: { retries: 0 }, proxy: { env: {} } });
    actions = new ReportActions(() => client, new ReportsModel());
  });
  afterEach(async () => {
    await client.dispose();
  });

  it('Report All creates https://bücher.example/seite once; a second run creates nothing', async () => {
    const first = await planReportAll([UNICODE], lookup());
    assert.deepEqual(first.toCreate, [UNICODE]);
    const summary = await runReportAll(first.toCreate, actions, { privacy: 0 });
    assert.equal(summary.created.length, 1, JSON.stringify(summary.failed));
    assert.equal(posts().length, 1);
    for (const spelling of [UNICODE, PUNYCODE, 'https://BÜCHER.example/seite/']) {
      const again = await planReportAll([spelling], lookup());
      assert.deepEqual(again.toCreate, [], `${spelling} is the page already reported`);
      assert.equal(again.reported[0]?.report.id, summary.created[0].report.id);
    }
    const second = await runReportAll((await planReportAll([UNICODE], lookup())).toCreate, actions, { privacy: 0 });
    assert.equal(second.created.length, 0);
    assert.equal(posts().length, 1, 'nothing is created twice');
  });

  it('a report stored under the punycode spelling is found for the Unicode one, and the other way round', async () => {
    const stored = await client.createReport({ url: PUNYCODE });
    assert.equal((await lookup().lookup(UNICODE, 'interactive'))?.id, stored.id);
    await service.reset(0);
    const unicode = await client.createReport({ url: 'https://straße.example/weg' });
    assert.equal((await lookup().lookup('https://xn--strae-oqa.example/weg', 'interactive'))?.id, unicode.id);
  });

  it('an IDN host costs one search when the first spelling finds the page, two when none does', async () => {
    await client.createReport({ url: UNICODE });
    service.clearRequests();
    assert.ok(await lookup().lookup(PUNYCODE, 'interactive'));
    assert.equal(service.requests().length, 1, 'found under the Unicode spelling, searched first');
    service.clearRequests();
    assert.equal(await lookup().lookup('https://xn--mnchen-3ya.example/none', 'interactive'), undefined);
    assert.deepEqual(
      service.requests().map((r) => r.query.search),
      ['münchen.example', 'xn--mnchen-3ya.example'],
    );
  });

  it('a lost create is found whichever spelling the service stored, and percent-escapes in any case', async () => {
    const startedAt = Date.now();
    const stored = await client.createReport({ url: 'https://xn--bcher-kva.example/caf%c3%a9' });
    const url = 'https://bücher.example/café';
    service.clearRequests();
    assert.equal((await findMade(client, url, { startedAt, knownIds: new Set() }))?.id, stored.id);
    assert.ok(service.requests().length <= 5, 'the URL as sent, then at most four spellings');
    service.clearRequests();
    assert.equal(await findMade(client, 'https://plain.example/x', { startedAt, knownIds: new Set() }), undefined);
    assert.equal(service.requests().length, 1, 'a plain ASCII URL: one search, as before');
  });

  it('a plain ASCII host still costs one search', async () => {
    await client.createReport({ url: 'https://plain.example/a' });
    service.clearRequests();
    assert.ok(await lookup().lookup('https://plain.example/a', 'interactive'));
    assert.equal((await lookup().lookup('https://plain.example/none', 'interactive')) ?? undefined, undefined);
    assert.equal(service.requests().length, 2, 'one list request per lookup');
  });
});
