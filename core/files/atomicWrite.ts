// The one way a file is replaced whole or not at all: written to a temporary file beside it (the
// same folder, so the rename stays on one file system), then renamed over it. Used by the command
// line's report, output and baseline, the history's compaction, a scan job's header and the lock's
// takeover. The files are injected where tests fail them on purpose.
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
