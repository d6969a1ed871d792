// The data file option and the one-time import of a JSON data file (the store before SQLite).
//
// `dataFile` names the database. A path ending in `.json` (today's option values, e.g.
// `.data/reports.json`) means the database beside it with `.db` instead (`.data/reports.db`); if
// that JSON file exists, it is validated in full, imported in one transaction, and renamed to
// `reports.json.imported-<UTC time>` so nothing is lost and it is not imported twice. Any other
// path is the database file itself; `:memory:` is an in-memory database.
import { createHash } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { nestsWithin } from '../core/client/jsonDepth';
import { isReportId } from './reportId';
import type { StoredReport } from './types';

export class StoreLoadError extends Error {
  constructor(file: string, detail: string) {
    super(`Cannot load the data file ${file}: ${detail}. Fix or remove the file and start again.`);
    this.name = 'StoreLoadError';
  }
}

export interface StoreFile {
  version: 1;
  nextId: number;
  reports: StoredReport[];
}

export interface DataPaths {
  /** the SQLite database file, or ':memory:' */
  database: string;
  /** the JSON data file to import once, when `dataFile` named one */
  json?: string;
}

export function dataPaths(dataFile: string | undefined): DataPaths {
  if (!dataFile || dataFile === ':memory:') return { database: ':memory:' };
  const file = path.resolve(dataFile);
  if (!/\.json$/i.test(file)) return { database: file };
  return { database: file.replace(/\.json$/i, '.db'), json: file };
}

export interface JsonData {
  file: string;
  sha256: string;
  nextId: number;
  reports: StoredReport[];
}

/** The largest JSON data file read (it is read whole; 100,000 reports of earlier versions take about 300 MiB less). */
export const MAX_IMPORT_BYTES = 256 * 1024 * 1024;
/** Levels of nesting a record may have (the checks need four); deeper ones could not be stored. */
export const MAX_RECORD_DEPTH = 64;

/** Reads and validates a JSON data file; undefined when there is none. */
export async function readJsonData(file: string): Promise<JsonData | undefined> {
  let text: string;
  try {
    const { size } = await fsp.stat(file);
    if (size > MAX_IMPORT_BYTES) throw new StoreLoadError(file, `it is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MiB`);
    text = await fsp.readFile(file, 'utf8');
  } catch (err) {
    if (err instanceof StoreLoadError) throw err;
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
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
  const seen = new Set<number>();
  let maxId = 0;
  d.reports.forEach((r: unknown, index) => {
    const problem = recordProblem(r);
    const where = `report ${index + 1} of ${d.reports!.length}${idOf(r)}`;
    if (problem) throw new StoreLoadError(file, `${where}: ${problem}`);
    const id = (r as StoredReport).id;
    if (seen.has(id)) throw new StoreLoadError(file, `${where}: the id ${id} is used twice`);
    seen.add(id);
    maxId = Math.max(maxId, id);
  });
  const sha256 = createHash('sha256').update(text).digest('hex');
  return { file, sha256, nextId: Math.max(d.nextId as number, maxId + 1), reports: d.reports };
}

function idOf(r: unknown): string {
  const id = r && typeof r === 'object' ? (r as { id?: unknown }).id : undefined;
  return typeof id === 'number' || typeof id === 'string' ? ` (id ${JSON.stringify(id).slice(0, 40)})` : '';
}

const PRIVACY = [0, 1, 2];

/** What makes a stored record unusable (the API would break on it), or undefined. */
export function recordProblem(r: unknown): string | undefined {
  if (!r || typeof r !== 'object' || Array.isArray(r)) return 'not an object';
  const x = r as Record<string, unknown>;
  if (!isReportId(x.id)) return 'id must be a positive safe integer';
  if (typeof x.url !== 'string' || x.url === '') return 'url must be a non-empty string';
  if (typeof x.project !== 'string') return 'project must be a string';
  if (typeof x.score !== 'number' || !Number.isFinite(x.score)) return 'score must be a number';
  if (x.result !== undefined && typeof x.result !== 'string' && typeof x.result !== 'number') {
    return 'result must be a word or a number';
  }
  if (!PRIVACY.includes(x.privacy as number)) return 'privacy must be 0, 1 or 2';
  for (const key of ['generated_at', 'created_at', 'updated_at']) {
    if (typeof x[key] !== 'string' || !Number.isFinite(Date.parse(x[key] as string))) return `${key} must be a date and time`;
  }
  if (!x.results || typeof x.results !== 'object') return 'results must be a list or an object of checks';
  if (x.passwordHash !== undefined && x.passwordHash !== null && typeof x.passwordHash !== 'string') {
    return 'passwordHash must be a string or null';
  }
  if (!nestsWithin(x, MAX_RECORD_DEPTH)) return `it is nested more than ${MAX_RECORD_DEPTH} levels deep`;
  return undefined;
}

/** Renames an imported file aside: `reports.json` → `reports.json.imported-20260122T101500Z`. */
export async function moveAside(file: string, now = new Date()): Promise<string> {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  let target = `${file}.imported-${stamp}`;
  for (let n = 2; await exists(target); n++) target = `${file}.imported-${stamp}-${n}`;
  await fsp.rename(file, target);
  return target;
}

async function exists(file: string): Promise<boolean> {
  return fsp.access(file).then(
    () => true,
    () => false,
  );
}
