// One URL identity in the search: a stored URL is found whether the search text writes its host
// in Unicode or in punycode, and percent-encoding in any case; also in a database made by the
// schema before the search knew both forms (the migration indexes what it already holds).
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import { evaluate, extractFacts } from '../../../service/analyze';
import type { RunningService } from '../../../service/server';
import { Store } from '../../../service/store';
import { configure, migrate } from '../../../service/storeSchema';
import { seedReports } from '../../../service/seed';
import { call, start, tempDir } from './helpers';

const CONSTANT = evaluate(
  extractFacts({ url: 'https://x.example/', status: 200, headers: {}, html: '<title>x</title>', responseTimeMs: 1, bytes: 16 }),
);

async function found(svc: RunningService, search: string): Promise<string[]> {
  const res = await call(svc, 'GET', '/api/v1/reports', { query: { search, search_by: 'url' } });
  assert.equal(res.status, 200, res.text);
  return res.body.data.map((r: { url: string }) => r.url);
}

describe('service: search by URL in either form of an internationalised host', () => {
  let svc: RunningService;
  before(async () => {
    // The analysis is not the subject here: a constant one, so no page is fetched.
    svc = await start({ analyze: async () => structuredClone(CONSTANT) });
  });
  after(() => svc.close());
  beforeEach(() => svc.reset(0));

  async function create(url: string): Promise<void> {
    const res = await call(svc, 'POST', '/api/v1/reports', { form: { url } });
    assert.equal(res.status, 201, res.text);
  }

  it('created with the Unicode host: found by the punycode host and by the Unicode host', async () => {
    await create('https://bücher.example/seite');
    await create('https://other.example/seite');
    for (const search of [
      'xn--bcher-kva.example',
      'bücher.example',
      'BÜCHER.example',
      'https://xn--bcher-kva.example/seite',
      'https://bücher.example/seite',
    ]) {
      assert.deepEqual(await found(svc, search), ['https://bücher.example/seite'], search);
    }
  });

  it('created with the punycode host: found by the Unicode host and by the punycode host', async () => {
    await create('https://xn--bcher-kva.example/seite');
    for (const search of ['bücher.example', 'https://bücher.example/seite', 'xn--bcher-kva.example', 'XN--BCHER-KVA.EXAMPLE/seite']) {
      assert.deepEqual(await found(svc, search), ['https://xn--bcher-kva.example/seite'], search);
    }
  });

  it('percent-encoding in any case, and a Unicode path found by its encoded form', async () => {
    await create('https://shop.example/caf%C3%A9');
    await create('https://shop.example/straße');
    assert.deepEqual(await found(svc, 'caf%c3%a9'), ['https://shop.example/caf%C3%A9']);
    assert.deepEqual(await found(svc, 'CAF%C3%A9'), ['https://shop.example/caf%C3%A9']);
    assert.deepEqual(await found(svc, 'stra%C3%9Fe'), ['https://shop.example/straße']);
    assert.deepEqual(await found(svc, 'straße'), ['https://shop.example/straße']);
  });

  it('a database of the previous schema: its URLs are found by either form after the upgrade', async () => {
    const dir = await tempDir();
    try {
      const file = path.join(dir, 'reports.db');
      const db = new Database(file);
      configure(db);
      migrate(db, 1); // the schema before the search knew both forms
      const [r] = seedReports(1);
      const record = { ...r, url: 'https://bücher.example/alt', project: 'bücher.example' };
      db.prepare(
        `INSERT INTO reports (id, url, url_lower, project, score, band, privacy, generated_ms, created_at, updated_at, password_hash, record)
         VALUES (1, ?, ?, ?, ?, ?, 0, 0, ?, ?, NULL, ?)`,
      ).run(
        record.url,
        record.url.toLowerCase(),
        record.project,
        record.score,
        record.result,
        record.created_at,
        record.updated_at,
        JSON.stringify(record),
      );
      db.close();
      const store = await Store.open(file);
      try {
        for (const search of ['xn--bcher-kva.example/alt', 'bücher.example/alt', 'xn--bcher']) {
          const listed = store.list({ search, sortBy: 'id', sort: 'asc', page: 1, perPage: 10 });
          assert.deepEqual(
            listed.items.map((x) => x.url),
            ['https://bücher.example/alt'],
            search,
          );
        }
        // and the triggers keep both forms for what comes after the upgrade
        await store.create({ ...record, url: 'https://xn--mller-kva.example/neu' });
        assert.equal(store.list({ search: 'müller.example', sortBy: 'id', sort: 'asc', page: 1, perPage: 10 }).total, 1);
      } finally {
        store.close();
      }
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  });
});
