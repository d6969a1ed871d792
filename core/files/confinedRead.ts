// Reading a file whose name a pull request may have chosen (a config, a baseline, a scan state):
// a symbolic link that leaves the folder the file belongs to is not followed, and at most a budget
// of bytes is read — a device such as /dev/zero reports size 0 and never ends, so the size a stat
// gives is only a first refusal, and the read itself stops one byte past the budget.
import * as fs from 'node:fs';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import { decodeFileText } from './fileText';

/** Opens a path without following a link in its last part (0 where the platform has no such flag). */
export const NO_FOLLOW = fs.constants.O_NOFOLLOW ?? 0;
/** Bytes read at a time from a file whose size is not known (a device, a pipe). */
const CHUNK_BYTES = 1024 * 1024;

export type ReadProblemKind = 'missing' | 'outside' | 'too-large' | 'not-a-file' | 'unreadable';

/** Why a file was not read; `message` names neither the link's target nor any byte of the file. */
export class ReadProblem extends Error {
  constructor(
    readonly kind: ReadProblemKind,
    readonly file: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ReadProblem';
  }
}

/** Whether `inner` is `root` or lies below it (compared as given: pass real paths for real answers). */
export function isWithin(root: string, inner: string): boolean {
  const rel = path.relative(root, inner);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/**
 * The folder a file must really lie in: the working directory when the name is inside it (a link
 * to elsewhere in the checkout is fine), else the folder that holds it.
 */
export function confinementOf(full: string, cwd: string | undefined): string {
  return cwd !== undefined && isWithin(path.resolve(cwd), full) ? path.resolve(cwd) : path.dirname(full);
}

/** "16 MiB" for a budget, "300 bytes" below a KiB. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / 1024 / 1024} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return l10n.t('{0} bytes', bytes);
}

export function tooLargeMessage(maxBytes: number): string {
  return l10n.t('It is larger than {0}, the limit for this file; it was not read.', sizeText(maxBytes));
}

export interface ConfinedReadOptions {
  maxBytes: number;
  /** The working directory; a name inside it may link anywhere inside it. */
  cwd?: string;
}

/** The text of `file` (UTF-8, or UTF-16 by its byte-order mark: fileText.ts), or a ReadProblem: outside its folder, over the budget, not a file, unreadable. */
export async function readConfined(file: string, options: ConfinedReadOptions): Promise<string> {
  const full = path.resolve(options.cwd ?? '', file);
  let real: string;
  let root: string;
  try {
    real = await fsp.realpath(full);
    root = await fsp.realpath(confinementOf(full, options.cwd));
  } catch (error) {
    throw failed(file, error);
  }
  if (!isWithin(root, real)) {
    throw new ReadProblem(
      'outside',
      file,
      l10n.t('It is a symbolic link to a place outside {0}; it was not read.', confinementOf(full, options.cwd)),
    );
  }
  let handle: fsp.FileHandle;
  try {
    // The real path has no link left in it; a link put there since is not followed.
    handle = await fsp.open(real, fs.constants.O_RDONLY | NO_FOLLOW);
  } catch (error) {
    throw failed(file, error);
  }
  try {
    const stat = await handle.stat();
    if (stat.isDirectory()) throw new ReadProblem('not-a-file', file, l10n.t('It is a folder, not a file.'));
    if (stat.size > options.maxBytes) throw new ReadProblem('too-large', file, tooLargeMessage(options.maxBytes));
    const { pieces, total } = await readAtMost(handle, options.maxBytes + 1, stat.isFile() ? stat.size + 1 : CHUNK_BYTES);
    // Over the budget: refused before the pieces are joined (no second copy).
    if (total > options.maxBytes) throw new ReadProblem('too-large', file, tooLargeMessage(options.maxBytes));
    return decodeFileText(Buffer.concat(pieces, total));
  } catch (error) {
    throw error instanceof ReadProblem ? error : failed(file, error);
  } finally {
    await handle.close();
  }
}

/** Up to `limit` bytes: `first` bytes (a regular file's size and one), then a chunk at a time (the file may grow or never end). */
async function readAtMost(handle: fsp.FileHandle, limit: number, first: number): Promise<{ pieces: Buffer[]; total: number }> {
  const pieces: Buffer[] = [];
  let total = 0;
  let size = Math.min(Math.max(first, 1), limit);
  while (total < limit) {
    const piece = Buffer.allocUnsafe(Math.min(size, limit - total));
    const { bytesRead } = await handle.read(piece, 0, piece.length, null);
    if (bytesRead === 0) break;
    pieces.push(piece.subarray(0, bytesRead));
    total += bytesRead;
    size = CHUNK_BYTES;
  }
  return { pieces, total };
}

function failed(file: string, error: unknown): ReadProblem {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  // ELOOP: a link put in place of the file after it was checked.
  return new ReadProblem(code === 'ENOENT' ? 'missing' : 'unreadable', file, l10n.t('The file cannot be read ({0}).', code ?? '?'), code);
}
