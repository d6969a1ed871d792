import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import type { RunningService } from '../../../service/server';
import { verifyPassword } from '../../../service/password';
import { storedRecords } from './storedRecords';
import { call, freePort, POOR_HTML, GOOD_HTML, start, startFixtures, tempDir, type FixtureServer } from './helpers';

describe('service API: create, read, update, delete', () => {
  let fx: FixtureServer;
  let svc: RunningService;
  let dir: string;
  let dataFile: string;
  before(async () => {
    fx = await startFixtures();
    dir = await tempDir();
    dataFile = path.join(dir, 'reports.json');
    svc = await start({ dataFile, analysisTimeoutMs: 400 });
  });
  after(async () => {
    await svc.close();
    await fx.close();
    await fsp.rm(dir, { recursive: true, force: true });
  });

  it('create → 201 with the analysed report; get, list, delete round trip', async () => {
    const created = await call(svc, 'POST', '/api/v1/reports', { form: { url: `${fx.url}/good` } });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.headers['content-type'], 'application/json');
    const r = created.body.data;
    assert.ok(Number.isInteger(r.id));
    assert.equal(r.url, `${fx.url}/good`);
    assert.equal(r.project, new URL(fx.url).host);
    assert.equal(r.result, 'good');
    assert.equal(r.privacy, 0);
    assert.ok(Array.isArray(r.results) && r.results.length >= 10);
    assert.equal(r.created_at, r.generated_at);

    const got = await call(svc, 'GET', `/api/v1/reports/${r.id}`);
    assert.equal(got.status, 200);
    assert.deepEqual(got.body, { data: r });

    const listed = await call(svc, 'GET', '/api/v1/reports', { query: { project: r.project } });
    assert.ok(listed.body.data.some((x: { id: number }) => x.id === r.id));

    const del = await call(svc, 'DELETE', `/api/v1/reports/${r.id}`);
    assert.equal(del.status, 204);
    assert.equal(del.text, '');
    assert.equal((await call(svc, 'GET', `/api/v1/reports/${r.id}`)).status, 404);
    assert.equal((await call(svc, 'DELETE', `/api/v1/reports/${r.id}`)).status, 404);
  });

  it('the poor page is created as bad', async () => {
    const created = await call(svc, 'POST', '/api/v1/reports', { form: { url: `${fx.url}/poor` } });
    assert.equal(created.status, 201);
    assert.equal(created.body.data.result, 'bad');
  });

  it('an HTTP error status of the page is analysed, not a fetch failure', async () => {
    const created = await call(svc, 'POST', '/api/v1/reports', { form: { url: `${fx.url}/error` } });
    assert.equal(created.status, 201);
    assert.equal(created.body.data.result, 'bad');
  });

  it('also accepts a JSON body', async () => {
    const created = await call(svc, 'POST', '/api/v1/reports', { json: { url: `${fx.url}/good`, privacy: 1 } });
    assert.equal(created.status, 201);
    assert.equal(created.body.data.privacy, 1);
  });

  describe('create validation (422)', () => {
    const cases: Array<[string, Record<string, string | number>, string]> = [
      ['missing url', {}, 'url'],
      ['bad url', { url: 'not a url' }, 'url'],
      ['relative url', { url: '/just/a/path' }, 'url'],
      ['ftp url', { url: 'ftp://example.com/file' }, 'url'],
      ['javascript url', { url: 'javascript:alert(1)' }, 'url'],
      ['url too long', { url: `https://example.com/${'a'.repeat(2048)}` }, 'url'],
      ['privacy 3', { url: 'https://example.com/', privacy: 3 }, 'privacy'],
      ['privacy x', { url: 'https://example.com/', privacy: 'x' }, 'privacy'],
      ['privacy 2 without password', { url: 'https://example.com/', privacy: 2 }, 'password'],
    ];
    for (const [name, form, field] of cases) {
      it(name, async () => {
        const res = await call(svc, 'POST', '/api/v1/reports', { form });
        assert.equal(res.status, 422, res.text);
        assert.deepEqual(Object.keys(res.body.errors), [field]);
        assert.equal(typeof res.body.errors[field][0], 'string');
        assert.equal(typeof res.body.message, 'string');
      });
    }

    it('malformed JSON → 400', async () => {
      const res = await call(svc, 'POST', '/api/v1/reports', { body: '{nope', headers: { 'content-type': 'application/json' } });
      assert.equal(res.status, 400);
    });
  });

  describe('pages that cannot be fetched (422 with the reason)', () => {
    it('connection refused', async () => {
      const port = await freePort();
      const res = await call(svc, 'POST', '/api/v1/reports', { form: { url: `http://127.0.0.1:${port}/` } });
      assert.equal(res.status, 422);
      assert.deepEqual(res.body, {
        message: 'The page could not be analysed: connection refused',
        errors: { url: ['connection refused'] },
      });
    });

    it('timed out (the service was started with a 400 ms analysis timeout)', async () => {
      const res = await call(svc, 'POST', '/api/v1/reports', { form: { url: `${fx.url}/slow` } });
      assert.equal(res.status, 422);
      assert.deepEqual(res.body.errors, { url: ['timed out after 0.4s'] });
    });

    it('nothing is stored for a failed analysis', async () => {
      const before = (await call(svc, 'GET', '/api/v1/reports')).body.meta.total;
      await call(svc, 'POST', '/api/v1/reports', { form: { url: `http://127.0.0.1:${await freePort()}/` } });
      assert.equal((await call(svc, 'GET', '/api/v1/reports')).body.meta.total, before);
    });
  });

  it('the analysed page never sees an Authorization header or the API key', async () => {
    fx.seen.length = 0;
    await call(svc, 'POST', '/api/v1/reports', { form: { url: `${fx.url}/redirect` } });
    assert.ok(fx.seen.length >= 2);
    for (const h of fx.seen) {
      assert.equal(h.authorization, undefined);
      assert.ok(!JSON.stringify(h).includes(svc.apiKey));
    }
  });

  describe('passwords and privacy', () => {
    async function storedHash(id: number): Promise<string | null | undefined> {
      return storedRecords(dataFile.replace(/\.json$/, '.db')).find((r) => r.id === id)?.passwordHash;
    }

    it('a password is stored as a scrypt hash and never returned', async () => {
      const created = await call(svc, 'POST', '/api/v1/reports', { form: { url: `${fx.url}/good`, privacy: 2, password: 's3cret-pass' } });
      assert.equal(created.status, 201);
      const id = created.body.data.id;
      assert.equal(created.body.data.privacy, 2);
      assert.ok(!created.text.includes('s3cret-pass') && !/password/i.test(created.text));
      const got = await call(svc, 'GET', `/api/v1/reports/${id}`);
      assert.ok(!/password/i.test(got.text));
      const listed = await call(svc, 'GET', '/api/v1/reports', { query: { per_page: 100 } });
      assert.ok(!/password/i.test(listed.text));
      const hash = await storedHash(id);
      assert.match(String(hash), /^scrypt\$/);
      assert.ok(!String(hash).includes('s3cret-pass'));
      assert.equal(await verifyPassword('s3cret-pass', String(hash)), true);
      assert.equal(await verifyPassword('wrong', String(hash)), false);
    });

    it('update: privacy 2 needs a password unless the report has one; 0/1 drops it', async () => {
      const created = await call(svc, 'POST', '/api/v1/reports', { form: { url: `${fx.url}/good` } });
      const id = created.body.data.id;
      const noPassword = await call(svc, 'PUT', `/api/v1/reports/${id}`, { form: { privacy: 2 } });
      assert.equal(noPassword.status, 422);
      assert.deepEqual(Object.keys(noPassword.body.errors), ['password']);

      const withPassword = await call(svc, 'PUT', `/api/v1/reports/${id}`, { form: { privacy: 2, password: 'first-pass' } });
      assert.equal(withPassword.status, 200, withPassword.text);
      assert.equal(withPassword.body.data.privacy, 2);
      assert.ok(!/password/i.test(withPassword.text));
      const firstHash = String(await storedHash(id));
      assert.equal(await verifyPassword('first-pass', firstHash), true);

      const keep = await call(svc, 'PUT', `/api/v1/reports/${id}`, { form: { privacy: 2 } });
      assert.equal(keep.status, 200, 'privacy 2 again without a password keeps the existing one');
      assert.equal(await storedHash(id), firstHash);

      const change = await call(svc, 'PUT', `/api/v1/reports/${id}`, { form: { password: 'second-pass' } });
      assert.equal(change.status, 200);
      assert.equal(await verifyPassword('second-pass', String(await storedHash(id))), true);

      const toPrivate = await call(svc, 'PUT', `/api/v1/reports/${id}`, { form: { privacy: 1 } });
      assert.equal(toPrivate.status, 200);
      assert.equal(toPrivate.body.data.privacy, 1);
      assert.equal(await storedHash(id), null);

      const again = await call(svc, 'PUT', `/api/v1/reports/${id}`, { form: { privacy: 2 } });
      assert.equal(again.status, 422, 'the dropped password is really gone');
    });

    it('update validation: privacy 3, results 2', async () => {
      const id = (await call(svc, 'POST', '/api/v1/reports', { form: { url: `${fx.url}/good` } })).body.data.id;
      const res = await call(svc, 'PUT', `/api/v1/reports/${id}`, { form: { privacy: 3, results: 2 } });
      assert.equal(res.status, 422);
      assert.deepEqual(Object.keys(res.body.errors).sort(), ['privacy', 'results']);
    });
  });

  it('results=1 re-runs the analysis; results=0 does not', async () => {
    fx.switchHtml = GOOD_HTML;
    const created = (await call(svc, 'POST', '/api/v1/reports', { form: { url: `${fx.url}/switch` } })).body.data;
    assert.equal(created.result, 'good');
    fx.switchHtml = POOR_HTML;
    await new Promise((r) => setTimeout(r, 5));
    const noRerun = await call(svc, 'PUT', `/api/v1/reports/${created.id}`, { form: { results: 0, privacy: 1 } });
    assert.equal(noRerun.body.data.result, 'good');
    assert.equal(noRerun.body.data.generated_at, created.generated_at);
    assert.equal(noRerun.body.data.privacy, 1);
    assert.notEqual(noRerun.body.data.updated_at, created.updated_at);
    const rerun = await call(svc, 'PUT', `/api/v1/reports/${created.id}`, { form: { results: 1 } });
    assert.equal(rerun.status, 200);
    const r = rerun.body.data;
    assert.equal(r.result, 'bad');
    assert.ok(r.score < created.score);
    assert.notDeepEqual(r.results, created.results);
    assert.ok(r.generated_at > created.generated_at);
    assert.equal(r.created_at, created.created_at);
    assert.equal(r.privacy, 1);
    assert.deepEqual((await call(svc, 'GET', `/api/v1/reports/${created.id}`)).body.data, r);
  });

  it('results=1 on a page that now fails → 422 and the report is unchanged', async () => {
    fx.switchHtml = GOOD_HTML;
    const fx2 = await startFixtures();
    const created = (await call(svc, 'POST', '/api/v1/reports', { form: { url: `${fx2.url}/good` } })).body.data;
    await fx2.close();
    const rerun = await call(svc, 'PUT', `/api/v1/reports/${created.id}`, { form: { results: 1 } });
    assert.equal(rerun.status, 422);
    assert.deepEqual(rerun.body.errors, { url: ['connection refused'] });
    assert.deepEqual((await call(svc, 'GET', `/api/v1/reports/${created.id}`)).body.data, created);
  });
});
