// The few file operations a scan job's state file needs, injected so tests can fail or crash
// them on purpose. The real ones are core/files' (node:fs, the same as the history's) plus a size check;
// the state is read within MAX_STATE_BYTES (a device such as /dev/zero has no size to check) and
// never through a symbolic link out of its folder.
import { promises as fsp } from 'node:fs';
import type { HistoryFiles } from '../files/fileOps';
import { readConfined, ReadProblem } from '../files/confinedRead';
import { nodeFiles } from '../files/nodeFiles';
import { MAX_STATE_BYTES } from './scanLimits';

export interface JobFiles
  extends Pick<HistoryFiles, 'append' | 'writeFile' | 'rename' | 'unlink' | 'createExclusive' | 'readText' | 'mkdir' | 'age'> {
  /** Size in bytes, or undefined when the file does not exist. */
  size(path: string): Promise<number | undefined>;
}

export const nodeJobFiles: JobFiles = {
  append: nodeFiles.append,
  writeFile: nodeFiles.writeFile,
  rename: nodeFiles.rename,
  unlink: nodeFiles.unlink,
  createExclusive: nodeFiles.createExclusive,
  readText: async (path) => {
    try {
      return await readConfined(path, { maxBytes: MAX_STATE_BYTES });
    } catch (error) {
      if (error instanceof ReadProblem && error.kind === 'missing') return undefined;
      throw error;
    }
  },
  mkdir: nodeFiles.mkdir,
  age: nodeFiles.age,
  size: async (path) => {
    try {
      return (await fsp.stat(path)).size;
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
      throw error;
    }
  },
};
