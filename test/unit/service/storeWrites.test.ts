// Concurrent writes through the API keep ids unique and totals right; a write the database refuses
// changes nothing, neither in the answers nor after a restart. The failure is a real SQLite one:
// a second connection plants triggers that RAISE(ABORT), as a full disk or a constraint would.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import type { RunningService } from '../../../service/server';
import { call, start, startFixtures, tempDir, type FixtureServer } from './helpers';

async function totals(svc: RunningService): Promise<{ total: number; banded: number }> {
  const total = (await call(svc, 'GET', '/api/v1/reports')).body.meta.total as number;
  let banded = 0;
  for (const result of ['good', 'decent', 'bad']) {
    banded += (await call(svc, 'GET', '/api/v1/reports', { query: { result } })).body.meta.total;
  }
  return { total, banded };
}

describe('service/store: concurrent and failing writes', function () {
  this.timeout(30_000);
  let fx: FixtureServer;
  let dir: string;
  let dataFile: string;
  before(async () => {
    fx = await startFixtures();
  });
  after(() => fx.close());
  beforeEach(async () => {
    dir = await tempDir();
    dataFile = path.join(dir, 'reports.json');
  });
  afterEach(() => fsp.rm(dir, { recursive: true, force: true }));

  it('50 concurrent creates, updates and deletes keep ids unique and totals right, also after a restart', async () => {
    const svc = await start({ dataFile });
    const create = (n: string) => call(svc, 'POST', '/api/v1/reports', { form: { url: `${fx.url}/${n}` } });
    const seeded = await Promise.all(Array.from({ length: 30 }, (_, i) => create(i % 2 ? `good?s=${i}` : `poor?s=${i}`)));
    assert.ok(seeded.every((r) => r.status === 201));
    const seededIds = seeded.map((r) => r.body.data.id as number);

    const toDelete = seededIds.slice(0, 10);
    const toUpdate = seededIds.slice(10, 20);
    const results = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => create(`good?c=${i}`)),
      ...toUpdate.map((id) => call(svc, 'PUT', `/api/v1/reports/${id}`, { form: { privacy: 1, results: 1 } })),
      ...toDelete.map((id) => call(svc, 'DELETE', `/api/v1/reports/${id}`)),
    ]);
    assert.deepEqual(
      results.map((r) => r.status),
      [...Array(30).fill(201), ...Array(10).fill(200), ...Array(10).fill(204)],
    );
    const createdIds = results.slice(0, 30).map((r) => r.body.data.id as number);
    const allIds = [...seededIds, ...createdIds];
    assert.equal(new Set(allIds).size, 60, 'ids unique');

    const check = async (s: RunningService): Promise<void> => {
      assert.deepEqual(await totals(s), { total: 50, banded: 50 });
      for (const id of toDelete) assert.equal((await call(s, 'GET', `/api/v1/reports/${id}`)).status, 404);
      for (const id of toUpdate) assert.equal((await call(s, 'GET', `/api/v1/reports/${id}`)).body.data.privacy, 1);
      const listed = await call(s, 'GET', '/api/v1/reports', { query: { per_page: 100, sort: 'asc' } });
      assert.deepEqual(
        listed.body.data.map((r: { id: number }) => r.id),
        allIds.filter((id) => !toDelete.includes(id)).sort((a, b) => a - b),
      );
    };
    await check(svc);
    await svc.close();
    const again = await start({ dataFile });
    try {
      await check(again);
      const last = await call(again, 'POST', '/api/v1/reports', { form: { url: `${fx.url}/good?last` } });
      assert.equal(last.body.data.id, Math.max(...allIds) + 1, 'ids go on after the highest, none reused');
    } finally {
      await again.close();
    }
  });

  it('a create, update or delete the database refuses answers 500 and changes nothing', async () => {
    const svc = await start({ dataFile });
    const a = (await call(svc, 'POST', '/api/v1/reports', { form: { url: `${fx.url}/good` } })).body.data;
    const b = (await call(svc, 'POST', '/api/v1/reports', { form: { url: `${fx.url}/poor` } })).body.data;
    const before = await call(svc, 'GET', '/api/v1/reports');

    const other = new Database(path.join(dir, 'reports.db'));
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      other.exec(`CREATE TRIGGER fail_${event.toLowerCase()} BEFORE ${event} ON reports BEGIN SELECT RAISE(ABORT, 'injected'); END`);
    }
    try {
      const created = await call(svc, 'POST', '/api/v1/reports', { form: { url: `${fx.url}/good?never` } });
      assert.equal(created.status, 500);
      assert.ok(!created.text.includes('injected'), 'the database error stays in the service');
      assert.equal((await call(svc, 'PUT', `/api/v1/reports/${a.id}`, { form: { privacy: 2, password: 'pw-123456' } })).status, 500);
      assert.equal((await call(svc, 'DELETE', `/api/v1/reports/${b.id}`)).status, 500);

      // the answers agree with what was there before
      assert.deepEqual((await call(svc, 'GET', '/api/v1/reports')).body, before.body);
      assert.deepEqual((await call(svc, 'GET', `/api/v1/reports/${a.id}`)).body.data, a);
      assert.equal((await call(svc, 'GET', `/api/v1/reports/${b.id + 1}`)).status, 404);
      assert.deepEqual(await totals(svc), { total: 2, banded: 2 });
    } finally {
      other.exec('DROP TRIGGER fail_insert; DROP TRIGGER fail_update; DROP TRIGGER fail_delete');
      other.close();
    }
    await svc.close();

    const again = await start({ dataFile });
    try {
      assert.deepEqual((await call(again, 'GET', '/api/v1/reports')).body.data, before.body.data);
      assert.deepEqual((await call(again, 'GET', `/api/v1/reports/${a.id}`)).body.data, a);
      const next = await call(again, 'POST', '/api/v1/reports', { form: { url: `${fx.url}/good?after` } });
      assert.equal(next.body.data.id, b.id + 1, 'the refused create used no id');
    } finally {
      await again.close();
    }
  });
});
