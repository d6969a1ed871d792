// The real shapes (the default) against the plain reading, over HTTP: one stored record, two
// answers. Every expectation here is what real-service-notes.md records of phpRank.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import type { RunningService } from '../../../service/server';
import type { RealReport } from '../../../service/types';
import { call, start, startFixtures, tempDir, type FixtureServer } from './helpers';

describe('service shapes: real (default) and plain', () => {
  let fx: FixtureServer;
  let real: RunningService;
  let dir: string;
  before(async () => {
    fx = await startFixtures();
    dir = await tempDir();
    real = await start({ shape: undefined, seed: 30, dataFile: path.join(dir, 'reports.json') });
  });
  after(async () => {
    await real.close();
    await fx.close();
    await fsp.rm(dir, { recursive: true, force: true });
  });

  it('is the default shape', () => {
    assert.equal(real.shape, 'real');
  });

  it('create: numeric result in percent, checks object with the real names, project = host, password boolean, status in the envelope', async () => {
    const res = await call(real, 'POST', '/api/v1/reports', { form: { url: `${fx.url}/good`, privacy: 2, password: 'pw-1234' } });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.status, 201);
    const r = res.body.data as RealReport;
    assert.deepEqual(Object.keys(r), [
      'id',
      'url',
      'project',
      'result',
      'results',
      'privacy',
      'password',
      'generated_at',
      'created_at',
      'updated_at',
    ]);
    assert.equal(typeof r.result, 'number');
    assert.ok(r.result > 79 && r.result < 100 && !Number.isInteger(r.result), String(r.result));
    assert.equal(r.project, new URL(fx.url).host);
    assert.equal(r.password, true);
    assert.ok(!res.text.includes('pw-1234') && !res.text.includes('scrypt'));
    for (const key of [
      'title',
      'meta_description',
      'headings',
      '404_page',
      'https_encryption',
      'meta_viewport',
      'language',
      'load_time',
      'page_size',
      'noindex',
    ]) {
      assert.ok(key in r.results, key);
    }
    for (const c of Object.values(r.results)) {
      assert.equal(typeof c.passed, 'boolean');
      assert.ok(['high', 'medium', 'low'].includes(c.importance));
    }
    assert.deepEqual(r.results.https_encryption, {
      passed: false,
      importance: 'high',
      value: `${fx.url}/good`,
      errors: { missing: 'https' },
    });
    const got = await call(real, 'GET', `/api/v1/reports/${r.id}`);
    assert.deepEqual(got.body, { data: r, status: 200 });
    const unsent = await call(real, 'POST', '/api/v1/reports', { form: { url: `${fx.url}/good` } });
    assert.equal(unsent.body.data.privacy, 1, 'privacy not sent: private, as the real service documents');
    assert.equal(unsent.body.data.password, false);
  });

  it('list: envelope with status 200; result filter by the real bands; sort by the numeric result', async () => {
    const bands = { good: (s: number) => s > 79, decent: (s: number) => s >= 49 && s <= 79, bad: (s: number) => s < 49 };
    for (const [result, inBand] of Object.entries(bands)) {
      const res = await call(real, 'GET', '/api/v1/reports', { query: { result, per_page: 100 } });
      assert.equal(res.body.status, 200);
      assert.ok(res.body.data.length > 0);
      assert.ok(
        res.body.data.every((r: RealReport) => inBand(r.result)),
        result,
      );
    }
    const sorted = (await call(real, 'GET', '/api/v1/reports', { query: { sort_by: 'result', sort: 'asc', per_page: 100 } })).body
      .data as RealReport[];
    for (let i = 1; i < sorted.length; i++) assert.ok(sorted[i - 1].result <= sorted[i].result);
  });

  it('sort_by other than id, url, result (generated_at included) falls back to id; per_page outside 10/25/50/100 to 10', async () => {
    const byId = (await call(real, 'GET', '/api/v1/reports', { query: { sort: 'asc' } })).body.data.map((r: RealReport) => r.id);
    for (const sortBy of ['generated_at', 'bogus']) {
      const res = await call(real, 'GET', '/api/v1/reports', { query: { sort_by: sortBy, sort: 'asc' } });
      assert.equal(res.status, 200, sortBy);
      assert.deepEqual(
        res.body.data.map((r: RealReport) => r.id),
        byId,
        sortBy,
      );
    }
    const odd = await call(real, 'GET', '/api/v1/reports', { query: { per_page: 7 } });
    assert.equal(odd.status, 200);
    assert.equal(odd.body.meta.per_page, 10);
  });

  it('422 puts the field errors under message; an unreachable page says why under url', async () => {
    const res = await call(real, 'POST', '/api/v1/reports', { form: { url: 'ftp://example.com/' } });
    assert.equal(res.status, 422);
    assert.deepEqual(Object.keys(res.body), ['message', 'status']);
    assert.equal(res.body.status, 422);
    assert.deepEqual(Object.keys(res.body.message), ['url']);
    const down = await call(real, 'POST', '/api/v1/reports', { form: { url: 'http://127.0.0.1:9/' } });
    assert.equal(down.status, 422);
    assert.match(down.body.message.url[0], /connection refused/);
  });

  it('PUT on a report it does not have → 403 "This action is unauthorized."; DELETE → 200 with the body', async () => {
    for (const id of ['999', 'abc']) {
      const res = await call(real, 'PUT', `/api/v1/reports/${id}`, { form: { privacy: 1 } });
      assert.equal(res.status, 403, id);
      assert.deepEqual(res.body, { message: 'This action is unauthorized.' });
    }
    const del = await call(real, 'DELETE', '/api/v1/reports/3');
    assert.equal(del.status, 200);
    assert.deepEqual(del.body, { id: 3, object: 'report', deleted: true, status: 200 });
    const again = await call(real, 'GET', '/api/v1/reports/3');
    assert.deepEqual([again.status, again.body], [404, { message: 'Resource not found.', status: 404 }]);
  });

  it('the account as the real service sends it', async () => {
    const res = await call(real, 'GET', '/api/v1/account');
    assert.equal(res.body.status, 200);
    assert.deepEqual(Object.keys(res.body.data), ['id', 'name', 'email', 'avatar_url', 'locale', 'timezone', 'plan', 'created_at']);
  });

  it('one stored record: the plain reading of the same data file answers words, a rounded score and a checks array', async () => {
    const made = (await call(real, 'POST', '/api/v1/reports', { form: { url: `${fx.url}/poor` } })).body.data as RealReport;
    await real.close();
    const plain = await start({ shape: 'plain', dataFile: path.join(dir, 'reports.json') });
    try {
      const r = (await call(plain, 'GET', `/api/v1/reports/${made.id}`)).body.data;
      assert.equal(r.result, 'bad');
      assert.equal(r.score, Math.round(made.result));
      assert.ok(Array.isArray(r.results));
      assert.deepEqual(
        r.results.map((c: { key: string }) => c.key),
        Object.keys(made.results),
      );
      assert.deepEqual(Object.keys(r.results[0]), ['key', 'name', 'category', 'passed', 'value', 'advice']);
      assert.ok(!('password' in r));
    } finally {
      await plain.close();
      real = await start({ shape: 'real', dataFile: path.join(dir, 'reports.json') });
    }
  });
});
