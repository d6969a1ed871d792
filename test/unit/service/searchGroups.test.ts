// A broad search's total by search group (service/searchGroups.ts): the groups' counters stay
// equal to the reports under every kind of write, a needle in every host is counted from the
// groups without reading a report, and the totals equal a plain reading of the records.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import { ratingOf, type Band } from '../../../core/checks/rating';
import { broadSearchTotal } from '../../../service/searchGroups';
import { Store } from '../../../service/store';
import { configure, migrate } from '../../../service/storeSchema';
import type { StoredReport } from '../../../service/types';
import { searchGroup, searchText } from '../../../service/urlForms';

const AT = new Date(Date.UTC(2026, 0, 1)).toISOString();

function report(i: number, host = `h${i % 7}.example.test`): Omit<StoredReport, 'id'> {
  // the fragment's hosts hold 'example.test/' only after their group: those reports are read
  const paths = ['/blog/a', '/shop?x=1', '#example.test/', '/docs/example.test/x'];
  return {
    url: `https://${host}${paths[i % paths.length]}`,
    project: host,
    // every fourth has no rating at all (band NULL), the rest spread over the three bands
    ...(i % 4 === 3 ? {} : { score: [95, 60, 20][i % 3] }),
    privacy: 0,
    generated_at: AT,
    created_at: AT,
    updated_at: AT,
    results: [],
  } as unknown as Omit<StoredReport, 'id'>;
}

const NEEDLES = ['example', 'example.test/', '.test/', 'h3.example', '/blog/', 'example.test/x', 'xyz', 'h', '.test#', 'ttps://h'];

function expected(all: StoredReport[], needle: string, band?: Band): number {
  return all.filter((r) => searchText(r.url).includes(needle) && (band === undefined || ratingOf(r).band === band)).length;
}

async function withStore(run: (store: Store, read: Database.Database) => Promise<void>): Promise<void> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'groups-'));
  const store = await Store.open(path.join(dir, 'reports.db'));
  const read = new Database(path.join(dir, 'reports.db'), { readonly: true });
  try {
    await run(store, read);
  } finally {
    read.close();
    store.close();
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

function assertGroupsInStep(read: Database.Database): void {
  const kept = read.prepare('SELECT band, grp, n FROM search_groups ORDER BY 1, 2').all();
  const counted = read
    .prepare("SELECT coalesce(band, '') AS band, search_group AS grp, count(*) AS n FROM reports GROUP BY 1, 2 ORDER BY 1, 2")
    .all();
  assert.deepEqual(kept, counted);
}

function assertTotals(store: Store): void {
  const all = store.all();
  for (const needle of NEEDLES) {
    for (const band of [undefined, 'good', 'decent', 'bad'] as const) {
      const got = store.list({ search: needle, band, sortBy: 'url', sort: 'asc', page: 1, perPage: 5 }).total;
      assert.equal(got, expected(all, needle, band), JSON.stringify({ needle, band }));
    }
  }
}

describe('service/searchGroups: broad search totals by group', () => {
  it('a group is a prefix of the search text, up to the end of the host', () => {
    for (const url of [
      'https://A.example/x',
      'http://h.test?q=1',
      'https://u:p@h.test:8080#f',
      'https://bücher.example/s',
      'no-scheme',
      'https://h.test',
    ]) {
      const text = searchText(url);
      assert.ok(text.startsWith(searchGroup(text)), url);
    }
    assert.equal(searchGroup(searchText('https://Shop.Example.test/a/b')), 'https://shop.example.test/');
    assert.equal(searchGroup(searchText('https://h.test?q=1')), 'https://h.test?');
    assert.equal(searchGroup('not a url'), '');
  });

  it('the groups stay equal to the reports after creates, updates across hosts and bands, deletes and a reset', async () => {
    await withStore(async (store, read) => {
      await store.replaceAll(Array.from({ length: 300 }, (_, i) => ({ ...report(i), id: i + 1 }) as StoredReport));
      assertGroupsInStep(read);
      assertTotals(store);
      for (let i = 0; i < 20; i++) await store.create(report(1000 + i, `new${i % 3}.example.test`));
      for (let id = 2; id <= 300; id += 9) {
        await store.update(id, { url: `https://moved.example.test/${id}`, project: 'moved', score: (id * 7) % 100 });
      }
      for (let id = 3; id <= 300; id += 11) await store.update(id, { score: 5 });
      // every report of one host deleted: its groups go too
      for (const r of store.all().filter((x) => x.url.startsWith('https://h6.'))) await store.delete(r.id);
      assertGroupsInStep(read);
      assert.equal(read.prepare("SELECT count(*) FROM search_groups WHERE grp LIKE 'https://h6.%' OR n <= 0").pluck().get(), 0);
      assertTotals(store);
      await store.replaceAll([]);
      assert.equal(read.prepare('SELECT count(*) FROM search_groups').pluck().get(), 0);
    });
  });

  it("a needle in the hosts of most reports: their groups are counted, only the other groups' reports are read", async () => {
    await withStore(async (store, read) => {
      await store.replaceAll(Array.from({ length: 200 }, (_, i) => ({ ...report(i), id: i + 1 }) as StoredReport));
      const get = (sql: string, ...params: unknown[]): number =>
        read
          .prepare(sql)
          .pluck()
          .get(...params) as number;
      const noScan = (): number => assert.fail('the plain count was run');
      const all = store.all();
      for (const band of [undefined, 'good', 'decent', 'bad'] as const) {
        for (const needle of ['example', '.example.test', 'h', '.test/', 'example.test/']) {
          assert.equal(broadSearchTotal(get, needle, band, noScan), expected(all, needle, band), `${needle} ${band}`);
        }
        // a needle in no host: one plain count, the same total
        let scans = 0;
        assert.equal(
          broadSearchTotal(get, '/blog/', band, () => (scans++, expected(all, '/blog/', band))),
          expected(all, '/blog/', band),
        );
        assert.equal(scans, 1);
      }
    });
  });

  it('a database of the previous schema gets its groups on upgrade', async () => {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'groups-'));
    try {
      const file = path.join(dir, 'reports.db');
      const db = new Database(file);
      configure(db);
      migrate(db, 2);
      const add = db.prepare(
        `INSERT INTO reports (url, url_lower, url_search, project, score, band, privacy, generated_ms, created_at, updated_at, record)
         VALUES (?, ?, ?, 'p', 90, 'good', 0, 0, '', '', ?)`,
      );
      for (const url of ['https://a.example.test/1', 'https://a.example.test/2', 'https://b.example.test/1']) {
        add.run(url, url.toLowerCase(), searchText(url), JSON.stringify({ id: 0, url }));
      }
      db.close();
      const store = await Store.open(file);
      const read = new Database(file, { readonly: true });
      try {
        assertGroupsInStep(read);
        assert.equal(read.prepare('SELECT count(*) FROM search_groups').pluck().get(), 2);
        assert.equal(store.list({ search: 'example', band: 'good', sortBy: 'id', sort: 'asc', page: 1, perPage: 5 }).total, 3);
      } finally {
        read.close();
        store.close();
      }
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  });
});
