// The client's budgets for what a service sends, over HTTP with generated worst cases: error
// bodies, the answer budget, next links, headers. Each stops at its bound (limits.ts).
import { strict as assert } from 'node:assert';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ReportsClient } from '../../../core/client/client';
import { MAX_ANSWER_BYTES, MAX_ERROR_BODY_BYTES, MAX_HEADER_BYTES, MAX_NEXT_LINK_LENGTH } from '../../../core/client/answerLimits';
import { rejects, SHAPES, useService } from './harness';

const MiB = 1024 * 1024;

for (const shape of SHAPES) {
  describe(`api client: budgets for what the service sends (${shape} shape)`, function () {
    this.timeout(60_000);
    const h = useService(shape, 12);

    it(`an error body of 10 MiB is read only to ${MAX_ERROR_BODY_BYTES} bytes: the status speaks, retried as a 5xx`, async () => {
      h.service.addFault({ method: 'GET', status: 503, body: { message: 'x'.repeat(10 * MiB) }, times: 1 });
      const mark = h.logLines.length;
      const account = await h.client().getAccount();
      assert.ok(account, 'the retry succeeded');
      assert.equal(h.attempts(mark), 2);
    });

    it(`a successful answer over ${MAX_ANSWER_BYTES / MiB} MiB is refused without reading it all`, async () => {
      h.service.addFault({ oversizeBytes: MAX_ANSWER_BYTES + MiB, times: 1 });
      const error = await rejects(h.client().listReports(), 'bad-response');
      assert.match(error.message, new RegExp(`larger than ${MAX_ANSWER_BYTES / MiB} MB`));
    });

    it(`a links.next over ${MAX_NEXT_LINK_LENGTH} characters is not followed: the next page is asked by number`, async () => {
      const next = `${h.service.url}/api/v1/reports?page=2&pad=${'p'.repeat(MAX_NEXT_LINK_LENGTH)}`;
      h.service.addFault({
        method: 'GET',
        path: '/api/v1/reports',
        status: 200,
        body: {
          data: [{ id: 1, url: 'https://a.test' }],
          links: { next },
          meta: { current_page: 1, last_page: 2, per_page: 10, total: 11 },
        },
        times: 1,
      });
      const c = h.client();
      const first = await c.listReports();
      assert.equal(first.nextLink, undefined);
      assert.equal(first.hasMore, true);
      await c.nextPage(first);
      const asked = h.service.requests().at(-1);
      assert.equal(asked?.query.page, '2');
      assert.equal(asked?.query.pad, undefined);
    });
  });
}

describe('api client: headers over budget', () => {
  let server: http.Server;
  let hits = 0;
  before(async () => {
    server = http.createServer((_req, res) => {
      hits++;
      res.writeHead(200, { 'x-padding': 'a'.repeat(4 * MAX_HEADER_BYTES), 'content-type': 'application/json' });
      res.end('{"data":[]}');
    });
    server.maxHeadersCount = 0;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it(`answer headers over ${MAX_HEADER_BYTES} bytes are a bad response, not a network failure, and not retried`, async () => {
    const client = new ReportsClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      apiKey: () => 'budget-test-key-3321',
      proxy: { env: {} },
      retry: { baseDelayMs: 1, maxDelayMs: 2 },
    });
    try {
      const error = await rejects(client.listReports(), 'bad-response');
      assert.match(error.message, /headers larger than 16 KB/);
      assert.equal(hits, 1);
    } finally {
      await client.dispose();
    }
  });
});
