// The lookup engine against the local report service over loopback: batching by host (counted
// with the service's recorded requests), joined lookups, the cache and its invalidation, narrower
// searches for a host with many reports, and the request budget.
import { ratingOf } from '../../../core/checks/rating';
import { strict as assert } from 'node:assert';
import { ReportsClient } from '../../../core/client/client';
import { UrlLookup } from '../../../core/reports/urlLookup';
import { startService, RunningService } from '../../../service/server';
import { RecordSpec, writeDataFile } from './reportRecords';

const KEY = 'lookup-test-key-7731';

const specs: RecordSpec[] = [
  ...Array.from({ length: 150 }, (_, i) => ({ url: `https://docs.alpha.test/page-${i}`, score: 40 + (i % 60) })),
  { url: 'https://docs.alpha.test/page-7', score: 12 }, // a newer report of page-7
  ...Array.from({ length: 20 }, (_, i) => ({ url: `https://beta.test/b/${i}/`, score: 85 })),
  { url: 'HTTPS://Gamma.TEST:443/Case/Path?q=1#frag', score: 70 },
];

describe('actions: URL lookup engine', () => {
  let service: RunningService;
  let client: ReportsClient;
  let lookup: UrlLookup;
  const lists = () => service.requests().filter((r) => r.method === 'GET' && r.path === '/api/v1/reports');

  before(async () => {
    service = await startService({ apiKey: KEY, control: true, dataFile: await writeDataFile(specs) });
    client = new ReportsClient({ baseUrl: service.url, apiKey: () => KEY, retry: { retries: 0 }, proxy: { env: {} } });
  });
  after(async () => {
    await client.dispose();
    await service.close();
  });
  beforeEach(() => {
    service.clearRequests();
    lookup = new UrlLookup({ source: () => client });
  });
  afterEach(() => {
    lookup.dispose();
  });

  it('answers many URLs of one host with one search by host, paging only while needed', async () => {
    const urls = ['https://docs.alpha.test/page-149', 'https://docs.alpha.test/page-100', 'https://docs.alpha.test/page-120'];
    const found = await lookup.lookupAll(urls);
    assert.deepEqual(
      urls.map((u) => found.get(u)?.url),
      urls,
    );
    assert.equal(lists().length, 1, 'the newest 100 hold all three: one request');
    assert.equal(lists()[0].query.search, 'docs.alpha.test');
    assert.equal(lists()[0].query.per_page, '100');
  });

  it('pages on for an old URL, and says "no report" for a URL the host does not have', async () => {
    const found = await lookup.lookupAll(['https://docs.alpha.test/page-3', 'https://docs.alpha.test/none']);
    assert.equal(found.get('https://docs.alpha.test/page-3')?.url, 'https://docs.alpha.test/page-3');
    assert.equal(found.get('https://docs.alpha.test/none'), undefined);
    assert.deepEqual(
      lists().map((r) => `${r.query.search}#${r.query.page ?? 1}`),
      ['docs.alpha.test#1', 'docs.alpha.test#2'],
    );
  });

  it('reads the account list once when that costs less than a search per host (172 reports, 2 hosts: 2 pages)', async () => {
    const found = await lookup.lookupAll(['https://docs.alpha.test/page-3', 'https://docs.alpha.test/none', 'https://beta.test/b/4']);
    assert.equal(found.get('https://docs.alpha.test/page-3')?.url, 'https://docs.alpha.test/page-3');
    assert.equal(found.get('https://docs.alpha.test/none'), undefined);
    assert.equal(found.get('https://beta.test/b/4')?.url, 'https://beta.test/b/4/', 'trailing slash ignored');
    assert.deepEqual(
      lists().map((r) => `${r.query.search ?? 'account'}#${r.query.page ?? 1}`),
      ['account#1', 'account#2'],
    );
  });

  it('returns the latest report of a URL that has several', async () => {
    const report = await lookup.lookup('https://docs.alpha.test/page-7');
    assert.equal(ratingOf(report).score, 12);
  });

  it('matches the way the service compares: scheme/host case, default port, fragment; the query kept', async () => {
    const found = await lookup.lookupAll([
      'https://gamma.test/Case/Path?q=1',
      'https://gamma.test/case/path?q=1',
      'https://gamma.test/Case/Path?q=2',
    ]);
    assert.equal(ratingOf(found.get('https://gamma.test/Case/Path?q=1')).score, 70);
    assert.equal(found.get('https://gamma.test/case/path?q=1'), undefined, 'the path is case-sensitive');
    assert.equal(found.get('https://gamma.test/Case/Path?q=2'), undefined);
  });

  it('joins identical lookups and answers later ones from the cache', async () => {
    const url = 'https://beta.test/b/1/';
    const [a, b, c] = await Promise.all([lookup.lookup(url), lookup.lookup(url), lookup.lookup(url)]);
    assert.ok(a && a === b && b === c);
    await lookup.lookup(url);
    assert.deepEqual(lookup.cached(url), { report: a });
    assert.equal(lists().length, 1);
  });

  it('asks again after invalidate(), for one URL or for all', async () => {
    await lookup.lookup('https://beta.test/b/2');
    lookup.invalidate('https://beta.test/b/2/');
    assert.equal(lookup.cached('https://beta.test/b/2'), undefined);
    await lookup.lookup('https://beta.test/b/2');
    lookup.invalidate();
    await lookup.lookup('https://beta.test/b/2');
    assert.equal(lists().length, 3);
  });

  it('forgets answers once their time to live has passed', async () => {
    let now = 1_000;
    lookup = new UrlLookup({ source: () => client, ttlMs: 500, now: () => now });
    await lookup.lookup('https://beta.test/b/3');
    now += 400;
    assert.ok(lookup.cached('https://beta.test/b/3'));
    now += 200;
    assert.equal(lookup.cached('https://beta.test/b/3'), undefined);
  });

  it('narrows the search instead of paging when a host holds more than a few pages', async () => {
    lookup = new UrlLookup({ source: () => client, maxPages: 1 });
    const report = await lookup.lookup('https://docs.alpha.test/page-0');
    assert.equal(report?.url, 'https://docs.alpha.test/page-0');
    const searches = lists().map((r) => r.query.search);
    assert.deepEqual(searches, ['docs.alpha.test', 'docs.alpha.test/page-0']);
  });

  it('fails the lookups (and caches nothing) when signed out', async () => {
    const signedOut = new ReportsClient({ baseUrl: service.url, apiKey: () => undefined, proxy: { env: {} } });
    lookup = new UrlLookup({ source: () => signedOut });
    await assert.rejects(lookup.lookup('https://beta.test/b/5'), { kind: 'not-configured' });
    assert.equal(lookup.cached('https://beta.test/b/5'), undefined);
    assert.equal(lists().length, 0);
    await signedOut.dispose();
  });
});
