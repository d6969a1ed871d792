// The API client against the real local report service over loopback: what it sends, what it
// reads, and every error kind. Faults are injected by the service itself (no mocks).
import { strict as assert } from 'node:assert';
import { ReportsClient, ClientOptions } from '../../../src/api/client';
import { ApiError, ApiErrorKind } from '../../../src/api/errors';
import { startService, RunningService } from '../../../service/server';
import { freePort, startFixtures, FixtureServer } from '../unit-helpers';

const KEY = 'client-test-key-7f3a9c';

async function rejects(promise: Promise<unknown>, kind: ApiErrorKind): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ApiError, `expected an ApiError, got ${String(error)}`);
    assert.equal(error.kind, kind, `expected ${kind}, got ${error.kind}: ${error.message}`);
    return error;
  }
  throw new assert.AssertionError({ message: `expected a ${kind} error, but the call succeeded` });
}

describe('api client against the local service', function () {
  let service: RunningService;
  let other: RunningService;
  let fixtures: FixtureServer;
  const logLines: string[] = [];
  const messages: string[] = [];
  const clients: ReportsClient[] = [];

  function client(options: Partial<ClientOptions> = {}): ReportsClient {
    const c = new ReportsClient({
      baseUrl: `${service.url}/`,
      apiKey: () => KEY,
      retry: { baseDelayMs: 10, maxDelayMs: 50 },
      log: (level, message) => logLines.push(`${level} ${message}`),
      proxy: { env: {} },
      ...options,
    });
    clients.push(c);
    return c;
  }

  async function failing(promise: Promise<unknown>, kind: ApiErrorKind): Promise<ApiError> {
    const error = await rejects(promise, kind);
    messages.push(error.message, ...(error.fieldMessages() ?? []));
    return error;
  }

  before(async () => {
    service = await startService({ apiKey: KEY, seed: 30, shape: 'plain', control: true });
    other = await startService({ apiKey: 'other-key', shape: 'plain', control: true });
    fixtures = await startFixtures();
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await Promise.all([service.close(), other.close(), fixtures.close()]);
  });
  beforeEach(async () => {
    await service.reset();
    service.clearRequests();
    other.clearRequests();
  });

  describe('requests as the spec has them', () => {
    it('lists with every parameter, Bearer key and Accept header', async () => {
      const page = await client().listReports({
        search: 'EXAMPLE',
        project: 'www.example.com',
        result: 'good',
        sortBy: 'url',
        sort: 'asc',
        perPage: 25,
        page: 1,
      });
      const [req] = service.requests();
      assert.equal(req.method, 'GET');
      assert.equal(req.path, '/api/v1/reports');
      assert.deepEqual(req.query, {
        search: 'EXAMPLE',
        search_by: 'url',
        project: 'www.example.com',
        result: 'good',
        sort_by: 'url',
        sort: 'asc',
        per_page: '25',
        page: '1',
      });
      assert.equal(req.headers.authorization, `Bearer ${KEY}`);
      assert.equal(req.headers.accept, 'application/json');
      assert.ok(page.items.length >= 2, `the query matches several reports (${page.items.length})`);
      assert.ok(
        page.items.every((r) => r.result === 'good' && r.project === 'www.example.com' && String(r.url).toLowerCase().includes('example')),
      );
      const urls = page.items.map((r) => String(r.url));
      assert.deepEqual(urls, [...urls].sort());
    });

    it('pages through a group with meta totals and same-origin links', async () => {
      const c = client();
      const first = await c.listReports({ perPage: 10 });
      assert.equal(first.total, 30);
      assert.equal(first.lastPage, 3);
      assert.equal(first.hasMore, true);
      assert.ok(first.nextLink?.startsWith(service.url));
      const second = await c.nextPage(first);
      const third = await c.nextPage(second);
      assert.equal(third.page, 3);
      assert.equal(third.hasMore, false);
      const ids = [...first.items, ...second.items, ...third.items].map((r) => r.id);
      assert.equal(new Set(ids).size, 30);
      assert.deepEqual(
        service.requests().map((r) => r.query.page ?? '1'),
        ['1', '2', '3'],
      );
    });

    it('creates with a form-encoded body, reads, updates and deletes', async () => {
      const c = client();
      const created = await c.createReport({ url: `${fixtures.url}/good`, privacy: 2, password: 's3cret & more' });
      const post = service.requests().find((r) => r.method === 'POST');
      assert.ok(post);
      assert.equal(post.headers['content-type'], 'application/x-www-form-urlencoded');
      assert.deepEqual(Object.fromEntries(new URLSearchParams(post.body)), {
        url: `${fixtures.url}/good`,
        privacy: '2',
        password: 's3cret & more',
      });
      assert.equal(created.privacy, 2);
      assert.equal('password' in created, false);
      assert.equal(
        fixtures.seen.some((h) => h.authorization !== undefined),
        false,
        'the analysed page must never see a key',
      );

      const read = await c.getReport(created.id);
      assert.equal(read.url, created.url);
      const updated = await c.updateReport(created.id, { privacy: 1 });
      assert.equal(updated.privacy, 1);
      const put = service
        .requests()
        .filter((r) => r.method === 'PUT')
        .at(-1);
      assert.equal(put?.body, 'privacy=1');
      const rerun = await c.updateReport(created.id, { results: 1 });
      assert.ok(Array.isArray(rerun.results));
      await c.deleteReport(created.id);
      await failing(c.getReport(created.id), 'not-found');
    });

    it('reads the account', async () => {
      const account = await client().getAccount();
      assert.equal(typeof account.email, 'string');
      assert.equal(service.requests()[0].path, '/api/v1/account');
    });

    it('validates before sending anything', async () => {
      const c = client();
      await failing(c.createReport({ url: 'example.com' }), 'invalid-input');
      await failing(c.createReport({ url: 'https://a.test', privacy: 2 }), 'invalid-input');
      await failing(c.listReports({ perPage: 7 as never }), 'invalid-input');
      await failing(c.updateReport(1, { privacy: 5 as never }), 'invalid-input');
      await failing(c.getReport('1/../../account'), 'invalid-input');
      assert.equal(service.requests().length, 0);
    });
  });

  describe('errors', () => {
    it('401 for a wrong key, with what to do', async () => {
      const error = await failing(client({ apiKey: () => 'wrong-key-123' }).listReports(), 'auth');
      assert.match(error.message, /Set API Key/);
      assert.equal(service.requests().length, 1, 'auth failures are not retried');
    });

    it('no key: not-configured, nothing sent', async () => {
      await failing(client({ apiKey: () => undefined }).listReports(), 'not-configured');
      assert.equal(service.requests().length, 0);
    });

    it('404 for an unknown report', async () => {
      const error = await failing(client().getReport(999999), 'not-found');
      assert.match(error.message, /999999/);
    });

    it('422 with the service field messages', async () => {
      const error = await failing(client().createReport({ url: `http://127.0.0.1:${await freePort()}/nothing` }), 'validation');
      assert.ok(error.fieldErrors?.url?.length, 'field errors are kept');
      assert.match(error.message, /url: /);
      assert.equal(service.requests().filter((r) => r.method === 'POST').length, 1);
    });

    it('429 with Retry-After is retried for GET after the delay', async () => {
      service.addFault({ path: '/api/v1/reports', status: 429, headers: { 'Retry-After': '1' }, times: 1 });
      const started = Date.now();
      const page = await client().listReports();
      assert.ok(Date.now() - started >= 900, 'waited for Retry-After');
      assert.equal(page.items.length, 10);
      assert.equal(service.requests().length, 2);
    });

    it('429 with a long Retry-After (HTTP date) says when it will work again', async () => {
      const date = new Date(Date.now() + 120_000).toUTCString();
      service.addFault({ path: '/api/v1/reports', status: 429, headers: { 'Retry-After': date }, times: 0 });
      const error = await failing(client().listReports(), 'rate-limited');
      assert.ok(error.retryAfterMs !== undefined && error.retryAfterMs > 100_000);
      assert.match(error.message, /Try again in 2 minutes/);
      assert.equal(service.requests().length, 1);
    });

    it('5xx is retried for GET and succeeds', async () => {
      service.addFault({ method: 'GET', path: '/api/v1/account', status: 503, times: 2 });
      await client().getAccount();
      assert.equal(service.requests().length, 3);
    });

    it('5xx gives up after the retries with a server error', async () => {
      service.addFault({ method: 'DELETE', status: 500, body: { message: 'database is down' }, times: 0 });
      const error = await failing(client().deleteReport(1), 'server');
      assert.match(error.message, /database is down/);
      assert.equal(service.requests().length, 3);
    });

    it('POST is never retried', async () => {
      service.addFault({ method: 'POST', status: 503, times: 0 });
      await failing(client().createReport({ url: `${fixtures.url}/good` }), 'server');
      service.clearFaults();
      service.addFault({ method: 'POST', drop: true, times: 1 });
      await failing(client().createReport({ url: `${fixtures.url}/good` }), 'network');
      assert.equal(service.requests().filter((r) => r.method === 'POST').length, 2);
    });

    it('a dropped connection is retried for GET', async () => {
      service.addFault({ method: 'GET', drop: true, times: 1 });
      const page = await client().listReports();
      assert.equal(page.items.length, 10);
      assert.equal(service.requests().length, 2);
    });

    it('a service that is down is a network error', async () => {
      const error = await failing(client({ baseUrl: `http://127.0.0.1:${await freePort()}` }).listReports(), 'network');
      assert.match(error.message, /refused/);
    });

    it('a slow answer is a timeout', async () => {
      service.addFault({ delayMs: 1500, times: 1 });
      const error = await failing(client({ timeoutMs: 300 }).getAccount(), 'timeout');
      assert.match(error.message, /did not answer within/);
    });

    it('cancellation stops the request', async () => {
      service.addFault({ delayMs: 2000, times: 1 });
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      await failing(client().listReports({}, { signal: controller.signal }), 'cancelled');
    });

    it('a body that is not JSON says what came back', async () => {
      service.addFault({ status: 200, body: '<html><body>Welcome to nginx!</body></html>', contentType: 'text/html', times: 1 });
      const error = await failing(client().listReports(), 'bad-response');
      assert.match(error.message, /not JSON \(text\/html/);
      assert.match(error.message, /Welcome to nginx/);
    });

    it('a JSON body of the wrong shape says what came back', async () => {
      service.addFault({ status: 200, body: { reports: [] }, times: 1 });
      const error = await failing(client().listReports(), 'bad-response');
      assert.match(error.message, /an object with reports/);
    });

    it('an oversize body is refused without reading it all', async () => {
      service.addFault({ oversizeBytes: 3 * 1024 * 1024, times: 1 });
      const error = await failing(client({ maxResponseBytes: 1024 * 1024 }).listReports(), 'bad-response');
      assert.match(error.message, /larger than 1 MB/);
    });

    it('a cross-origin links.next is not followed', async () => {
      const evil = `${other.url}/api/v1/reports?page=2`;
      service.addFault({
        method: 'GET',
        path: '/api/v1/reports',
        status: 200,
        body: {
          data: [{ id: 1, url: 'https://a.test' }],
          links: { next: evil },
          meta: { current_page: 1, last_page: 2, per_page: 10, total: 11 },
        },
        times: 1,
      });
      const c = client();
      const first = await c.listReports();
      assert.equal(first.nextLink, undefined);
      assert.equal(first.hasMore, true);
      const second = await c.nextPage(first);
      assert.equal(second.page, 2);
      assert.equal(other.requests().length, 0, 'nothing was sent to the other origin');
      assert.equal(service.requests().at(-1)?.query.page, '2');
      assert.ok(logLines.some((l) => l.includes('another origin')));
    });

    it('a redirect is not followed', async () => {
      service.addFault({ status: 302, headers: { Location: `${other.url}/api/v1/account` }, body: '', times: 1 });
      const error = await failing(client().getAccount(), 'bad-response');
      assert.match(error.message, /redirect/);
      assert.equal(other.requests().length, 0);
    });

    it('a key echoed by the service is redacted from the error', async () => {
      service.addFault({ status: 422, body: { message: `Key ${KEY} is invalid`, errors: { key: [`bad ${KEY}`] } }, times: 1 });
      const error = await failing(client().getAccount(), 'validation');
      assert.doesNotMatch(error.message, new RegExp(KEY));
      assert.doesNotMatch(error.fieldMessages().join(' '), new RegExp(KEY));
    });
  });

  // A nested describe runs after the ones above, so it sees everything they produced.
  describe('key hygiene', () => {
    it('never puts the key in an error message or a log line', () => {
      assert.ok(messages.length > 10 && logLines.length > 10, 'the other tests produced messages and logs');
      for (const line of [...messages, ...logLines]) {
        for (const key of [KEY, 'wrong-key-123']) assert.ok(!line.includes(key), `a key leaked in: ${line}`);
      }
    });
  });
});
