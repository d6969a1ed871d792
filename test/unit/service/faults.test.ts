import { strict as assert } from 'node:assert';
import { isLoopbackHost } from '../../../core/urls/hostAddress';
import { FaultSet } from '../../../service/faults';
import type { RunningService } from '../../../service/server';
import { call, start } from './helpers';

describe('service: fault injection, request recording, control endpoints', () => {
  let svc: RunningService;
  before(async () => {
    svc = await start({ seed: 12 });
  });
  after(() => svc.close());
  beforeEach(() => svc.reset());

  const control = (method: string, p: string, json?: unknown) => call(svc, method, `/__control${p}`, { key: null, json });

  it('status fault with a Retry-After header, then the real answer', async () => {
    svc.addFault({ path: '/api/v1/reports', status: 429, headers: { 'Retry-After': '2' }, body: { message: 'Too Many Attempts.' } });
    const first = await call(svc, 'GET', '/api/v1/reports');
    assert.equal(first.status, 429);
    assert.equal(first.headers['retry-after'], '2');
    assert.equal(first.headers['content-type'], 'application/json');
    assert.deepEqual(first.body, { message: 'Too Many Attempts.' });
    const second = await call(svc, 'GET', '/api/v1/reports');
    assert.equal(second.status, 200, 'times defaults to 1');
  });

  it('the default fault body is {"message":"Injected fault"}', async () => {
    svc.addFault({ status: 503 });
    const res = await call(svc, 'GET', '/api/v1/account');
    assert.equal(res.status, 503);
    assert.deepEqual(res.body, { message: 'Injected fault' });
  });

  it('faults apply before the key check', async () => {
    svc.addFault({ status: 500 });
    assert.equal((await call(svc, 'GET', '/api/v1/account', { key: null })).status, 500);
  });

  it('drop: the connection is reset without an answer, and the request is still recorded', async () => {
    svc.addFault({ method: 'GET', path: '/api/v1/account', drop: true });
    await assert.rejects(call(svc, 'GET', '/api/v1/account'), (e: Error & { code?: string }) =>
      /UND_ERR_SOCKET|ECONNRESET|other side closed/i.test(`${e.code} ${e.message}`),
    );
    const recorded = svc.requests();
    assert.equal(recorded.length, 1);
    assert.equal(recorded[0].path, '/api/v1/account');
    assert.equal((await call(svc, 'GET', '/api/v1/account')).status, 200);
  });

  it('a malformed body string is sent as is', async () => {
    svc.addFault({ status: 200, body: '{"data": [', contentType: 'application/json' });
    const res = await call(svc, 'GET', '/api/v1/reports');
    assert.equal(res.status, 200);
    assert.equal(res.text, '{"data": [');
    assert.equal(res.body, undefined);
    svc.addFault({ status: 200, body: '<html>proxy login</html>', contentType: 'text/html' });
    const html = await call(svc, 'GET', '/api/v1/reports');
    assert.equal(html.headers['content-type'], 'text/html');
    assert.equal(html.text, '<html>proxy login</html>');
  });

  it('oversize: 200 with a valid JSON body of at least the given size', async () => {
    svc.addFault({ oversizeBytes: 3 * 1024 * 1024 });
    const res = await call(svc, 'GET', '/api/v1/reports');
    assert.equal(res.status, 200);
    assert.ok(Buffer.byteLength(res.text) >= 3 * 1024 * 1024);
    assert.ok(res.body && typeof res.body === 'object');
  });

  it('times counts matching requests; 0 means until cleared', async () => {
    svc.addFault({ status: 502, times: 2 });
    assert.equal((await call(svc, 'GET', '/api/v1/account')).status, 502);
    assert.equal((await call(svc, 'GET', '/api/v1/account')).status, 502);
    assert.equal((await call(svc, 'GET', '/api/v1/account')).status, 200);
    svc.addFault({ status: 500, times: 0 });
    for (let i = 0; i < 5; i++) assert.equal((await call(svc, 'GET', '/api/v1/account')).status, 500);
    svc.clearFaults();
    assert.equal((await call(svc, 'GET', '/api/v1/account')).status, 200);
  });

  it('matches by method and path prefix; first matching fault in insertion order wins', async () => {
    svc.addFault({ method: 'DELETE', status: 500 });
    svc.addFault({ path: '/api/v1/reports/', status: 418 });
    svc.addFault({ path: '/api/v1/reports/', status: 419 });
    assert.equal((await call(svc, 'GET', '/api/v1/account')).status, 200, 'no match');
    assert.equal((await call(svc, 'GET', '/api/v1/reports')).status, 200, 'prefix /api/v1/reports/ does not match /api/v1/reports');
    assert.equal((await call(svc, 'GET', '/api/v1/reports/1')).status, 418);
    assert.equal((await call(svc, 'GET', '/api/v1/reports/1')).status, 419);
    assert.equal((await call(svc, 'GET', '/api/v1/reports/1')).status, 200);
    assert.equal((await call(svc, 'DELETE', '/api/v1/reports/1')).status, 500);
    assert.equal((await call(svc, 'DELETE', '/api/v1/reports/1')).status, 204);
  });

  it('delayMs alone delays the normal answer; latencyMs delays every API request', async () => {
    svc.addFault({ delayMs: 250 });
    const t0 = Date.now();
    const res = await call(svc, 'GET', '/api/v1/account');
    assert.equal(res.status, 200);
    assert.ok(Date.now() - t0 >= 240);

    const slow = await start({ latencyMs: 200 });
    try {
      const t1 = Date.now();
      assert.equal((await call(slow, 'GET', '/api/v1/account')).status, 200);
      assert.ok(Date.now() - t1 >= 190);
    } finally {
      await slow.close();
    }
    // Control requests skip the latency: with 10 s of it, a control call started after an API
    // call still answers first (an ordering check, not a stopwatch).
    const crawl = await start({ latencyMs: 10_000 });
    try {
      let apiDone = false;
      const api = call(crawl, 'GET', '/api/v1/account').then(() => (apiDone = true));
      assert.equal((await call(crawl, 'GET', '/__control/requests', { key: null })).status, 200);
      assert.equal(apiDone, false, 'the control call was not held behind the latency');
      void api.catch(() => undefined);
    } finally {
      await crawl.close();
    }
  });

  it('headers alone are added to the real answer', async () => {
    svc.addFault({ headers: { 'X-Test': 'yes' } });
    const res = await call(svc, 'GET', '/api/v1/account');
    assert.equal(res.status, 200);
    assert.equal(res.headers['x-test'], 'yes');
    assert.equal(res.body.data.id, 1);
  });

  it('records every API request in order, with query, raw query, headers and raw body', async () => {
    await call(svc, 'GET', '/api/v1/reports', { query: { search: 'a b', per_page: 25 }, headers: { 'X-Trace': 't1' } });
    await call(svc, 'GET', '/api/v1/reports?page=1&page=2');
    await call(svc, 'PUT', '/api/v1/reports/3', { form: { privacy: 1 } });
    await call(svc, 'GET', '/api/v1/account', { key: 'bad' });
    await control('GET', '/faults');
    const recorded = svc.requests();
    assert.deepEqual(
      recorded.map((r) => `${r.method} ${r.path}`),
      ['GET /api/v1/reports', 'GET /api/v1/reports', 'PUT /api/v1/reports/3', 'GET /api/v1/account'],
    );
    assert.deepEqual(recorded[0].query, { search: 'a b', per_page: '25' });
    assert.equal(recorded[0].rawQuery, 'search=a+b&per_page=25');
    assert.equal(recorded[0].headers['x-trace'], 't1');
    assert.equal(recorded[0].headers.authorization, `Bearer ${svc.apiKey}`);
    assert.equal(recorded[0].body, '');
    assert.deepEqual(recorded[1].query, { page: '2' }, 'last value wins');
    assert.equal(recorded[2].body, 'privacy=1');
    assert.equal(recorded[2].headers['content-type'], 'application/x-www-form-urlencoded');
    assert.ok(recorded.every((r) => !Number.isNaN(Date.parse(r.at))));

    const viaHttp = await control('GET', '/requests');
    assert.equal(viaHttp.status, 200);
    assert.deepEqual(viaHttp.body.data, recorded);
    svc.clearRequests();
    assert.deepEqual(svc.requests(), []);
  });

  describe('control endpoints over HTTP', () => {
    it('POST/GET/DELETE /__control/faults', async () => {
      const added = await control('POST', '/faults', { path: '/api/v1/account', status: 500, times: 3 });
      assert.equal(added.status, 201);
      assert.equal(typeof added.body.id, 'number');
      const listed = await control('GET', '/faults');
      assert.equal(listed.body.data.length, 1);
      assert.equal(listed.body.data[0].remaining, 3);
      assert.equal((await call(svc, 'GET', '/api/v1/account')).status, 500);
      assert.equal((await control('DELETE', '/faults')).status, 204);
      assert.equal((await call(svc, 'GET', '/api/v1/account')).status, 200);
    });

    it('rejects an invalid fault with 422 and malformed JSON with 400', async () => {
      const bad = await control('POST', '/faults', { status: 'soon', drop: 'yes' });
      assert.equal(bad.status, 422);
      assert.equal(bad.body.errors.fault.length, 2);
      const malformed = await call(svc, 'POST', '/__control/faults', {
        key: null,
        body: '{',
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(malformed.status, 400);
    });

    it('DELETE /__control/requests clears; control requests are not recorded', async () => {
      await call(svc, 'GET', '/api/v1/account');
      assert.equal((await control('GET', '/requests')).body.data.length, 1);
      assert.equal((await control('DELETE', '/requests')).status, 204);
      assert.deepEqual((await control('GET', '/requests')).body.data, []);
    });

    it('POST /__control/reset restores the seed state and clears faults and requests', async () => {
      await call(svc, 'DELETE', '/api/v1/reports/1');
      await call(svc, 'PUT', '/api/v1/reports/2', { form: { privacy: 1 } });
      svc.addFault({ path: '/nothing', times: 0 });
      assert.equal((await control('POST', '/reset')).status, 204);
      assert.deepEqual(svc.requests(), []);
      assert.deepEqual((await control('GET', '/faults')).body.data, []);
      const listed = await call(svc, 'GET', '/api/v1/reports', { query: { per_page: 100, sort: 'asc' } });
      assert.equal(listed.body.meta.total, 12);
      assert.equal(listed.body.data[0].id, 1);
      assert.equal(listed.body.data[1].privacy, 0);
      svc.clearRequests();
    });

    it('unknown control path → 404, wrong method → 405', async () => {
      assert.equal((await control('GET', '/nothing')).status, 404);
      assert.equal((await control('PUT', '/faults')).status, 405);
      assert.equal((await control('GET', '/reset')).status, 405);
    });

    it('control endpoints answer only loopback addresses', async () => {
      for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) assert.equal(isLoopbackHost(a), true, a);
      for (const a of ['10.0.0.1', '192.168.1.5', '::ffff:10.0.0.1', '::2', '', '1127.0.0.1']) {
        assert.equal(isLoopbackHost(a), false, String(a));
      }
    });
    // The 403 path itself is not exercised over a real non-loopback interface: that would mean
    // traffic to this machine's private address, which tests never send.
  });

  it('FaultSet.take decrements and removes used-up faults', () => {
    const set = new FaultSet();
    set.add({ path: '/a', times: 2, status: 500 });
    assert.equal(set.take('GET', '/b'), undefined);
    assert.equal(set.take('GET', '/a/x')?.status, 500);
    assert.equal(set.list()[0].remaining, 1);
    assert.equal(set.take('POST', '/a')?.status, 500);
    assert.deepEqual(set.list(), []);
  });
});
