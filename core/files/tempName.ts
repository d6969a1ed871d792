// The names of files written aside before they take their place, beside their file so the rename
// or link stays on one file system: an atomic write's (atomicWrite.ts), which a crash may leave and
// the history's compaction removes (isTempOf), and an exclusive create's (nodeFiles.ts), which
// never looks like one of those: a lock is created beside the history file while another process
// compacts it, and its half-made lock must not be taken for a crash's leftover.
import * as path from 'node:path';
import { randomHex } from '../text/digest';

/** A temporary name beside `file`: hidden, this process's, unique (and not guessable). */
export function tempNameFor(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomHex(6)}.tmp`);
}

/** The name an exclusive create of `file` writes first (then links into place): never an isTempOf of a sibling. */
export function exclusiveTempNameFor(file: string): string {
  return `${file}.${process.pid}.${randomHex(6)}.tmp`;
}

/** Whether `name` (a name in `file`'s folder) is a temporary file of `file`, e.g. one a crash left. */
export function isTempOf(name: string, file: string): boolean {
  const prefix = `.${path.basename(file)}.`;
  // Exactly tempNameFor's shape: `.runs.jsonl.lock.…` (a sibling's) is not one of `runs.jsonl`'s.
  return name.startsWith(prefix) && /^\d+\.[0-9a-f]{12}\.tmp$/.test(name.slice(prefix.length));
}
