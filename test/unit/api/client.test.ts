// The API client against the real local report service over loopback, once per shape the
// service speaks ('real': as phpRank sends; 'plain': the spec's reading): what it sends, what it
// reads, and every error kind. Faults are injected by the service itself (no mocks).
import { strict as assert } from 'node:assert';
import { ratingOf } from '../../../src/model/rating';
import { freePort, startFixtures, FixtureServer } from '../unit-helpers';
import { KEY, rejects, SHAPES, useService } from './harness';

for (const shape of SHAPES) {
  describe(`api client against the local service (${shape} shape)`, function () {
    const h = useService(shape);
    let fixtures: FixtureServer;
    before(async () => {
      fixtures = await startFixtures();
    });
    after(() => fixtures.close());

    describe('requests as the spec has them', () => {
      it('lists with every parameter, Bearer key and Accept header', async () => {
        const page = await h.client().listReports({
          search: 'EXAMPLE',
          project: 'www.example.com',
          result: 'good',
          sortBy: 'url',
          sort: 'asc',
          perPage: 25,
          page: 1,
        });
        const [req] = h.service.requests();
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
        for (const r of page.items) {
          assert.equal(ratingOf(r).band, 'good', `report ${r.id} with result ${String(r.result)} is good`);
          assert.equal(r.project, 'www.example.com');
          assert.ok(String(r.url).toLowerCase().includes('example'));
        }
        const urls = page.items.map((r) => String(r.url));
        assert.deepEqual(urls, [...urls].sort());
      });

      it('pages through a group with meta totals and same-origin links', async () => {
        const c = h.client();
        const first = await c.listReports({ perPage: 10 });
        assert.equal(first.total, 30);
        assert.equal(first.lastPage, 3);
        assert.equal(first.hasMore, true);
        assert.ok(first.nextLink?.startsWith(h.service.url));
        const second = await c.nextPage(first);
        const third = await c.nextPage(second);
        assert.equal(third.page, 3);
        assert.equal(third.hasMore, false);
        const ids = [...first.items, ...second.items, ...third.items].map((r) => r.id);
        assert.equal(new Set(ids).size, 30);
        assert.deepEqual(
          h.service.requests().map((r) => r.query.page ?? '1'),
          ['1', '2', '3'],
        );
      });

      it('creates with a form-encoded body, reads, updates, re-runs and deletes', async () => {
        const c = h.client();
        const created = await c.createReport({ url: `${fixtures.url}/good`, privacy: 2, password: 's3cret & more' });
        const post = h.service.requests().find((r) => r.method === 'POST');
        assert.ok(post);
        assert.equal(post.headers['content-type'], 'application/x-www-form-urlencoded');
        assert.deepEqual(Object.fromEntries(new URLSearchParams(post.body)), {
          url: `${fixtures.url}/good`,
          privacy: '2',
          password: 's3cret & more',
        });
        assert.equal(created.privacy, 2);
        assert.notEqual(typeof created.password, 'string', 'the password itself never comes back');
        assert.notEqual(ratingOf(created).band, 'unknown', `a created report has a rating (result ${String(created.result)})`);
        assert.equal(
          fixtures.seen.some((headers) => headers.authorization !== undefined),
          false,
          'the analysed page must never see a key',
        );

        const read = await c.getReport(created.id);
        assert.equal(read.url, created.url);
        const updated = await c.updateReport(created.id, { privacy: 1 });
        assert.equal(updated.privacy, 1);
        const put = h.service
          .requests()
          .filter((r) => r.method === 'PUT')
          .at(-1);
        assert.equal(put?.body, 'privacy=1');
        const rerun = await c.updateReport(created.id, { results: 1 });
        assert.ok(typeof rerun.results === 'object' && rerun.results !== null, 'the analysis comes back (array or object of checks)');
        await c.deleteReport(created.id);
        await rejects(c.getReport(created.id), 'not-found');
      });

      it('sends privacy on every create, 0 included', async () => {
        const c = h.client();
        for (const privacy of [0, 1] as const) await c.createReport({ url: `${fixtures.url}/good`, privacy });
        const bodies = h.service
          .requests()
          .filter((r) => r.method === 'POST')
          .map((r) => new URLSearchParams(r.body).get('privacy'));
        assert.deepEqual(bodies, ['0', '1']);
      });

      it('reads the account', async () => {
        const account = await h.client().getAccount();
        assert.equal(typeof account.email, 'string');
        assert.equal(h.service.requests()[0].path, '/api/v1/account');
      });

      it('validates before sending anything', async () => {
        const c = h.client();
        await rejects(c.createReport({ url: 'example.com' }), 'invalid-input');
        await rejects(c.createReport({ url: 'https://a.test', privacy: 2 }), 'invalid-input');
        await rejects(c.listReports({ perPage: 7 as never }), 'invalid-input');
        await rejects(c.updateReport(1, { privacy: 5 as never }), 'invalid-input');
        await rejects(c.getReport('1/../../account'), 'invalid-input');
        assert.equal(h.service.requests().length, 0);
      });
    });

    describe('errors', () => {
      it('401 for a wrong key says what to do and is not retried', async () => {
        const mark = h.logLines.length;
        const error = await rejects(h.client({ apiKey: () => 'wrong-key-123' }).listReports(), 'auth');
        assert.match(error.message, /Set API Key/);
        assert.deepEqual(error.next, { kind: 'set-api-key' });
        assert.equal(h.attempts(mark), 1, 'auth failures are not retried');
      });

      it('no key: not-configured, nothing sent', async () => {
        const error = await rejects(h.client({ apiKey: () => undefined }).listReports(), 'not-configured');
        assert.deepEqual(error.next, { kind: 'set-api-key' });
        assert.equal(h.service.requests().length, 0);
      });

      it('404 for an unknown report', async () => {
        const error = await rejects(h.client().getReport(999999), 'not-found');
        assert.match(error.message, /999999/);
      });

      it("422 from the service's analysis: the reason per field, whichever key it came under", async () => {
        const error = await rejects(h.client().createReport({ url: `http://127.0.0.1:${await freePort()}/nothing` }), 'validation');
        assert.ok(error.fieldErrors?.url?.length, 'field errors are kept');
        assert.match(error.message, /url: /);
        assert.deepEqual(error.next, { kind: 'edit-input', field: 'url' });
        assert.equal(h.service.requests().filter((r) => r.method === 'POST').length, 1);
      });

      it('429 with Retry-After is retried for GET after the delay', async () => {
        h.service.addFault({ path: '/api/v1/reports', status: 429, headers: { 'Retry-After': '1' }, times: 1 });
        const mark = h.logLines.length;
        const started = Date.now();
        const page = await h.client().listReports();
        assert.ok(Date.now() - started >= 900, 'waited for Retry-After');
        assert.equal(page.items.length, 10);
        assert.equal(h.attempts(mark), 2);
      });

      it('429 with a long Retry-After (HTTP date) says when it will work again', async () => {
        const date = new Date(Date.now() + 120_000).toUTCString();
        h.service.addFault({ path: '/api/v1/reports', status: 429, headers: { 'Retry-After': date }, times: 0 });
        const mark = h.logLines.length;
        const error = await rejects(h.client().listReports(), 'rate-limited');
        assert.ok(error.retryAfterMs !== undefined && error.retryAfterMs > 100_000);
        assert.match(error.message, /Try again in 2 minutes/);
        assert.equal(error.next?.kind, 'retry');
        assert.equal(h.attempts(mark), 1);
      });

      it('5xx is retried for GET and succeeds', async () => {
        h.service.addFault({ method: 'GET', path: '/api/v1/account', status: 503, times: 2 });
        const mark = h.logLines.length;
        await h.client().getAccount();
        assert.equal(h.attempts(mark), 3);
      });

      it('5xx gives up after the retries with a server error', async () => {
        h.service.addFault({ method: 'DELETE', status: 500, body: { message: 'database is down' }, times: 0 });
        const mark = h.logLines.length;
        const error = await rejects(h.client().deleteReport(1), 'server');
        assert.match(error.message, /database is down/);
        assert.equal(h.attempts(mark), 3);
      });

      it('POST is never retried', async () => {
        const mark = h.logLines.length;
        h.service.addFault({ method: 'POST', status: 503, times: 0 });
        await rejects(h.client().createReport({ url: `${fixtures.url}/good` }), 'server');
        h.service.clearFaults();
        h.service.addFault({ method: 'POST', drop: true, times: 1 });
        await rejects(h.client().createReport({ url: `${fixtures.url}/good` }), 'network');
        assert.equal(h.attempts(mark), 2);
      });

      it('a dropped connection is retried for GET', async () => {
        h.service.addFault({ method: 'GET', drop: true, times: 1 });
        const mark = h.logLines.length;
        const page = await h.client().listReports();
        assert.equal(page.items.length, 10);
        assert.equal(h.attempts(mark), 2);
      });

      it('a service that is down is a network error that points at the address', async () => {
        const error = await rejects(h.client({ baseUrl: `http://127.0.0.1:${await freePort()}` }).listReports(), 'network');
        assert.match(error.message, /refused/);
        assert.deepEqual(error.next, { kind: 'open-setting', setting: 'webReports.baseUrl' });
      });

      it('a slow answer is a timeout', async () => {
        h.service.addFault({ delayMs: 1500, times: 1 });
        const error = await rejects(h.client({ timeoutMs: 300 }).getAccount(), 'timeout');
        assert.match(error.message, /did not answer within/);
        assert.deepEqual(error.next, { kind: 'open-setting', setting: 'webReports.requestTimeoutSeconds' });
      });

      it('cancellation stops the request', async () => {
        h.service.addFault({ delayMs: 2000, times: 1 });
        const controller = new AbortController();
        setTimeout(() => controller.abort(), 100);
        await rejects(h.client().listReports({}, { signal: controller.signal }), 'cancelled');
      });

      it('a body that is not JSON says what came back', async () => {
        h.service.addFault({ status: 200, body: '<html><body>Welcome to nginx!</body></html>', contentType: 'text/html', times: 1 });
        const error = await rejects(h.client().listReports(), 'bad-response');
        assert.match(error.message, /not JSON \(text\/html/);
        assert.match(error.message, /Welcome to nginx/);
      });

      it('a JSON body of the wrong shape says what came back', async () => {
        h.service.addFault({ status: 200, body: { reports: [] }, times: 1 });
        const error = await rejects(h.client().listReports(), 'bad-response');
        assert.match(error.message, /an object with reports/);
      });

      it('an oversize body is refused without reading it all', async () => {
        h.service.addFault({ oversizeBytes: 3 * 1024 * 1024, times: 1 });
        const error = await rejects(h.client({ maxResponseBytes: 1024 * 1024 }).listReports(), 'bad-response');
        assert.match(error.message, /larger than 1 MB/);
      });
    });
  });
}
