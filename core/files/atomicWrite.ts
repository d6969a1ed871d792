// The one way a file is replaced whole or not at all: written to a temporary file beside it (the
// same folder, so the rename stays on one file system), then renamed over it. Used by the command
// line's report, output and baseline, the history's compaction, a scan job's header, the lock's
// takeover and the command's compile cache. The files are injected where tests fail them on purpose.
import * as fs from 'node:fs';
import type { HistoryFiles } from './fileOps';
import { nodeFiles } from './nodeFiles';
import { tempNameFor } from './tempName';

export type AtomicFiles = Pick<HistoryFiles, 'writeFile' | 'rename' | 'unlink'>;

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

/** The same, synchronously: for a write at the very end of a run (compiled code kept for the next). */
export function writeAtomicallySync(file: string, data: string | Uint8Array): void {
  const temp = tempNameFor(file);
  try {
    fs.writeFileSync(temp, data, { flag: 'wx', mode: 0o600 });
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
}
