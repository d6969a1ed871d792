// The API client's error kinds against the real local report service over loopback, once per
// shape the service speaks: each status, fault and failure becomes the ApiError it should, with
// its next step, retried only where that is safe. Faults are injected by the service (no mocks).
import { strict as assert } from 'node:assert';
import { freePort, startFixtures, FixtureServer } from '../unit-helpers';
import { rejects, SHAPES, useService } from './harness';

for (const shape of SHAPES) {
  describe(`api client errors against the local service (${shape} shape)`, function () {
    const h = useService(shape);
    let fixtures: FixtureServer;
    before(async () => {
      fixtures = await startFixtures();
    });
    after(() => fixtures.close());

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
        assert.match(
          error.message,
          /does not answer as a report service: it gave HTTP 200 with an HTML page \("Welcome to nginx!"\) where JSON/,
        );
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
