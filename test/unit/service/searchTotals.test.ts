// A search's total is counted once and remembered until the data changes: asked again (the same
// list, the next page) it is not counted again; after any write, here or by another connection
// to the same file, it is.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import { MAX_REMEMBERED_TOTALS, SearchTotals } from '../../../service/searchTotals';
import { Store } from '../../../service/store';
import type { ListQuery } from '../../../service/storeQuery';
import type { StoredReport } from '../../../service/types';

const Q: ListQuery = { search: 'Example', band: 'good', sortBy: 'url', sort: 'asc', page: 1, perPage: 25 };

function report(i: number): Omit<StoredReport, 'id'> {
  const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
  return {
    url: `https://h${i}.example.test/p`,
    project: 'p',
    result: 'good',
    score: 90,
    privacy: 0,
    generated_at: at,
    created_at: at,
    updated_at: at,
    results: [],
  };
}

describe('service/searchTotals: a search total counted once until the data changes', () => {
  it('the same search (any case, any page) is counted once; a write, a different band or project, counts again', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (x)');
    const totals = new SearchTotals(db);
    let counts = 0;
    const count = (): number => ++counts;
    assert.equal(totals.total(Q, count), 1);
    assert.equal(totals.total({ ...Q, search: 'EXAMPLE', page: 7 }, count), 1);
    assert.equal(counts, 1);
    totals.total({ ...Q, band: 'bad' }, count);
    totals.total({ ...Q, project: 'p' }, count);
    assert.equal(counts, 3);
    db.prepare('INSERT INTO t VALUES (1)').run();
    assert.equal(totals.total(Q, count), 4, 'counted again after a write');
    db.close();
  });

  it(`remembers at most ${MAX_REMEMBERED_TOTALS} totals, the least recently asked leaving first`, () => {
    const db = new Database(':memory:');
    const totals = new SearchTotals(db);
    let counts = 0;
    const count = (): number => ++counts;
    for (let i = 0; i <= MAX_REMEMBERED_TOTALS; i++) totals.total({ ...Q, search: `n${i}` }, count);
    assert.equal(counts, MAX_REMEMBERED_TOTALS + 1);
    totals.total({ ...Q, search: `n${MAX_REMEMBERED_TOTALS}` }, count);
    assert.equal(counts, MAX_REMEMBERED_TOTALS + 1, 'the newest is remembered');
    totals.total({ ...Q, search: 'n0' }, count);
    assert.equal(counts, MAX_REMEMBERED_TOTALS + 2, 'the oldest was forgotten');
    db.close();
  });

  it('a write by another connection to the same file: the next list has the new total', async () => {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'webreports-totals-'));
    const file = path.join(dir, 'reports.db');
    const a = await Store.open(file);
    const b = await Store.open(file);
    try {
      for (let i = 0; i < 3; i++) await a.create(report(i));
      assert.equal(a.list(Q).total, 3);
      await b.create(report(3));
      assert.equal(a.list(Q).total, 4);
      await a.create(report(4));
      assert.equal(a.list(Q).total, 5);
      await b.delete(1);
      assert.equal(a.list(Q).total, 4);
    } finally {
      a.close();
      b.close();
      await fsp.rm(dir, { recursive: true, force: true });
    }
  });
});
