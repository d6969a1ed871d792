// An exclusive lock between processes (two VS Code windows): a lock file created with O_EXCL.
// A holder that died leaves its lock behind; a lock older than `staleMs` is taken over. Locks are
// held for one append or one compaction (milliseconds), so a live holder never looks stale.
import { randomBytes } from 'node:crypto';
import type { HistoryFiles } from './fileOps';

/** A lock file older than this belongs to a holder that died: it is taken over. */
export const LOCK_STALE_MS = 10_000;
/** Waiting for a lock gives up after this long (the lock is then neither free nor stale: a bug). */
export const LOCK_WAIT_MS = 3 * LOCK_STALE_MS;
const RETRY_MS = 3;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `work` while holding the lock file `path`. */
export async function withLock<T>(files: HistoryFiles, path: string, work: () => Promise<T>, staleMs = LOCK_STALE_MS): Promise<T> {
  const token = `${process.pid} ${randomBytes(8).toString('hex')}`;
  const start = Date.now();
  for (;;) {
    if (await files.createExclusive(path, token)) break;
    const age = await files.age(path);
    if (age !== undefined && age > staleMs) {
      await files.unlink(path);
      continue;
    }
    // l10n-exempt: an internal error for the log
    if (Date.now() - start > LOCK_WAIT_MS + staleMs) throw new Error(`history: the lock ${path} was not released`);
    await sleep(RETRY_MS + Math.random() * RETRY_MS);
  }
  try {
    return await work();
  } finally {
    // Only our own lock is removed (a holder taken over as stale must not remove its successor's).
    if ((await files.readText(path).catch(() => undefined)) === token) await files.unlink(path).catch(() => undefined);
  }
}
