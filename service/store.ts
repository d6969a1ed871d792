// The reports, in SQLite (better-sqlite3, synchronous): a list query runs in SQL on indexes, and
// every write is one transaction, so a write that fails changes nothing (not even in memory: the
// database is the only copy) and one that returned is committed. Schema and durability settings:
// storeSchema.ts; the data file option and the JSON import: storeImport.ts.
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import { ratingOf } from '../core/checks/rating';
import { isReportId, NoMoreIdsError } from './reportId';
import { configure, migrate, type Db } from './storeSchema';
import { dataPaths, moveAside, readJsonData, StoreLoadError, type JsonData } from './storeImport';
import { broadSearchTotal } from './searchGroups';
import { SearchTotals } from './searchTotals';
import { ftsString, listStatement, PROBE_CAP, PROBE_SQL, trigramsOf, type ListQuery, type ListResult } from './storeQuery';
import type { StoredReport } from './types';
import { searchGroup, searchText } from './urlForms';

export { StoreLoadError, type StoreFile } from './storeImport';
export type { ListQuery, ListResult, SortKey } from './storeQuery';

type Columns = Record<string, string | number | null>;

/** The indexed columns of a record, and the record itself as JSON (round-trips exactly). */
function columnsOf(r: StoredReport): Columns {
  const band = ratingOf(r).band;
  const search = searchText(r.url);
  return {
    id: r.id,
    url: r.url,
    url_lower: r.url.toLowerCase(),
    url_search: search,
    search_group: searchGroup(search),
    project: r.project ?? '',
    score: typeof r.score === 'number' && Number.isFinite(r.score) ? r.score : null,
    band: band === 'unknown' ? null : band,
    privacy: r.privacy ?? 0,
    generated_ms: Date.parse(r.generated_at) || 0,
    created_at: r.created_at ?? '',
    updated_at: r.updated_at ?? '',
    password_hash: r.passwordHash ?? null,
    record: JSON.stringify(r),
  };
}

const COLUMNS =
  'id, url, url_lower, url_search, search_group, project, score, band, privacy, generated_ms, created_at, updated_at, password_hash, record';
const VALUES = COLUMNS.split(', ')
  .map((c) => `@${c}`)
  .join(', ');
const SETS = COLUMNS.split(', ')
  .filter((c) => c !== 'id')
  .map((c) => `${c} = @${c}`)
  .join(', ');

export class Store {
  private readonly insert;
  private readonly replace;
  private readonly remove;
  private readonly byId;
  private readonly lastId;
  private readonly setLastId;
  private closed = false;
  private readonly searchTotals;
  /** Prepared statements by SQL text: the list has a few dozen shapes, each prepared once. */
  private readonly statements = new Map<string, Database.Statement>();

  /** `dataFile`: the database file (see storeImport.ts for `.json` paths); undefined in memory. */
  private constructor(
    readonly dataFile: string | undefined,
    private readonly db: Db,
  ) {
    this.insert = db.prepare(`INSERT INTO reports (${COLUMNS}) VALUES (${VALUES})`);
    this.replace = db.prepare(`UPDATE reports SET ${SETS} WHERE id = @id`);
    this.remove = db.prepare('DELETE FROM reports WHERE id = ?');
    this.searchTotals = new SearchTotals(db);
    this.byId = db.prepare('SELECT record FROM reports WHERE id = ?').pluck();
    this.lastId = db.prepare("SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'reports'), 0)").pluck();
    this.setLastId = db.transaction((id: number) => {
      db.prepare("DELETE FROM sqlite_sequence WHERE name = 'reports'").run();
      db.prepare("INSERT INTO sqlite_sequence (name, seq) VALUES ('reports', ?)").run(id);
    });
  }

  /**
   * Opens (creating if needed) the database; imports a JSON data file once (storeImport.ts).
   * A corrupt or invalid file is a StoreLoadError naming it, and nothing is changed.
   */
  static async open(dataFile?: string): Promise<Store> {
    const paths = dataPaths(dataFile);
    const json = paths.json ? await readJsonData(paths.json) : undefined; // validated before anything is written
    const memory = paths.database === ':memory:';
    if (!memory) await fsp.mkdir(path.dirname(paths.database), { recursive: true });
    let db: Db | undefined;
    try {
      db = new Database(paths.database);
      configure(db);
      migrate(db);
    } catch (err) {
      db?.close();
      throw new StoreLoadError(paths.database, (err as Error).message);
    }
    const store = new Store(memory ? undefined : paths.database, db);
    if (json) {
      try {
        await store.importJson(json, paths.database);
      } catch (err) {
        store.close();
        throw err;
      }
    }
    return store;
  }

  private async importJson(json: JsonData, database: string): Promise<void> {
    const done = this.db.prepare('SELECT 1 FROM imports WHERE sha256 = ?').get(json.sha256);
    if (!done) {
      if (this.size > 0 || (this.lastId.get() as number) > 0) {
        throw new StoreLoadError(json.file, `the database ${database} already holds reports; move one of the two aside`);
      }
      this.db.transaction(() => {
        for (const r of json.reports) this.insert.run(columnsOf(r));
        this.setLastId(json.nextId - 1);
        this.db.prepare('INSERT INTO imports VALUES (?, ?, ?)').run(json.sha256, json.file, new Date().toISOString());
      })();
    }
    // Committed: only now is the file moved aside (a crash in between finishes it next start).
    await moveAside(json.file);
  }

  get size(): number {
    return this.prepared('SELECT coalesce(sum(n), 0) FROM band_counts').get() as number;
  }

  /** One page of the list and the total, filtered, sorted and paged in SQL (storeQuery.ts). */
  list(q: ListQuery): ListResult {
    const { count, page, pageParams, countParams, broad } = listStatement(
      q,
      q.search ? this.rareTrigram(q.search.toLowerCase()) : undefined,
    );
    const scan = (): number => this.prepared(count).get(...countParams) as number;
    const get = (sql: string, ...params: unknown[]): number => this.prepared(sql).get(...params) as number;
    const counted = broad ? (): number => broadSearchTotal(get, broad.needle, broad.band, scan) : scan;
    // A search's total is a count of its matches (the other totals are counters: storeSchema.ts).
    const total = q.search ? this.searchTotals.total(q, counted) : counted();
    const offset = (q.page - 1) * q.perPage;
    if (offset >= total) return { items: [], total };
    const rows = this.prepared(page).all(...pageParams, q.perPage, offset) as string[];
    return { items: rows.map(parse), total };
  }

  /** The needle's trigram with the fewest postings, if it has fewer than PROBE_CAP (storeQuery.ts). */
  private rareTrigram(needle: string): string | undefined {
    let best: { trigram: string; n: number } | undefined;
    for (const trigram of trigramsOf(needle)) {
      const n = this.prepared(PROBE_SQL).get(ftsString(trigram)) as number;
      if (n < PROBE_CAP && (!best || n < best.n)) best = { trigram, n };
      if (n === 0) break;
    }
    return best?.trigram;
  }

  /** Reports created in a month ('2026-01'), for the account's usage. */
  countCreatedIn(month: string): number {
    return this.prepared('SELECT count(*) FROM reports WHERE created_at >= ? AND created_at < ?').get(month, `${month}\uffff`) as number;
  }

  /** Every report, in id order (copies). Reads the whole table: not for requests that must scale. */
  all(): StoredReport[] {
    return (this.db.prepare('SELECT record FROM reports ORDER BY id').pluck().all() as string[]).map(parse);
  }

  /** A cached statement returning the first column (pluck). */
  private prepared(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) this.statements.set(sql, (statement = this.db.prepare(sql).pluck()));
    return statement;
  }

  get(id: number): StoredReport | undefined {
    const record = this.byId.get(id) as string | undefined;
    return record === undefined ? undefined : parse(record);
  }

  async create(data: Omit<StoredReport, 'id'>): Promise<StoredReport> {
    return this.db.transaction(() => {
      const id = (this.lastId.get() as number) + 1;
      if (!isReportId(id)) throw new NoMoreIdsError();
      const report = { id, ...copy(data) } as StoredReport;
      report.id = id; // a stray id in the data never wins (the key keeps its first place)
      this.insert.run(columnsOf(report));
      return report;
    })();
  }

  async update(id: number, patch: Partial<Omit<StoredReport, 'id'>>): Promise<StoredReport | undefined> {
    return this.db.transaction(() => {
      const current = this.get(id);
      if (!current) return undefined;
      const next: StoredReport = { ...current, ...copy(patch), id };
      this.replace.run(columnsOf(next));
      return parse(JSON.stringify(next));
    })();
  }

  async delete(id: number): Promise<boolean> {
    return this.remove.run(id).changes > 0;
  }

  /** Replaces everything (reset, seed, bulk load) in one transaction; ids continue after the highest. */
  async replaceAll(reports: StoredReport[]): Promise<void> {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM reports').run();
      let maxId = 0;
      for (const r of reports) {
        this.insert.run(columnsOf(r));
        maxId = Math.max(maxId, r.id);
      }
      this.setLastId(maxId);
    })();
  }

  /** Every write is committed when its promise resolves; kept for callers that wait for disk. */
  flush(): Promise<void> {
    return Promise.resolve();
  }

  /** Closes the database (checkpointing the WAL into the file). Idempotent. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.db.close();
  }
}

function parse(record: string): StoredReport {
  return JSON.parse(record) as StoredReport;
}

function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
