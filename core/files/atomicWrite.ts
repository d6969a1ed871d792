// The one way a file is replaced whole or not at all: written to a temporary file beside it (the
// same folder, so the rename stays on one file system), then renamed over it. Used by the command
// line's report, output and baseline, the history's compaction, a scan job's header and the lock's
// takeover. The files are injected where tests fail them on purpose.
import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import type { HistoryFiles } from './fileOps';
import { nodeFiles } from './nodeFiles';

export type AtomicFiles = Pick<HistoryFiles, 'writeFile' | 'rename' | 'unlink'>;

/** A temporary name beside `file`: hidden, this process's, unique. */
export function tempNameFor(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
}

/** Whether `name` (a name in `file`'s folder) is a temporary file of `file`, e.g. one a crash left. */
export function isTempOf(name: string, file: string): boolean {
  return name.startsWith(`.${path.basename(file)}.`) && name.endsWith('.tmp');
}

export async function writeAtomically(file: string, text: string, files: AtomicFiles = nodeFiles): Promise<void> {
  const temp = tempNameFor(file);
  try {
    await files.writeFile(temp, text);
    await files.rename(temp, file);
  } catch (error) {
    await files.unlink(temp).catch(() => undefined);
    throw error;
  }
}
