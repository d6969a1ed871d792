// Lookups at the floor, counted with the local service's recorded requests over loopback: a run
// takes the cheaper of one search per host and the account list read once, the editor's lookups
// and `check` (the same module) send the same number of requests, and a lookup that fails is
// unknown — never "no report", never cached, asked again once the service answers.
import { strict as assert } from 'node:assert';
import * as net from 'node:net';
import { ratingOf } from '../../../core/checks/rating';
import { ReportsClient } from '../../../core/client/client';
import type { ListQuery } from '../../../core/client/types';
import { LOOKAHEAD_PAGES } from '../../../core/reports/accountScan';
import { UrlLookup } from '../../../core/reports/urlLookup';
import type { LookupRoute } from '../../../core/reports/lookupRun';
import { startService, RunningService } from '../../../service/server';
import { project, removeProjects, runCli } from '../cli/runCli';
import { RecordSpec, writeDataFile } from './reportRecords';

const KEY = 'lookup-floor-key-4410';
const HOSTS = 80;
/** 300 URLs on 80 hosts, as a workspace holds them. */
const URLS = Array.from({ length: 300 }, (_, i) => `https://site-${i % HOSTS}.floor.test/p/${i}`);
/** 260 reports: URLs 0..249 once, then URLs 0..9 again (newer, score 11): 50 URLs have none. */
const SPECS: RecordSpec[] = [
  ...URLS.slice(0, 250).map((url, i) => ({ url, score: 50 + (i % 50) })),
  ...URLS.slice(0, 10).map((url) => ({ url, score: 11 })),
];

describe('actions: lookups at the floor', function () {
  this.timeout(60_000);
  let service: RunningService;
  let client: ReportsClient;
  let routes: LookupRoute[];
  let lookup: UrlLookup;
  const lists = () => service.requests().filter((r) => r.method === 'GET' && r.path === '/api/v1/reports');

  before(async () => {
    service = await startService({ apiKey: KEY, control: true, dataFile: await writeDataFile(SPECS) });
    client = new ReportsClient({ baseUrl: service.url, apiKey: () => KEY, retry: { retries: 0 }, proxy: { env: {} } });
  });
  after(async () => {
    await client.dispose();
    await service.close();
    await removeProjects();
  });
  beforeEach(() => {
    service.clearRequests();
    service.clearFaults();
    routes = [];
    lookup = new UrlLookup({ source: () => client, onRoute: (r) => routes.push(r) });
  });
  afterEach(() => {
    lookup.dispose();
  });
  /** A new `lookup` that counts the list requests it sends, at once (the service records one only once it is read). */
  const countingLookup = () => {
    const sent = { n: 0 };
    const source = {
      listReports: (q: ListQuery, o?: never) => (sent.n++, client.listReports(q, o)),
      nextPage: (p: Parameters<ReportsClient['nextPage']>[0], o?: never) => (sent.n++, client.nextPage(p, o)),
    };
    lookup.dispose();
    lookup = new UrlLookup({ source: () => source, onRoute: (r) => routes.push(r) });
    return sent;
  };

  it('300 URLs on 80 hosts, an account of 260: the list read once, 3 requests (≤ 4; one search per host sent 80)', async () => {
    const answers = await lookup.settleAll(URLS, 'hidden');
    assert.deepEqual(routes, ['scan']);
    assert.equal(lists().length, 3);
    assert.ok(lists().every((r) => r.query.search === undefined && r.query.per_page === '100'));
    URLS.forEach((url, i) => {
      const answer = answers.get(url);
      if (i >= 250) assert.deepEqual(answer, { state: 'none' }, url);
      else {
        assert.equal(answer?.state, 'found', url);
        if (answer?.state === 'found') {
          assert.equal(ratingOf(answer.report).score, i < 10 ? 11 : 50 + (i % 50), `${url}: the latest report`);
        }
      }
    });
    service.clearRequests();
    await lookup.settleAll(URLS, 'front'); // hovers, badges, Problems: from the one cache
    assert.equal(lists().length, 0);
  });

  it('`check` of the same 300 URLs sends the same 3 list requests (the same module)', async () => {
    const cwd = await project({ 'links.md': URLS.join('\n') });
    const run = await runCli(['check', '--format', 'json'], { cwd, env: { WEBREPORTS_API_KEY: KEY, WEBREPORTS_BASE_URL: service.url } });
    assert.ok(run.code === 0 || run.code === 1, run.stderr);
    const json = JSON.parse(run.stdout) as { urls: { url: string; rating: string }[] };
    assert.equal(json.urls.filter((u) => u.rating === 'none').length, 50);
    assert.equal(lists().length, 3);
  });

  it("the run's first page is asked for before its lookups are set up, and asked for once", async () => {
    const sent = countingLookup();
    const settling = lookup.settleAll(URLS, 'command');
    assert.equal(sent.n, 1, 'the first page is on its way before settleAll gives the event loop back');
    const answers = await settling;
    assert.deepEqual(routes, ['scan']);
    assert.equal(lists().length, 3, 'the same 3 requests: the early page is the run’s first, not an extra one');
    assert.equal(answers.get(URLS[0])?.state, 'found');
    assert.deepEqual(answers.get(URLS[299]), { state: 'none' });
    // A single host never spends a page on the total, early or not.
    service.clearRequests();
    lookup.invalidate();
    sent.n = 0;
    const one = lookup.settleAll([URLS[0], URLS[80]], 'command');
    assert.equal(sent.n, 0);
    await one;
    assert.deepEqual(
      lists().map((r) => r.query.search),
      ['site-0.floor.test'],
    );
  });

  it('prefetch sends the first page of the run settleAll will make, which takes it (no second request); one host: nothing', async () => {
    const sent = countingLookup();
    await lookup.prefetch(URLS, 'command');
    assert.equal(sent.n, 1, 'sent by prefetch, before settleAll is called');
    const answers = await lookup.settleAll(URLS, 'command');
    assert.deepEqual(routes, ['scan']);
    assert.equal(lists().length, 3, 'the same 3 requests as without prefetch');
    assert.equal(answers.get(URLS[0])?.state, 'found');
    assert.deepEqual(answers.get(URLS[299]), { state: 'none' });
    // URLs of one host: their run is a search, which prefetch does not send.
    service.clearRequests();
    lookup.invalidate();
    sent.n = 0;
    await lookup.prefetch([URLS[0], URLS[80]], 'command');
    assert.equal(sent.n, 0);
    await lookup.settleAll([URLS[0], URLS[80]], 'command');
    assert.deepEqual(
      lists().map((r) => r.query.search),
      ['site-0.floor.test'],
    );
  });

  it('few hosts in a large account: one search per host after the first page told the total', async () => {
    const first = await lookup.settleAll([URLS[0], URLS[1]]); // 2 hosts: the first page, then the total is known
    assert.equal(first.get(URLS[0])?.state, 'found');
    service.clearRequests();
    routes = [];
    // 260 reports are 3 pages; 2 hosts cost 2 searches: no first page again (the total is known).
    const answers = await lookup.settleAll([URLS[2], URLS[299]]);
    assert.deepEqual(routes, ['hosts']);
    assert.deepEqual(
      lists()
        .map((r) => r.query.search)
        .sort(),
      ['site-2.floor.test', 'site-59.floor.test'],
    );
    assert.deepEqual(answers.get(URLS[299]), { state: 'none' });
  });

  it('one host (a hover): one search, no page spent on the total', async () => {
    const report = await lookup.lookup(URLS[42], 'pointer');
    assert.equal(report?.url, URLS[42]);
    assert.deepEqual(
      lists().map((r) => r.query.search),
      ['site-42.floor.test'],
    );
  });

  it('a failed lookup is unknown with its reason, not cached, and answered once the service is back', async () => {
    service.addFault({ method: 'GET', path: '/api/v1/reports', status: 503, times: 0 });
    const down = await lookup.settleAll(URLS.slice(0, 20));
    for (const answer of down.values()) {
      assert.equal(answer.state, 'unknown');
      if (answer.state === 'unknown') assert.match(answer.reason, /HTTP 503/);
    }
    assert.equal(lookup.cached(URLS[0]), undefined);
    await assert.rejects(lookup.lookup(URLS[299]), { kind: 'server' }, 'lookup() rejects: never "no report"');
    service.clearFaults();
    const back = await lookup.settleAll(URLS.slice(0, 20));
    assert.ok([...back.values()].every((a) => a.state === 'found'));
  });

  it('a scan that fails part-way answers what it read; the rest is unknown', async () => {
    service.addFault({ method: 'GET', path: '/api/v1/reports', delayMs: 1, times: 1 });
    service.addFault({ method: 'GET', path: '/api/v1/reports', status: 500, times: 0 });
    const answers = await lookup.settleAll(URLS);
    // Page 1 holds the newest 100 reports (URLs 160..249 and 0..9); every other URL is unknown.
    assert.equal(answers.get(URLS[200])?.state, 'found');
    assert.equal(answers.get(URLS[5])?.state, 'found');
    assert.equal(answers.get(URLS[100])?.state, 'unknown');
    assert.equal(answers.get(URLS[299])?.state, 'unknown', 'a URL without a report is unknown until the list is read to its end');
  });

  it('a list whose next links never end is read for its promised pages and 2 more, then searched by host', async () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({ id: 10_000 + i, url: `https://elsewhere.test/${i}` }));
    const body = {
      data: rows,
      meta: { current_page: 1, last_page: 2, per_page: 100, total: 150 },
      links: { next: `${service.url}/api/v1/reports?page=2&per_page=100` },
    };
    service.addFault({ method: 'GET', path: '/api/v1/reports', status: 200, body, times: 4 });
    const answers = await lookup.settleAll([URLS[0], URLS[1], URLS[299]]);
    assert.deepEqual(routes, ['scan']);
    // 150 reports promise 2 pages: 2 + SCAN_SLACK_PAGES read, then one search for each of the 3 hosts.
    const searches = lists().map((r) => r.query.search ?? 'account');
    assert.deepEqual(searches.slice(0, 4), ['account', 'account', 'account', 'account']);
    assert.deepEqual(searches.slice(4).sort(), ['site-0.floor.test', 'site-1.floor.test', 'site-59.floor.test']);
    assert.equal(answers.get(URLS[0])?.state, 'found');
    assert.deepEqual(answers.get(URLS[299]), { state: 'none' });
  });

  it('what the user looks at goes first: a hover on a URL of a waiting background run raises it', async () => {
    const seen: string[] = [];
    const source = {
      listReports: (q: ListQuery, o?: { priority?: string }) => (seen.push(o?.priority ?? '?'), client.listReports(q, o as never)),
      nextPage: (p: Parameters<ReportsClient['nextPage']>[0], o?: { priority?: string }) => (
        seen.push(o?.priority ?? '?'),
        client.nextPage(p, o as never)
      ),
    };
    lookup.dispose();
    // The priorities the run sends with, as the client's one pacer receives them.
    lookup = new UrlLookup({ source: () => source });
    const done: string[] = [];
    const hidden = lookup.settleAll(URLS.slice(0, 40), 'hidden').then(() => done.push('hidden view'));
    const hover = lookup.lookup(URLS[7], 'pointer').then(() => done.push('hover'));
    await Promise.all([hidden, hover]);
    assert.deepEqual(seen, ['background', 'interactive', 'background', 'background']);
    assert.deepEqual(done, ['hover', 'hidden view'], 'the hovered URL is answered before the hidden work ends');
  });
});

describe('actions: the account list read ahead', function () {
  this.timeout(60_000);
  const LATENCY_MS = 300;
  /** 1,000 reports on 1,000 hosts: ten pages of 100, the newest (the last URLs) first. */
  const ACCOUNT = Array.from({ length: 1_000 }, (_, i) => `https://acct-${i}.ahead.test/p`);
  let service: RunningService;
  let client: ReportsClient;

  before(async () => {
    const data = await writeDataFile(ACCOUNT.map((url) => ({ url, score: 70 })));
    service = await startService({ apiKey: KEY, control: true, dataFile: data, latencyMs: LATENCY_MS });
    client = new ReportsClient({ baseUrl: service.url, apiKey: () => KEY, retry: { retries: 0 }, proxy: { env: {} } });
  });
  after(async () => {
    await client.dispose();
    await service.close();
  });

  it(`asks for the next ${LOOKAHEAD_PAGES} pages at once, takes them in order, and stops with at most ${LOOKAHEAD_PAGES - 1} unneeded`, async () => {
    const lookup = new UrlLookup({ source: () => client });
    // 20 URLs all on page 2 (reports 900..801): the first page tells the total, the scan is cheaper.
    const wanted = ACCOUNT.slice(800, 820);
    service.clearRequests();
    const answers = await lookup.settleAll(wanted, 'command');
    lookup.dispose();
    assert.ok([...answers.values()].every((a) => a.state === 'found'));
    const pages = service.requests().map((r) => Number(r.query.page ?? 1));
    assert.deepEqual(pages, [1, ...Array.from({ length: LOOKAHEAD_PAGES }, (_, i) => i + 2)]);
    // Pages 2.. reached the service within less than one answer's latency of each other: at once.
    const times = service
      .requests()
      .slice(1)
      .map((r) => Date.parse(r.at));
    assert.ok(Math.max(...times) - Math.min(...times) < LATENCY_MS, `asked at ${times.join(', ')}`);
  });

  it(`the pages asked ahead take the connection that brought the first: ${LOOKAHEAD_PAGES} connections for ${LOOKAHEAD_PAGES + 1} pages`, async () => {
    // Connections to the service counted where sockets connect (put back as it was after).
    let connections = 0;
    const connect = net.Socket.prototype.connect;
    net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
      // net.connect passes its arguments normalized: [options, callback].
      const first = (Array.isArray(args[0]) ? args[0][0] : args[0]) as { port?: unknown } | undefined;
      if (typeof first === 'object' && first !== null && Number(first.port) === service.port) connections++;
      return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
    } as typeof connect;
    const fresh = new ReportsClient({ baseUrl: service.url, apiKey: () => KEY, retry: { retries: 0 }, proxy: { env: {} } });
    try {
      const lookup = new UrlLookup({ source: () => fresh });
      service.clearRequests();
      const answers = await lookup.settleAll(ACCOUNT.slice(800, 820), 'command');
      lookup.dispose();
      assert.ok([...answers.values()].every((a) => a.state === 'found'));
      assert.equal(service.requests().length, LOOKAHEAD_PAGES + 1);
      assert.equal(connections, LOOKAHEAD_PAGES);
    } finally {
      net.Socket.prototype.connect = connect;
      await fresh.dispose();
    }
  });
});
