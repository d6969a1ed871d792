// Regression tests (docs/RELIABILITY.md rows 1, 5 and 14), each driven as the hostile caller did: a web
// page in a browser on this machine (no-cors POSTs, DNS rebinding) and a flood of unauthenticated
// bodies. Each names the hostile input it pins; each failed on the service before the fix.
import { strict as assert } from 'node:assert';
import { request } from 'undici';
import type { RunningService } from '../../../service/server';
import { call, KEY, start } from './helpers';

/** A raw request with exactly these headers (no key, no token unless given). */
async function raw(svc: RunningService, method: string, p: string, headers: Record<string, string>, body?: string) {
  const res = await request(`${svc.url}${p}`, { method: method as 'GET', headers, body });
  const text = await res.body.text();
  return { status: res.statusCode, text };
}

const total = async (svc: RunningService): Promise<number> => (await call(svc, 'GET', '/api/v1/reports')).body.meta.total;

describe('service hardening: control endpoints, Host, request log', () => {
  describe('control endpoints exist only when started for tests', () => {
    it('hostile: a no-cors text/plain POST /__control/reset from a page does not wipe the data (no control)', async () => {
      const svc = await start({ control: false, seed: 5 });
      try {
        assert.equal(svc.controlToken, undefined);
        const res = await raw(svc, 'POST', '/__control/reset', { 'content-type': 'text/plain', origin: 'https://evil.example' }, '{}');
        assert.notEqual(res.status, 204);
        for (const p of ['/__control/faults', '/__control/requests']) {
          assert.equal((await call(svc, 'GET', p)).status, 404, `${p} is just an unknown route`);
        }
        assert.equal(await total(svc), 5);
      } finally {
        await svc.close();
      }
    });
  });

  describe('with control (tests)', () => {
    let svc: RunningService;
    before(async () => {
      svc = await start({ control: true, seed: 5 });
    });
    after(() => svc.close());
    beforeEach(() => svc.reset());

    it('a per-run token: none or a wrong one → 403 (hostile: text/plain reset, planting a fault, reading the log)', async () => {
      const other = await start({ control: true });
      try {
        assert.ok(svc.controlToken && svc.controlToken.length >= 20);
        assert.notEqual(other.controlToken, svc.controlToken, 'random per run');
      } finally {
        await other.close();
      }
      for (const token of [null, 'wrong-token']) {
        assert.equal((await call(svc, 'POST', '/__control/reset', { controlToken: token })).status, 403);
        assert.equal((await call(svc, 'POST', '/__control/faults', { controlToken: token, json: { status: 500, times: 0 } })).status, 403);
        assert.equal((await call(svc, 'GET', '/__control/requests', { controlToken: token })).status, 403);
      }
      assert.equal((await call(svc, 'GET', '/api/v1/account')).status, 200, 'no fault was planted');
      assert.equal(await total(svc), 5);
    });

    it('refuses any request carrying Origin, even with the token', async () => {
      const res = await call(svc, 'POST', '/__control/reset', { headers: { origin: 'http://127.0.0.1:3000' }, json: { seed: 0 } });
      assert.equal(res.status, 403);
      assert.equal(await total(svc), 5);
    });

    it('accepts only application/json (hostile: text/plain and form bodies, as a no-cors page sends)', async () => {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const res = await call(svc, 'POST', '/__control/reset', { headers: { 'content-type': type }, body: '{"seed":0}' });
        assert.equal(res.status, 403, type);
      }
      assert.equal(await total(svc), 5);
      assert.equal((await call(svc, 'POST', '/__control/reset', { json: { seed: 2 } })).status, 204, 'the test client still can');
      assert.equal(await total(svc), 2);
    });

    it('hostile: DNS rebinding — a foreign Host gets neither the log (with its Authorization headers) nor the API', async () => {
      await call(svc, 'GET', '/api/v1/account');
      for (const host of ['evil.example', `evil.example:${svc.port}`, `rebind.127.0.0.1.nip.io:${svc.port}`, `127.0.0.1:${svc.port + 1}`]) {
        const log = await raw(svc, 'GET', '/__control/requests', { host, 'x-control-token': svc.controlToken! });
        assert.equal(log.status, 421, host);
        assert.ok(!log.text.includes(KEY));
        const api = await raw(svc, 'GET', '/api/v1/reports', { host, authorization: `Bearer ${KEY}` });
        assert.equal(api.status, 421, host);
      }
      for (const host of [`127.0.0.1:${svc.port}`, `localhost:${svc.port}`, `LOCALHOST:${svc.port}`]) {
        assert.equal((await raw(svc, 'GET', '/api/v1/reports', { host, authorization: `Bearer ${KEY}` })).status, 200, host);
      }
    });
  });

  describe('the request log', () => {
    it('records nothing unless started for tests', async () => {
      const svc = await start({ control: false });
      try {
        await call(svc, 'GET', '/api/v1/account');
        await call(svc, 'POST', '/api/v1/reports', { key: null, body: 'x'.repeat(1000) });
        assert.deepEqual(svc.requests(), []);
      } finally {
        await svc.close();
      }
    });

    it('hostile: 1 MB unauthenticated POSTs are kept without their body', async () => {
      const svc = await start({ control: true });
      try {
        const big = 'x'.repeat(1024 * 1024 - 16);
        for (let i = 0; i < 5; i++) assert.equal((await call(svc, 'POST', '/api/v1/reports', { key: 'guess', body: big })).status, 401);
        const log = svc.requests();
        assert.equal(log.length, 5);
        for (const r of log) {
          assert.equal(r.authenticated, false);
          assert.equal(r.body, '');
          assert.equal(r.headers.authorization, 'Bearer guess', 'what the client sent, for tests of the client');
        }
        assert.ok(JSON.stringify(log).length < 5 * 2048, 'well under 2 KB each');
      } finally {
        await svc.close();
      }
    });

    it('authenticated bodies are cut at 4 KiB; the log keeps the last 500 requests', async () => {
      const svc = await start({ control: true });
      try {
        await call(svc, 'PUT', '/api/v1/reports/1', {
          body: `privacy=1&pad=${'y'.repeat(10_000)}`,
          headers: { 'content-type': 'text/plain' },
        });
        const [first] = svc.requests();
        assert.equal(first.authenticated, true);
        assert.equal(Buffer.byteLength(first.body), 4096);
        assert.equal(first.bodyTruncated, true);
        for (let i = 0; i < 520; i++) await call(svc, 'GET', '/api/v1/account', { query: { n: i } });
        const log = svc.requests();
        assert.equal(log.length, 500);
        assert.equal(log[0].query.n, '20');
        assert.equal(log[499].query.n, '519');
      } finally {
        await svc.close();
      }
    });
  });
});
