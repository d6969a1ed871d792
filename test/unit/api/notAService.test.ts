// A base URL that points at a web site instead of the report service (the demo's site, a company
// home page): loopback servers stand in for the site, one answering every address with an HTML 404
// and one with an HTML page (200). The client says the address does not answer as a report service,
// what it gave, and which setting to fix, never that the service "failed" or that a report is gone.
import { strict as assert } from 'node:assert';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ReportsClient } from '../../../core/client/client';
import { rejects } from './harness';

interface Site {
  origin: string;
  close(): Promise<void>;
}

async function site(status: number, html: string): Promise<Site> {
  const server = http.createServer((_req, res) => res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('api client: an address that is not a report service', () => {
  let missing: Site;
  let page: Site;
  before(async () => {
    missing = await site(404, '<!doctype html><html><body><h1>Not Found</h1><p>The page does not exist.</p></body></html>');
    page = await site(200, '<!doctype html><html><head><title>Demo site — home</title></head><body><h1>Welcome</h1></body></html>');
  });
  after(async () => {
    await missing.close();
    await page.close();
  });

  const clientOf = (origin: string) =>
    new ReportsClient({
      baseUrl: `${origin}/`,
      apiKey: () => 'not-a-service-key-1',
      proxy: { env: {} },
      retry: { baseDelayMs: 1, maxDelayMs: 2 },
    });

  it('an HTML 404: names the address, the status and the page, and the setting to fix', async () => {
    const client = clientOf(missing.origin);
    try {
      const error = await rejects(client.listReports(), 'bad-response');
      assert.equal(
        error.message,
        `${missing.origin} does not answer as a report service: it gave HTTP 404 with an HTML page ("Not Found The page does not exist.") ` +
          'where JSON was expected. Set "webReports.baseUrl" to the report service\'s own address, the one whose /api/v1/ answers.',
      );
      assert.equal(error.notAService, 'HTTP 404 with an HTML page ("Not Found The page does not exist.")');
      assert.deepEqual(error.next, { kind: 'open-setting', setting: 'webReports.baseUrl' });
      // A report asked for there is not "gone" (the editor would drop it from the list).
      const one = await rejects(client.getReport(12), 'bad-response');
      assert.match(one.message, /does not answer as a report service/);
    } finally {
      await client.dispose();
    }
  });

  it('an HTML page (200): names it by its title', async () => {
    const client = clientOf(page.origin);
    try {
      const error = await rejects(client.getAccount(), 'bad-response');
      assert.match(
        error.message,
        new RegExp(
          `^${page.origin} does not answer as a report service: it gave HTTP 200 with an HTML page titled "Demo site — home" where JSON was expected\\.`,
        ),
      );
      assert.deepEqual(error.next, { kind: 'open-setting', setting: 'webReports.baseUrl' });
    } finally {
      await client.dispose();
    }
  });
});
