// The name of a file written aside before it takes its place (atomicWrite.ts, the exclusive create
// of nodeFiles.ts): beside its file, so the rename or link stays on one file system.
import * as path from 'node:path';
import { randomHex } from '../text/digest';

/** A temporary name beside `file`: hidden, this process's, unique (and not guessable). */
export function tempNameFor(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomHex(6)}.tmp`);
}

/** Whether `name` (a name in `file`'s folder) is a temporary file of `file`, e.g. one a crash left. */
export function isTempOf(name: string, file: string): boolean {
  return name.startsWith(`.${path.basename(file)}.`) && name.endsWith('.tmp');
}
