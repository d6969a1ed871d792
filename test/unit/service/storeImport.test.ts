import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import { Store, StoreLoadError } from '../../../service/store';
import { MAX_IMPORT_BYTES, MAX_RECORD_DEPTH } from '../../../service/storeImport';
import { SCHEMA_VERSION } from '../../../service/storeSchema';
import { seedReports } from '../../../service/seed';
import { tempDir } from './helpers';
import { nextIdOf } from './storedRecords';

async function writeJson(file: string, data: unknown): Promise<string> {
  const text = JSON.stringify(data);
  await fsp.writeFile(file, text);
  return text;
}

describe('service/store: the JSON data file import and its validation', () => {
  let dir: string;
  let json: string;
  beforeEach(async () => {
    dir = await tempDir();
    json = path.join(dir, 'reports.json');
  });
  afterEach(() => fsp.rm(dir, { recursive: true, force: true }));

  it('imports every record exactly once, keeps nextId, and renames the file aside', async () => {
    const reports = seedReports(30).map((r, i) => ({
      ...r,
      // opaque to the store: a results object of the real service's kind, and unknown fields
      ...(i === 3 ? { results: { title: { passed: false, importance: 'high', value: null, errors: { missing: null } } } } : {}),
      ...(i === 4 ? { extra: { nested: [1, 'two', { three: true }] }, passwordHash: 'scrypt$x$y' } : {}),
    }));
    const text = await writeJson(json, { version: 1, nextId: 77, reports });
    const store = await Store.open(json);
    try {
      assert.deepEqual(store.all(), reports);
      assert.equal(store.size, 30);
      const listed = store.list({ band: 'good', sortBy: 'id', sort: 'asc', page: 1, perPage: 100 });
      assert.deepEqual(
        listed.items.map((r) => r.id),
        reports.filter((r) => r.result === 'good').map((r) => r.id),
      );
      assert.equal((await store.create({ ...good[0], url: 'https://new.example/' })).id, 77);
    } finally {
      store.close();
    }
    const names = (await fsp.readdir(dir)).sort();
    assert.equal(names.length, 2);
    assert.equal(names[0], 'reports.db');
    assert.match(names[1], /^reports\.json\.imported-\d{8}T\d{6}Z$/);
    assert.equal(await fsp.readFile(path.join(dir, names[1]), 'utf8'), text, 'the old file is kept as it was');

    // a second start does not import again
    const again = await Store.open(json);
    assert.equal(again.size, 31);
    again.close();
  });

  it('an import interrupted before the rename is finished, not repeated', async () => {
    await writeJson(json, { version: 1, nextId: 4, reports: seedReports(3) });
    (await Store.open(json)).close();
    const aside = (await fsp.readdir(dir)).find((n) => n.includes('.imported-'))!;
    await fsp.copyFile(path.join(dir, aside), json); // as if the process died before the rename
    const store = await Store.open(json);
    assert.equal(store.size, 3);
    store.close();
    assert.equal((await fsp.readdir(dir)).filter((n) => n.includes('.imported-')).length, 2);
    assert.ok(!(await fsp.readdir(dir)).includes('reports.json'));
  });

  it('a JSON file beside a database that already holds other reports is refused, never merged', async () => {
    const first = await Store.open(json);
    await first.replaceAll(seedReports(2));
    first.close();
    await writeJson(json, { version: 1, nextId: 9, reports: seedReports(5) });
    await assert.rejects(Store.open(json), (e: unknown) => e instanceof StoreLoadError && /already holds reports/.test(e.message));
    const db = await Store.open(path.join(dir, 'reports.db'));
    assert.equal(db.size, 2, 'nothing merged');
    db.close();
    assert.ok((await fsp.readdir(dir)).includes('reports.json'), 'the file is left where it was');
  });

  const good = seedReports(3);
  const cases: Array<[string, unknown[], RegExp]> = [
    ['a record with only id and url', [good[0], { id: 2, url: 'https://a.example/' }], /report 2 of 2 \(id 2\): project must be a string/],
    ['duplicate ids', [good[0], good[1], { ...good[2], id: good[0].id }], /report 3 of 3 \(id 1\): the id 1 is used twice/],
    ['a string id', [{ ...good[0], id: '1' }], /report 1 of 1 \(id "1"\): id must be a positive safe integer/],
    ['a string score', [{ ...good[0], score: '90' }], /report 1 of 1 \(id 1\): score must be a number/],
    ['privacy out of range', [{ ...good[0], privacy: 3 }], /privacy must be 0, 1 or 2/],
    ['a date that is not one', [{ ...good[0], created_at: 'yesterday' }], /created_at must be a date and time/],
    ['results missing', [{ ...good[0], results: null }], /results must be a list or an object/],
    ['a numeric password hash', [{ ...good[0], passwordHash: 5 }], /passwordHash must be a string or null/],
    ['a record that is not an object', [good[0], 'x'], /report 2 of 2: not an object/],
  ];
  for (const [what, reports, expected] of cases) {
    it(`refuses ${what} with a StoreLoadError naming the record, and changes nothing`, async () => {
      const text = await writeJson(json, { version: 1, nextId: 10, reports });
      await assert.rejects(
        Store.open(json),
        (e: unknown) => e instanceof StoreLoadError && e.message.includes(json) && expected.test(e.message),
      );
      assert.deepEqual(await fsp.readdir(dir), ['reports.json']);
      assert.equal(await fsp.readFile(json, 'utf8'), text);
    });
  }

  it(`refuses a record nested more than ${MAX_RECORD_DEPTH} levels (100,000 here) with a StoreLoadError naming it`, async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const text = `{"version":1,"nextId":3,"reports":[${JSON.stringify(good[0])},${JSON.stringify({ ...good[1], results: { deep: 1 } }).replace('{"deep":1}', `{"deep":${deep}}`)}]}`;
    await fsp.writeFile(json, text);
    await assert.rejects(
      Store.open(json),
      (e: unknown) =>
        e instanceof StoreLoadError &&
        new RegExp(`report 2 of 2 \\(id 2\\): it is nested more than ${MAX_RECORD_DEPTH} levels deep`).test(e.message),
    );
    assert.deepEqual(await fsp.readdir(dir), ['reports.json']);
  });

  it(`refuses a data file larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MiB before reading it`, async () => {
    await fsp.writeFile(json, '');
    await fsp.truncate(json, MAX_IMPORT_BYTES + 1); // sparse: no disk space, no time
    await assert.rejects(Store.open(json), (e: unknown) => e instanceof StoreLoadError && /larger than 256 MiB/.test(e.message));
  });

  it('keeps the schema version in user_version and refuses a database from a newer version', async () => {
    const database = path.join(dir, 'reports.db');
    (await Store.open(database)).close();
    const db = new Database(database);
    assert.equal(db.pragma('user_version', { simple: true }), SCHEMA_VERSION);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    await assert.rejects(
      Store.open(database),
      (e: unknown) => e instanceof StoreLoadError && /newer than this service knows/.test(e.message),
    );
  });

  it('ids continue after the highest ever given, also across a replaceAll to fewer reports', async () => {
    const database = path.join(dir, 'reports.db');
    const store = await Store.open(database);
    await store.replaceAll(seedReports(5));
    assert.equal((await store.create({ ...good[0] })).id, 6);
    await store.delete(6);
    assert.equal((await store.create({ ...good[0] })).id, 7);
    store.close();
    assert.equal(nextIdOf(database), 8);
  });
});
