// The file operations of the history store and the scan jobs, on node:fs/promises.
import { promises as fsp } from 'node:fs';
import type { FileRead, HistoryFiles } from './fileOps';
import { exclusiveTempNameFor } from './tempName';

function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

async function read(path: string, from?: { ino: number; offset: number }, maxBytes = Infinity): Promise<FileRead | undefined> {
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(path, 'r');
  } catch (error) {
    if (isCode(error, 'ENOENT')) return undefined;
    throw error;
  }
  try {
    const stat = await handle.stat();
    const size = stat.size;
    const same = from !== undefined && from.ino === stat.ino && from.offset <= size;
    const start = same ? from.offset : 0;
    // Over the budget: not read at all (a 512 MB file would otherwise be held whole first).
    if (size - start > maxBytes) return { ino: stat.ino, size, bytes: new Uint8Array(0), whole: !same, tooLarge: true };
    const bytes = new Uint8Array(size - start);
    let done = 0;
    while (done < bytes.length) {
      const { bytesRead } = await handle.read(bytes, done, bytes.length - done, start + done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    return { ino: stat.ino, size: start + done, bytes: done === bytes.length ? bytes : bytes.subarray(0, done), whole: !same };
  } finally {
    await handle.close();
  }
}

/**
 * Creates `path` holding `text` only when none exists, whole or not at all: written aside, then
 * hard-linked into place (a reader never sees it empty or half-written, as it could between an
 * O_EXCL open and its write). Where hard links are not supported, O_EXCL then write.
 */
async function createExclusive(path: string, text: string): Promise<boolean> {
  const temp = exclusiveTempNameFor(path);
  await fsp.writeFile(temp, text, { encoding: 'utf8', flag: 'wx' });
  try {
    await fsp.link(temp, path);
    return true;
  } catch (error) {
    if (isCode(error, 'EEXIST')) return false;
    if (!isCode(error, 'EPERM') && !isCode(error, 'ENOTSUP') && !isCode(error, 'EOPNOTSUPP')) throw error;
    try {
      await fsp.writeFile(path, text, { encoding: 'utf8', flag: 'wx' });
      return true;
    } catch (fallback) {
      if (isCode(fallback, 'EEXIST')) return false;
      throw fallback;
    }
  } finally {
    await fsp.unlink(temp).catch(() => undefined);
  }
}

/** One write with O_APPEND, then fdatasync, then close. */
async function appendDurably(path: string, text: string): Promise<void> {
  const handle = await fsp.open(path, 'a');
  try {
    await handle.write(text, null, 'utf8');
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

export const nodeFiles: HistoryFiles = {
  read,
  append: (path, text, durable) => (durable ? appendDurably(path, text) : fsp.appendFile(path, text, { encoding: 'utf8', flag: 'a' })),
  writeFile: (path, text) => fsp.writeFile(path, text, 'utf8'),
  rename: (from, to) => fsp.rename(from, to),
  mkdir: async (path) => {
    await fsp.mkdir(path, { recursive: true });
  },
  unlink: async (path) => {
    try {
      await fsp.unlink(path);
    } catch (error) {
      if (!isCode(error, 'ENOENT')) throw error;
    }
  },
  createExclusive,
  age: async (path) => {
    try {
      return Date.now() - (await fsp.stat(path)).mtimeMs;
    } catch (error) {
      if (isCode(error, 'ENOENT')) return undefined;
      throw error;
    }
  },
  readText: async (path) => {
    try {
      return await fsp.readFile(path, 'utf8');
    } catch (error) {
      if (isCode(error, 'ENOENT')) return undefined;
      throw error;
    }
  },
  list: async (dir) => {
    try {
      return await fsp.readdir(dir);
    } catch (error) {
      if (isCode(error, 'ENOENT')) return [];
      throw error;
    }
  },
};
