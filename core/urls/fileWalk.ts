// The files a check reads: the paths given (files or folders, walked), filtered by the config's
// include/exclude globs (relative to the working directory, with `/`). Every file skipped for a
// reason the user may not expect gets a note: over the size cap, binary, a symlink loop, too
// deep, unreadable, or past the file budget. The command line reads files synchronously: it is a
// one-shot process with nothing else to serve, and the walk is its hot path.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import { anyOf } from './urlPattern';

/** Bytes of one file read; a larger file is skipped with a note. */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;
/** Files read in one run; the walk stops with a note after this many. */
export const MAX_FILES = 200_000;
/** Folder depth below a given path; deeper folders are skipped with a note. */
export const MAX_DEPTH = 64;
/** Bytes at the start of a file looked at for a NUL byte (a binary file). */
export const BINARY_SNIFF_BYTES = 8 * 1024;

export type SkipReason = 'too-large' | 'binary' | 'symlink-loop' | 'too-deep' | 'unreadable' | 'file-limit' | 'not-found';

export interface SkipNote {
  /** Relative to the working directory, with `/`. */
  file: string;
  reason: SkipReason;
  message: string;
}

export interface WalkedFile {
  /** Relative to the working directory, with `/`. */
  file: string;
  text: string;
}

export interface WalkOptions {
  cwd: string;
  include: readonly string[];
  exclude: readonly string[];
  maxFileBytes?: number;
  maxFiles?: number;
  /** Absolute paths never read (the gate's own config, baseline and output). */
  skip?: readonly string[];
}

/** Relative to `cwd` with `/`; a path outside it stays absolute (with `/`). */
export function relativeName(cwd: string, file: string): string {
  const rel = path.relative(cwd, file);
  const name = !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : path.resolve(file);
  return name.split(path.sep).join('/');
}

/** Every readable text file under `paths`, in a stable order, and a note for each skip. */
export function* walkFiles(paths: readonly string[], options: WalkOptions, notes: SkipNote[]): Generator<WalkedFile> {
  const included = anyOf(options.include);
  const excluded = anyOf(options.exclude);
  const maxBytes = options.maxFileBytes ?? MAX_FILE_BYTES;
  const maxFiles = options.maxFiles ?? MAX_FILES;
  const seenDirs = new Set<string>();
  // One buffer for every read (a byte more than the cap, to see a file over it).
  const buffer = Buffer.allocUnsafe(maxBytes + 1);
  const skip = new Set(options.skip ?? []);
  let count = 0;
  const note = (file: string, reason: SkipReason, message: string) =>
    notes.push({ file: relativeName(options.cwd, file), reason, message });

  /** `name`: the file relative to the working directory, when the walk knows it. */
  function* visitFile(file: string, explicit: boolean, known?: string): Generator<WalkedFile> {
    if (skip.has(file)) return;
    const name = known ?? relativeName(options.cwd, file);
    if (!explicit && (!included(name) || excluded(name))) return;
    if (count >= maxFiles) {
      if (count++ === maxFiles) note(file, 'file-limit', l10n.t('Not read: more than {0} files; narrow the paths or "include".', maxFiles));
      return;
    }
    const text = readText(file, buffer, maxBytes, note);
    if (text === undefined) return;
    count++;
    yield { file: name, text };
  }

  /** `real`: the folder's real path when known without asking (a plain folder inside a known one). */
  function* visitDir(dir: string, name: string, depth: number, known?: string): Generator<WalkedFile> {
    let real: string;
    try {
      real = known ?? fs.realpathSync.native(dir);
    } catch {
      return note(dir, 'unreadable', l10n.t('Skipped: the folder cannot be read.'));
    }
    if (seenDirs.has(real)) return note(dir, 'symlink-loop', l10n.t('Skipped: a symbolic link back to a folder already read.'));
    if (depth > MAX_DEPTH) return note(dir, 'too-deep', l10n.t('Skipped: more than {0} folders deep.', MAX_DEPTH));
    seenDirs.add(real);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return note(dir, 'unreadable', l10n.t('Skipped: the folder cannot be read.'));
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      const linked = entry.isSymbolicLink();
      if (linked) {
        const target = statOrUndefined(full);
        if (!target) {
          note(full, 'unreadable', l10n.t('Skipped: a symbolic link to nothing (or to itself).'));
          continue;
        }
        isDir = target.isDirectory();
        isFile = target.isFile();
      }
      if (isDir) {
        const childName = childOf(name, entry.name);
        if (excluded(childName) || excluded(`${childName}/`)) continue;
        // Only a symbolic link can lead back up: a plain folder's real path follows from its parent's.
        yield* visitDir(full, childName, depth + 1, linked ? undefined : path.join(real, entry.name));
      } else if (isFile) yield* visitFile(full, false, childOf(name, entry.name));
    }
  }

  for (const given of paths) {
    const full = path.resolve(options.cwd, given);
    const stat = statOrUndefined(full);
    if (!stat) note(full, 'not-found', l10n.t('Skipped: no such file or folder.'));
    else if (stat.isDirectory()) yield* visitDir(full, relativeName(options.cwd, full), 0);
    else yield* visitFile(full, true);
  }
}

/** `dir/name` relative to the working directory ('' is the working directory itself). */
function childOf(dir: string, name: string): string {
  return dir === '' ? name : `${dir}/${name}`;
}

function statOrUndefined(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file);
  } catch {
    return undefined; // missing, no permission, or a symlink loop (ELOOP)
  }
}

function readText(
  file: string,
  buffer: Buffer,
  maxBytes: number,
  note: (file: string, reason: SkipReason, message: string) => void,
): string | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    note(file, 'unreadable', l10n.t('Skipped: the file cannot be read.'));
    return undefined;
  }
  try {
    // A read of a regular file returns less than asked only at its end: one read for most files.
    let length = 0;
    for (let n = -1; n !== 0 && length < buffer.length; length += n) {
      const asked = buffer.length - length;
      n = fs.readSync(fd, buffer, length, asked, null);
      if (n < asked) {
        length += n;
        break;
      }
    }
    if (length > maxBytes) {
      note(file, 'too-large', l10n.t('Skipped: larger than {0} bytes.', maxBytes));
      return undefined;
    }
    if (buffer.subarray(0, Math.min(length, BINARY_SNIFF_BYTES)).includes(0)) {
      note(file, 'binary', l10n.t('Skipped: a binary file.'));
      return undefined;
    }
    return buffer.toString('utf8', 0, length);
  } catch {
    note(file, 'unreadable', l10n.t('Skipped: the file cannot be read.'));
    return undefined;
  } finally {
    fs.closeSync(fd);
  }
}
