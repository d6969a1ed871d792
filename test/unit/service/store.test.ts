import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { Store, StoreLoadError } from '../../../service/store';
import { seedReports } from '../../../service/seed';
import type { StoredReport } from '../../../service/types';
import { call, start, startFixtures, tempDir, type FixtureServer } from './helpers';
import { nextIdOf, storedRecords } from './storedRecords';

function draft(url: string): Omit<StoredReport, 'id'> {
  const now = new Date().toISOString();
  return {
    url,
    project: new URL(url).host,
    result: 'good',
    score: 90,
    privacy: 0,
    generated_at: now,
    created_at: now,
    updated_at: now,
    results: [],
  };
}

describe('service/store: persistence', () => {
  let dir: string;
  let fx: FixtureServer;
  before(async () => {
    fx = await startFixtures();
  });
  after(() => fx.close());
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(() => fsp.rm(dir, { recursive: true, force: true }));

  it('a restart loses nothing (create, update, delete, close, start again on the same file)', async () => {
    const dataFile = path.join(dir, 'nested', 'reports.json');
    const svc = await start({ dataFile });
    const a = (await call(svc, 'POST', '/api/v1/reports', { form: { url: `${fx.url}/good` } })).body.data;
    const b = (await call(svc, 'POST', '/api/v1/reports', { form: { url: `${fx.url}/poor`, privacy: 2, password: 'pw-123456' } })).body
      .data;
    const c = (await call(svc, 'POST', '/api/v1/reports', { form: { url: `${fx.url}/good` } })).body.data;
    const aUpdated = (await call(svc, 'PUT', `/api/v1/reports/${a.id}`, { form: { privacy: 1 } })).body.data;
    assert.equal((await call(svc, 'DELETE', `/api/v1/reports/${c.id}`)).status, 204);
    await svc.close();

    const again = await start({ dataFile });
    try {
      assert.deepEqual((await call(again, 'GET', `/api/v1/reports/${a.id}`)).body.data, aUpdated);
      assert.deepEqual((await call(again, 'GET', `/api/v1/reports/${b.id}`)).body.data, b);
      assert.equal((await call(again, 'GET', `/api/v1/reports/${c.id}`)).status, 404);
      // ids are never reused, even the deleted one's
      const d = (await call(again, 'POST', '/api/v1/reports', { form: { url: `${fx.url}/good` } })).body.data;
      assert.equal(d.id, c.id + 1);
      // the password survived: privacy 2 without a new password is accepted
      assert.equal((await call(again, 'PUT', `/api/v1/reports/${b.id}`, { form: { privacy: 2 } })).status, 200);
    } finally {
      await again.close();
    }
    // reports.json names the database reports.db beside it
    const database = path.join(dir, 'nested', 'reports.db');
    assert.equal(nextIdOf(database), c.id + 2);
    assert.equal(storedRecords(database).length, 3);
  });

  it('20 parallel creates are all stored with distinct ids, and present after a restart', async () => {
    const dataFile = path.join(dir, 'reports.json');
    const svc = await start({ dataFile });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(svc, 'POST', '/api/v1/reports', { form: { url: `${fx.url}/good?n=${i}` } })),
    );
    assert.ok(results.every((r) => r.status === 201));
    const ids = results.map((r) => r.body.data.id as number);
    assert.equal(new Set(ids).size, 20);
    await svc.close();

    assert.deepEqual(
      storedRecords(path.join(dir, 'reports.db')).map((r) => r.id),
      [...ids].sort((x, y) => x - y),
    );

    const again = await start({ dataFile });
    try {
      const listed = await call(again, 'GET', '/api/v1/reports', { query: { per_page: 100 } });
      assert.equal(listed.body.meta.total, 20);
      assert.deepEqual(
        new Set(listed.body.data.map((r: StoredReport) => r.url)),
        new Set(Array.from({ length: 20 }, (_, i) => `${fx.url}/good?n=${i}`)),
      );
    } finally {
      await again.close();
    }
  });

  it('concurrent writes all land; a closed store leaves one database file (the WAL checkpointed)', async () => {
    const dataFile = path.join(dir, 'reports.json');
    const store = await Store.open(dataFile);
    await Promise.all(Array.from({ length: 50 }, (_, i) => store.create(draft(`https://example.com/${i}`))));
    await Promise.all([store.delete(1), store.update(2, { privacy: 1 }), store.create(draft('https://example.com/last'))]);
    await store.flush();
    store.close();
    assert.deepEqual(await fsp.readdir(dir), ['reports.db']);
    const reopened = await Store.open(dataFile);
    assert.equal(reopened.size, 50);
    assert.equal(reopened.get(1), undefined);
    assert.equal(reopened.get(2)?.privacy, 1);
    assert.equal(reopened.get(51)?.url, 'https://example.com/last');
    reopened.close();
  });

  it('a missing file is an empty store in a new database beside it; nothing is imported', async () => {
    const dataFile = path.join(dir, 'none.json');
    const store = await Store.open(dataFile);
    assert.equal(store.size, 0);
    assert.equal(store.dataFile, path.join(dir, 'none.db'));
    store.close();
    assert.deepEqual(await fsp.readdir(dir), ['none.db']);
  });

  it('a corrupt file fails the start with a clear error', async () => {
    const dataFile = path.join(dir, 'reports.json');
    await fsp.writeFile(dataFile, '{"version":1,"nextId":3,"reports":[{"id":1,');
    await assert.rejects(
      Store.open(dataFile),
      (e: unknown) => e instanceof StoreLoadError && e.message.includes(dataFile) && /not valid JSON/.test(e.message),
    );
    await assert.rejects(start({ dataFile }), /Cannot load the data file/);
    await fsp.writeFile(dataFile, '{"version":2,"reports":[]}');
    await assert.rejects(Store.open(dataFile), /not a version 1 data file/);
    // the corrupt file is left as it was, and no database was made from it
    assert.equal(await fsp.readFile(dataFile, 'utf8'), '{"version":2,"reports":[]}');
    assert.deepEqual(await fsp.readdir(dir), ['reports.json']);
  });

  it('a database file that is not a database fails the start with a clear error, untouched', async () => {
    const database = path.join(dir, 'reports.db');
    await fsp.writeFile(database, 'this is not a database, but it is long enough to look at its header');
    await assert.rejects(
      Store.open(database),
      (e: unknown) => e instanceof StoreLoadError && e.message.includes(database) && /not a database/.test(e.message),
    );
    assert.match(await fsp.readFile(database, 'utf8'), /^this is not a database/);
  });

  it('an in-memory store (no dataFile) writes nothing', async () => {
    const store = await Store.open();
    await store.create(draft('https://example.com/'));
    assert.equal(store.size, 1);
    assert.equal(store.dataFile, undefined);
    assert.deepEqual(await fsp.readdir(dir), []);
  });

  it('seeds only an empty store', async () => {
    const dataFile = path.join(dir, 'reports.json');
    const svc = await start({ dataFile, seed: 5 });
    const del = await call(svc, 'DELETE', '/api/v1/reports/5');
    assert.equal(del.status, 204);
    await svc.close();
    const again = await start({ dataFile, seed: 5 });
    try {
      const listed = await call(again, 'GET', '/api/v1/reports');
      assert.equal(listed.body.meta.total, 4, 'not re-seeded');
    } finally {
      await again.close();
    }
    assert.equal(seedReports(5).length, 5);
  });
});
