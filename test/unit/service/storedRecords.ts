// Reads what a service's database holds, through a separate read-only connection (as a restart
// would see it), without going through the store under test.
import Database from 'better-sqlite3';
import type { StoredReport } from '../../../service/types';

export function storedRecords(databaseFile: string): StoredReport[] {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT record FROM reports ORDER BY id').pluck().all() as string[]).map((r) => JSON.parse(r) as StoredReport);
  } finally {
    db.close();
  }
}

/** The next id the database would give (the highest ever given + 1). */
export function nextIdOf(databaseFile: string): number {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    return ((db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'reports'").pluck().get() as number | undefined) ?? 0) + 1;
  } finally {
    db.close();
  }
}
