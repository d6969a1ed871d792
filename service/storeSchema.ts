// The database under the report store: connection settings, the schema and its migrations.
import Database from 'better-sqlite3';
import { searchGroup, searchText } from './urlForms';

export type Db = Database.Database;

/** A report leaves its search group; the group goes with its last report. */
const UNGROUP_OLD = `
  UPDATE search_groups SET n = n - 1 WHERE band = coalesce(old.band, '') AND grp = old.search_group;
  DELETE FROM search_groups WHERE band = coalesce(old.band, '') AND grp = old.search_group AND n = 0;`;

/** SQL, or a step that needs JavaScript (e.g. to compute a new column from the record). */
type Migration = string | ((db: Db) => void);

/**
 * Migrations, in order: migration N (1-based) takes `PRAGMA user_version` from N-1 to N. Append,
 * never edit one that has shipped: a database remembers how far it got.
 *
 * `reports` keeps the columns the list filters and sorts on, and the whole record as JSON in
 * `record` (the store never interprets `results` or fields it does not know). `band` is derived
 * from the record by `ratingOf` (NULL when it has no rating); `generated_ms` is `generated_at` as
 * epoch milliseconds (0 when unparseable), so the sort is by time whatever the text's format.
 * Every index ends in the rowid (SQLite appends it), which is the list's tie-breaker.
 *
 * Counts: a list page needs `meta.total`, and COUNT(*) over one band is linear (about 1 ms per
 * 20,000 rows here). Triggers keep per-band and per-(project, band) counters in the same
 * transaction as the row, so a total without a search is a lookup of at most four rows.
 *
 * Search (case-insensitive substring of the URL): `url_search` holds the URL's forms (as
 * stored, punycode host and percent-encoded path, Unicode host; urlForms.ts), lowercased by JS,
 * one per line, and an FTS5 trigram table kept in step by the same triggers lists, per trigram,
 * the reports whose forms contain it. How a search uses it: see storeQuery.ts (rarest trigram
 * first; an instr() scan when the needle has no rare trigram). Migration 1 indexed `url_lower`
 * (the URL as stored, lowercased) instead; migration 2 moved the search to `url_search`.
 *
 * Search totals (migration 3): a broad needle (no rare trigram) matches a large share of the
 * reports, and counting them read every row of the band. `search_group` is the start of
 * `url_search` up to the end of the host (urlForms.ts `searchGroup`, always a substring of it),
 * and `search_groups` counts the reports per (band, group), kept by triggers like the band
 * counters (a group is removed with its last report). A needle inside a group's name is in all
 * of its reports: the total adds the group's count and reads only the rows of the other groups
 * (storeQuery.ts). A migration that rewrites `url_search` must rewrite `search_group` with it.
 */
const MIGRATIONS: readonly Migration[] = [
  `
  CREATE TABLE reports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    url TEXT NOT NULL,
    url_lower TEXT NOT NULL,
    project TEXT NOT NULL,
    score REAL,
    band TEXT CHECK (band IN ('good', 'decent', 'bad')),
    privacy INTEGER NOT NULL,
    generated_ms INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    password_hash TEXT,
    record TEXT NOT NULL
  );
  CREATE INDEX reports_band_id ON reports (band);
  CREATE INDEX reports_band_url ON reports (band, url);
  CREATE INDEX reports_band_score ON reports (band, score);
  CREATE INDEX reports_band_generated ON reports (band, generated_ms);
  CREATE INDEX reports_url ON reports (url);
  CREATE INDEX reports_score ON reports (score);
  CREATE INDEX reports_generated ON reports (generated_ms);
  CREATE INDEX reports_project_band ON reports (project, band);
  CREATE INDEX reports_created ON reports (created_at);
  -- A search without a rare trigram reads url_lower from these (covering) instead of the rows.
  CREATE INDEX reports_band_search ON reports (band, url_lower);
  CREATE INDEX reports_search ON reports (url_lower);

  CREATE VIRTUAL TABLE reports_url_search USING fts5 (u, tokenize = 'trigram case_sensitive 1', detail = none);

  CREATE TABLE band_counts (band TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;
  CREATE TABLE project_counts (project TEXT, band TEXT, n INTEGER NOT NULL, PRIMARY KEY (project, band)) WITHOUT ROWID;

  ${countersAndSearchTriggers('url_lower')}

  -- Which JSON data file was imported (its SHA-256), so an import interrupted before the rename
  -- is finished, not repeated.
  CREATE TABLE imports (sha256 TEXT PRIMARY KEY, file TEXT NOT NULL, at TEXT NOT NULL) WITHOUT ROWID;
  `,
  (db) => {
    db.exec(`
      ALTER TABLE reports ADD COLUMN url_search TEXT NOT NULL DEFAULT '';
      DROP TRIGGER reports_added;
      DROP TRIGGER reports_removed;
      DROP TRIGGER reports_changed;
      DROP INDEX reports_band_search;
      DROP INDEX reports_search;
    `);
    const rows = db.prepare('SELECT id, url FROM reports').all() as Array<{ id: number; url: string }>;
    const set = db.prepare('UPDATE reports SET url_search = ? WHERE id = ?');
    for (const row of rows) set.run(searchText(row.url), row.id);
    db.exec(`
      CREATE INDEX reports_band_search ON reports (band, url_search);
      CREATE INDEX reports_search ON reports (url_search);
      DELETE FROM reports_url_search;
      INSERT INTO reports_url_search (rowid, u) SELECT id, url_search FROM reports;

      ${countersAndSearchTriggers('url_search')}
    `);
  },
  (db) => {
    db.exec(`ALTER TABLE reports ADD COLUMN search_group TEXT NOT NULL DEFAULT ''`);
    const rows = db.prepare('SELECT id, url_search FROM reports').all() as Array<{ id: number; url_search: string }>;
    const set = db.prepare('UPDATE reports SET search_group = ? WHERE id = ?');
    for (const row of rows) set.run(searchGroup(row.url_search), row.id);
    db.exec(`
      DROP INDEX reports_band_search;
      CREATE INDEX reports_band_group_search ON reports (band, search_group, url_search);
      CREATE TABLE search_groups (band TEXT, grp TEXT, n INTEGER NOT NULL, PRIMARY KEY (band, grp)) WITHOUT ROWID;
      INSERT INTO search_groups SELECT coalesce(band, ''), search_group, count(*) FROM reports GROUP BY 1, 2;

      CREATE TRIGGER reports_grouped AFTER INSERT ON reports BEGIN
        INSERT INTO search_groups VALUES (coalesce(new.band, ''), new.search_group, 1) ON CONFLICT DO UPDATE SET n = n + 1;
      END;
      CREATE TRIGGER reports_ungrouped AFTER DELETE ON reports BEGIN
        ${UNGROUP_OLD}
      END;
      CREATE TRIGGER reports_regrouped AFTER UPDATE OF search_group, band ON reports BEGIN
        ${UNGROUP_OLD}
        INSERT INTO search_groups VALUES (coalesce(new.band, ''), new.search_group, 1) ON CONFLICT DO UPDATE SET n = n + 1;
      END;
    `);
  },
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Connection settings. WAL: readers never wait for the writer, and a commit is one append.
 * synchronous=NORMAL: in WAL mode a commit is in the operating system's hands when the statement
 * returns, so an acknowledged write survives kill -9 of the process (the test kills it during a
 * burst of creates). Only a power loss or kernel crash can lose the last commits, never corrupt
 * the file. FULL would add an fsync per commit (3.4 ms measured here) that blocks the service's
 * one event loop, and so every other request, for a guarantee a local dev service does not need.
 */
export function configure(db: Db): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // 16 MiB of page cache (default 2 MiB): the upper levels of a dozen indexes stay in memory at
  // 100,000 reports, so a create does not read them from the file each time.
  db.pragma('cache_size = -16384');
}

/** Brings the schema to `target` (tests: an earlier one), each migration in its own transaction. */
export function migrate(db: Db, target = SCHEMA_VERSION): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > SCHEMA_VERSION) {
    throw new Error(`the database has schema version ${version}, newer than this service knows (${SCHEMA_VERSION})`);
  }
  for (let v = version; v < Math.min(target, SCHEMA_VERSION); v++) {
    db.transaction(() => {
      const step = MIGRATIONS[v];
      if (typeof step === 'string') db.exec(step);
      else step(db);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}

/**
 * The triggers that keep the search index and the band and project counters in step with the
 * reports, for the column the search index is made of (each migration names the one it had).
 */
function countersAndSearchTriggers(searchColumn: 'url_lower' | 'url_search'): string {
  return `
  CREATE TRIGGER reports_added AFTER INSERT ON reports BEGIN
    INSERT INTO reports_url_search (rowid, u) VALUES (new.id, new.${searchColumn});
    INSERT INTO band_counts VALUES (coalesce(new.band, ''), 1) ON CONFLICT DO UPDATE SET n = n + 1;
    INSERT INTO project_counts VALUES (new.project, coalesce(new.band, ''), 1) ON CONFLICT DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER reports_removed AFTER DELETE ON reports BEGIN
    DELETE FROM reports_url_search WHERE rowid = old.id;
    UPDATE band_counts SET n = n - 1 WHERE band = coalesce(old.band, '');
    UPDATE project_counts SET n = n - 1 WHERE project = old.project AND band = coalesce(old.band, '');
  END;
  CREATE TRIGGER reports_changed AFTER UPDATE OF ${searchColumn}, band, project ON reports BEGIN
    DELETE FROM reports_url_search WHERE rowid = old.id;
    INSERT INTO reports_url_search (rowid, u) VALUES (new.id, new.${searchColumn});
    UPDATE band_counts SET n = n - 1 WHERE band = coalesce(old.band, '');
    UPDATE project_counts SET n = n - 1 WHERE project = old.project AND band = coalesce(old.band, '');
    INSERT INTO band_counts VALUES (coalesce(new.band, ''), 1) ON CONFLICT DO UPDATE SET n = n + 1;
    INSERT INTO project_counts VALUES (new.project, coalesce(new.band, ''), 1) ON CONFLICT DO UPDATE SET n = n + 1;
  END;`;
}
