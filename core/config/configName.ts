// The gate config's file name, apart from its reader so the file walk can know it without loading
// the reader: a `website-reports.json` met in a folder is a config (its `sources` hold URL patterns,
// `…/blog/{slug}`), never a page's text, in the editor and the command line alike. And where the
// nearest one is.
import * as fs from 'node:fs';
import * as path from 'node:path';

export const CONFIG_FILE_NAME = 'website-reports.json';

/** Directories walked up looking for the config. */
export const MAX_CONFIG_PARENTS = 64;

/** The config file in `dir` or the nearest parent, or undefined. */
export async function findConfig(dir: string): Promise<string | undefined> {
  let current = path.resolve(dir);
  for (let n = 0; n < MAX_CONFIG_PARENTS; n++) {
    const candidate = path.join(current, CONFIG_FILE_NAME);
    // A few stats at the start of a run, before anything else runs: sync, so the command line's
    // start does not load fs/promises for them.
    const stat = tryStat(candidate);
    if (stat?.isFile()) return candidate;
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
  return undefined;
}

function tryStat(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}
