// The one way a file is replaced whole or not at all: written to a temporary file beside it (the
// same folder, so the rename stays on one file system), then renamed over it. Used by the command
// line's report, output and baseline, the history's compaction, a scan job's header, the lock's
// takeover, the command's compile cache and the editor's export (written piece by piece). The files
// are injected where tests fail them on purpose.
import * as fs from 'node:fs';
import { promises as fsp } from 'node:fs';
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

/**
 * The same for text too large to hold at once (an export, page by page): `fill` writes it in
 * pieces; the file takes its place only when `fill` has finished, and is left as it was when it throws.
 */
export async function writeAtomicallyFrom<T>(
  file: string,
  fill: (write: (chunk: string) => Promise<void>) => Promise<T>,
  /** the new file's mode (before the umask); writeAtomically's files are 0o666 */
  mode = 0o600,
): Promise<T> {
  const temp = tempNameFor(file);
  // A file handle, not a stream: each write awaits its own error (a stream's would be an event).
  const handle = await fsp.open(temp, 'wx', mode);
  try {
    let result: T;
    try {
      result = await fill(async (chunk) => {
        await handle.write(chunk, null, 'utf8');
      });
    } finally {
      await handle.close();
    }
    await fsp.rename(temp, file);
    return result;
  } catch (error) {
    await fsp.rm(temp, { force: true }).catch(() => undefined);
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
