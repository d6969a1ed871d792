// The files a check reads: the paths given (files or folders, walked), filtered by the config's
// include/exclude globs (relative to the working directory, with `/`). Every file skipped for a
// reason the user may not expect gets a note: over the size cap, binary, a symlink loop, a link
// out of the folder being checked, too deep, unreadable, or past the file budget. A config
// (`website-reports.json`) met in a folder is never read as a page's text. A pull request
// can add a link to a credentials file elsewhere on the machine: nothing behind a link that leaves
// the folder being checked (the working directory when the path given is inside it, else that
// path; with `confineToGiven`, always the folder given) is read. The command line reads files synchronously: it is a one-shot process with
// nothing else to serve, and the walk is its hot path.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import { confinementOf, isWithin, NO_FOLLOW } from '../files/confinedRead';
import { coveredFiles } from '../config/coveredFiles';
import { CONFIG_FILE_NAME } from '../config/configName';
import { MAX_FILE_BYTES, textOfBytes } from './urlsInFiles';

/** Files read in one run; the walk stops with a note after this many. */
export const MAX_FILES = 200_000;
/** Folder depth below a given path; deeper folders are skipped with a note. */
export const MAX_DEPTH = 64;

export type SkipReason = 'too-large' | 'binary' | 'symlink-loop' | 'outside-link' | 'too-deep' | 'unreadable' | 'file-limit' | 'not-found';

export interface SkipNote {
  /** Relative to the working directory, with `/`. */
  file: string;
  reason: SkipReason;
  message: string;
}

export interface WalkedFile {
  /** Relative to the working directory, with `/`. */
  file: string;
  /** '' with `unread` (then `real` says where to read it) */
  text: string;
  /** with `unread`: the real path (no link left in it) to read with readTextFile */
  real?: string;
}

export interface WalkOptions {
  cwd: string;
  include: readonly string[];
  exclude: readonly string[];
  maxFileBytes?: number;
  maxFiles?: number;
  /** Absolute paths never read (the gate's own config, baseline and output). */
  skip?: readonly string[];
  /** Only files whose name (relative, with `/`) this accepts, besides `include` (a test the patterns cannot say, such as a case-insensitive extension). */
  accept?: (name: string) => boolean;
  /** Yield each file's real path, not its text (`text` is then ''): the caller reads it, with readTextFile, where it wants (a worker thread). */
  unread?: boolean;
  /** Confine each folder given to itself (its real path), not to the working directory: a build folder's links that leave it are not followed even into the checkout. */
  confineToGiven?: boolean;
}

/** Relative to `cwd` with `/`; a path outside it stays absolute (with `/`). */
export function relativeName(cwd: string, file: string): string {
  const rel = path.relative(cwd, file);
  const name = !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : path.resolve(file);
  return name.split(path.sep).join('/');
}

/** Every readable text file under `paths`, in a stable order, and a note for each skip. */
export function* walkFiles(paths: readonly string[], options: WalkOptions, notes: SkipNote[]): Generator<WalkedFile> {
  const cover = coveredFiles(options);
  const maxBytes = options.maxFileBytes ?? MAX_FILE_BYTES;
  const maxFiles = options.maxFiles ?? MAX_FILES;
  const seenDirs = new Set<string>();
  // One buffer for every read (a byte more than the cap, to see a file over it).
  const buffer = options.unread ? Buffer.alloc(0) : Buffer.allocUnsafe(maxBytes + 1);
  const skip = new Set(options.skip ?? []);
  let count = 0;
  const note = (file: string, reason: SkipReason, message: string) =>
    notes.push({ file: relativeName(options.cwd, file), reason, message });

  /** `real`: the file's real path (no link left in it); `name`: relative to the working directory, when the walk knows it. */
  function* visitFile(file: string, real: string, explicit: boolean, known?: string): Generator<WalkedFile> {
    // A config met in a folder: its `sources` are URL patterns, not pages (one named is read as asked).
    if (skip.has(file) || (!explicit && path.basename(file) === CONFIG_FILE_NAME)) return;
    const name = known ?? relativeName(options.cwd, file);
    if (!explicit && (!cover.takes(name) || options.accept?.(name) === false)) return;
    if (count >= maxFiles) {
      if (count++ === maxFiles) note(file, 'file-limit', l10n.t('Not read: more than {0} files; narrow the paths or "include".', maxFiles));
      return;
    }
    if (options.unread) {
      count++;
      yield { file: name, text: '', real };
      return;
    }
    const read = readTextFile(real, buffer, maxBytes);
    if (!('text' in read)) return note(file, read.reason, read.message);
    count++;
    yield { file: name, text: read.text };
  }

  /** `real`: the folder's real path, checked to lie inside `root`. */
  function* visitDir(dir: string, real: string, root: string, name: string, depth: number): Generator<WalkedFile> {
    if (seenDirs.has(real)) return note(dir, 'symlink-loop', l10n.t('Skipped: a symbolic link back to a folder already read.'));
    if (depth > MAX_DEPTH) return note(dir, 'too-deep', l10n.t('Skipped: more than {0} folders deep.', MAX_DEPTH));
    seenDirs.add(real);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(real, { withFileTypes: true });
    } catch {
      return note(dir, 'unreadable', l10n.t('Skipped: the folder cannot be read.'));
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      // A plain entry's real path follows from its folder's; only a link needs asking.
      let target = path.join(real, entry.name);
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        const resolved = resolveLink(full);
        if (!resolved) {
          note(full, 'unreadable', l10n.t('Skipped: a symbolic link to nothing (or to itself).'));
          continue;
        }
        if (!isWithin(root, resolved.real)) {
          note(full, 'outside-link', leavesFolder());
          continue;
        }
        ({ real: target } = resolved);
        isDir = resolved.stat.isDirectory();
        isFile = resolved.stat.isFile();
      }
      if (isDir) {
        const childName = childOf(name, entry.name);
        if (cover.prunes(childName)) continue;
        yield* visitDir(full, target, root, childName, depth + 1);
      } else if (isFile) yield* visitFile(full, target, false, childOf(name, entry.name));
    }
  }

  const cwdRoot = realOrUndefined(options.cwd);
  for (const given of paths) {
    const full = path.resolve(options.cwd, given);
    const resolved = resolveLink(full);
    if (!resolved) {
      note(full, 'not-found', l10n.t('Skipped: no such file or folder.'));
      continue;
    }
    const isDir = resolved.stat.isDirectory();
    // The folder being checked: the working directory when the path is inside it (unless each given
    // folder is its own confinement), else the path itself (a file: its folder).
    const confinement = options.confineToGiven ? full : confinementOf(full, options.cwd);
    const root = confinement === path.resolve(options.cwd) ? cwdRoot : isDir ? resolved.real : realOrUndefined(path.dirname(full));
    if (root === undefined || !isWithin(root, resolved.real)) note(full, 'outside-link', leavesFolder());
    else if (isDir) yield* visitDir(full, resolved.real, root, relativeName(options.cwd, full), 0);
    else yield* visitFile(full, resolved.real, true);
  }
}

function leavesFolder(): string {
  return l10n.t('Skipped: a symbolic link that leaves the folder being checked.');
}

/** `dir/name` relative to the working directory ('' is the working directory itself). */
function childOf(dir: string, name: string): string {
  return dir === '' ? name : `${dir}/${name}`;
}

/** Where a path really leads, and what is there; undefined when missing, unreadable or a link loop (ELOOP). */
function resolveLink(file: string): { real: string; stat: fs.Stats } | undefined {
  try {
    const real = fs.realpathSync.native(file);
    return { real, stat: fs.statSync(real) };
  } catch {
    return undefined;
  }
}

function realOrUndefined(dir: string): string | undefined {
  try {
    return fs.realpathSync.native(dir);
  } catch {
    return undefined;
  }
}

/** A file's text, or why it is not read (the walk's notes, the analysis worker's reasons). */
export type TextOrSkip = { text: string } | { reason: SkipReason; message: string };

/**
 * The text of the file at `real` (the path opened, with no link left in it: a link put there since
 * is not followed), read into `buffer` (at least maxBytes + 1 long): never more than a byte past
 * `maxBytes`, so a file over the cap is refused without being read whole.
 */
export function readTextFile(real: string, buffer: Buffer, maxBytes: number): TextOrSkip {
  let fd: number;
  try {
    fd = fs.openSync(real, fs.constants.O_RDONLY | NO_FOLLOW);
  } catch {
    return { reason: 'unreadable', message: l10n.t('Skipped: the file cannot be read.') };
  }
  try {
    // A read of a regular file returns less than asked only at its end: one read for most files.
    const want = maxBytes + 1;
    let length = 0;
    for (let n = -1; n !== 0 && length < want; length += n) {
      const asked = want - length;
      n = fs.readSync(fd, buffer, length, asked, null);
      if (n < asked) {
        length += n;
        break;
      }
    }
    if (length > maxBytes) return { reason: 'too-large', message: l10n.t('Skipped: larger than {0} bytes.', maxBytes) };
    const text = textOfBytes(buffer.subarray(0, length));
    return text === undefined ? { reason: 'binary', message: l10n.t('Skipped: a binary file.') } : { text };
  } catch {
    return { reason: 'unreadable', message: l10n.t('Skipped: the file cannot be read.') };
  } finally {
    fs.closeSync(fd);
  }
}
