// The reports, in memory, optionally persisted to a JSON file. Every write goes to a temp file in
// the same directory and is renamed over the data file (atomic); writes are serialised through a
// promise queue, and each one writes the latest state, so concurrent requests lose nothing.
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { StoredReport } from './types';

export interface StoreFile {
  version: 1;
  nextId: number;
  reports: StoredReport[];
}

export class StoreLoadError extends Error {
  constructor(file: string, detail: string) {
    super(`Cannot load the data file ${file}: ${detail}. Fix or remove the file and start again.`);
    this.name = 'StoreLoadError';
  }
}

export class Store {
  private reports = new Map<number, StoredReport>();
  private nextId = 1;
  private queue: Promise<void> = Promise.resolve();
  /** A queued write that has not started yet: later changes join it instead of queueing another. */
  private pendingWrite: Promise<void> | undefined;

  private constructor(readonly dataFile: string | undefined) {}

  /** Opens the store; a missing file is an empty store, a corrupt one an error (StoreLoadError). */
  static async open(dataFile?: string): Promise<Store> {
    const store = new Store(dataFile ? path.resolve(dataFile) : undefined);
    if (store.dataFile) await store.load(store.dataFile);
    return store;
  }

  private async load(file: string): Promise<void> {
    let text: string;
    try {
      text = await fsp.readFile(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw new StoreLoadError(file, (err as Error).message);
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (err) {
      throw new StoreLoadError(file, `not valid JSON (${(err as Error).message})`);
    }
    const d = data as Partial<StoreFile> | null;
    if (!d || typeof d !== 'object' || d.version !== 1 || !Array.isArray(d.reports) || !Number.isSafeInteger(d.nextId)) {
      throw new StoreLoadError(file, 'not a version 1 data file ({version: 1, nextId, reports: [...]})');
    }
    let maxId = 0;
    for (const r of d.reports) {
      if (!r || typeof r !== 'object' || !Number.isSafeInteger(r.id) || r.id < 1 || typeof r.url !== 'string') {
        throw new StoreLoadError(file, 'a report without a valid id and url');
      }
      this.reports.set(r.id, r);
      maxId = Math.max(maxId, r.id);
    }
    this.nextId = Math.max(d.nextId as number, maxId + 1);
  }

  get size(): number {
    return this.reports.size;
  }

  /**
   * Every report, read-only and not copied: for listing, which filters and sorts thousands of
   * records per request and copies only the page it returns.
   */
  scan(): readonly Readonly<StoredReport>[] {
    return [...this.reports.values()];
  }

  /** Every report, in id order (copies). */
  all(): StoredReport[] {
    return [...this.reports.values()].sort((a, b) => a.id - b.id).map(clone);
  }

  get(id: number): StoredReport | undefined {
    const r = this.reports.get(id);
    return r && clone(r);
  }

  async create(data: Omit<StoredReport, 'id'>): Promise<StoredReport> {
    const report: StoredReport = { id: this.nextId++, ...clone(data) };
    this.reports.set(report.id, report);
    await this.persist();
    return clone(report);
  }

  async update(id: number, patch: Partial<Omit<StoredReport, 'id'>>): Promise<StoredReport | undefined> {
    const current = this.reports.get(id);
    if (!current) return undefined;
    const next: StoredReport = { ...current, ...clone(patch), id };
    this.reports.set(id, next);
    await this.persist();
    return clone(next);
  }

  async delete(id: number): Promise<boolean> {
    if (!this.reports.delete(id)) return false;
    await this.persist();
    return true;
  }

  /** Replaces everything (reset/seed); ids continue after the highest given one. */
  async replaceAll(reports: StoredReport[]): Promise<void> {
    this.reports = new Map(reports.map((r) => [r.id, clone(r)]));
    this.nextId = reports.reduce((m, r) => Math.max(m, r.id), 0) + 1;
    await this.persist();
  }

  /** Resolves when every write queued so far is on disk. */
  flush(): Promise<void> {
    return this.queue;
  }

  private persist(): Promise<void> {
    const file = this.dataFile;
    if (!file) return Promise.resolve();
    if (this.pendingWrite) return this.pendingWrite;
    const write = this.queue.then(() => {
      this.pendingWrite = undefined; // from here on, the snapshot is taken: later changes need a new write
      return this.writeFile(file);
    });
    this.pendingWrite = write;
    // The queue itself never rejects, so one failed write does not block the next ones.
    this.queue = write.catch(() => undefined);
    return write;
  }

  private async writeFile(file: string): Promise<void> {
    const data: StoreFile = { version: 1, nextId: this.nextId, reports: this.all() };
    const dir = path.dirname(file);
    await fsp.mkdir(dir, { recursive: true });
    const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      const handle = await fsp.open(tmp, 'w', 0o600);
      try {
        await handle.writeFile(JSON.stringify(data, null, 2) + '\n', 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fsp.rename(tmp, file);
    } catch (err) {
      await fsp.rm(tmp, { force: true }).catch(() => undefined);
      throw err;
    }
  }
}

function clone<T>(value: T): T {
  return structuredClone(value);
}
