// The service's own bounds on what a caller sends: the size of the request line and headers, and
// how many pages it analyses at once (each fetch holds up to 2 MiB).
import { strict as assert } from 'node:assert';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_ANALYSES_IN_FLIGHT, MAX_HEADER_BYTES, type RunningService } from '../../../service/server';
import { call, GOOD_HTML, start } from './helpers';

describe('service: request budgets', () => {
  let svc: RunningService;
  before(async () => {
    svc = await start();
  });
  after(() => svc.close());

  it(`request line and headers over ${MAX_HEADER_BYTES / 1024} KiB: 431, nothing read further`, async () => {
    const big = await call(svc, 'GET', '/api/v1/account', { headers: { 'x-padding': 'p'.repeat(MAX_HEADER_BYTES) } }).catch(
      (e: Error) => e,
    );
    assert.ok(!(big instanceof Error), String(big));
    assert.equal(big.status, 431);
    const longQuery = await call(svc, 'GET', '/api/v1/reports', { query: { search: 's'.repeat(MAX_HEADER_BYTES) } });
    assert.equal(longQuery.status, 431);
    const under = await call(svc, 'GET', '/api/v1/account', { headers: { 'x-padding': 'p'.repeat(MAX_HEADER_BYTES - 1024) } });
    assert.equal(under.status, 200);
  });

  it(`at most ${MAX_ANALYSES_IN_FLIGHT} pages analysed at once: one more is refused at once with the reason`, async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    let allAsked!: () => void;
    const everyFetchStarted = new Promise<void>((resolve) => (allAsked = resolve));
    // The service's fetch agent opens 16 connections per site: enough sites that every page is asked for.
    const sites = Array.from({ length: Math.ceil(MAX_ANALYSES_IN_FLIGHT / 16) }, () =>
      http.createServer((req, res) => {
        if (!(req.url ?? '').startsWith('/held')) {
          res.writeHead(404);
          return res.end();
        }
        if (++asked === MAX_ANALYSES_IN_FLIGHT) allAsked();
        void released.then(() => {
          res.writeHead(200, { 'content-type': 'text/html' });
          res.end(GOOD_HTML);
        });
      }),
    );
    const bases: string[] = [];
    for (const site of sites) {
      await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
      bases.push(`http://127.0.0.1:${(site.address() as AddressInfo).port}`);
    }
    try {
      const held = Array.from({ length: MAX_ANALYSES_IN_FLIGHT }, (_, i) =>
        call(svc, 'POST', '/api/v1/reports', { form: { url: `${bases[i % bases.length]}/held?n=${i}` } }),
      );
      await everyFetchStarted; // every one of them is being analysed now
      const refused = await call(svc, 'POST', '/api/v1/reports', { form: { url: `${bases[0]}/held?n=extra` } });
      assert.equal(refused.status, 422, refused.text);
      assert.match(refused.body.errors.url[0], new RegExp(`the service is busy: ${MAX_ANALYSES_IN_FLIGHT} pages are being analysed`));
      release();
      const statuses = (await Promise.all(held)).map((r) => r.status);
      assert.deepEqual(statuses, Array(MAX_ANALYSES_IN_FLIGHT).fill(201));
      const again = await call(svc, 'POST', '/api/v1/reports', { form: { url: `${bases[0]}/held?n=after` } });
      assert.equal(again.status, 201, 'room again once they are done');
    } finally {
      release();
      for (const site of sites) {
        await new Promise<void>((resolve) => {
          site.close(() => resolve());
          site.closeAllConnections();
        });
      }
    }
  });
});
