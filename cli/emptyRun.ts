// A run that checked nothing never passes by accident: a path given that does not exist (a typo in
// the workflow's paths) ends the run before anything is read, and a run with nothing to judge (no
// URL in the files, no page in the build folder or the preview) fails (exit 2) saying why, unless
// --allow-empty accepts it. A green gate must mean that something was checked.
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { oneLine } from '../core/text/oneLine';
import type { SkipNote } from '../core/urls/fileWalk';
import { CliFailure } from './usageError';

/** The paths given on the command line that do not exist, refused by name (exit 2), whatever --allow-empty says. */
export async function refuseMissingPaths(paths: readonly string[], cwd: string): Promise<void> {
  const missing: string[] = [];
  for (const given of paths) {
    // lstat: a link is there even when its target is not (the walk says why it is skipped).
    const there = await fsp.lstat(path.resolve(cwd, given)).then(
      () => true,
      (error: NodeJS.ErrnoException) => error.code !== 'ENOENT' && error.code !== 'ENOTDIR',
    );
    if (!there) missing.push(given);
  }
  if (!missing.length) return;
  const names = missing.map((p) => `"${oneLine(p)}"`).join(', ');
  throw new CliFailure(
    'usage',
    `${names}: no such file or folder (in ${oneLine(cwd)}), so nothing there can be checked. Check the paths given` +
      ' (in GitHub Actions, the action\'s "paths" input).',
  );
}

/** The run's notes said with the failure (no report is written to hold them), at most this many. */
export const MAX_NOTES_SAID = 10;

/**
 * Ends a run that found nothing to judge (exit 2) with `why`, the run's notes (what was skipped or
 * could not be read: often the reason) and what to do, unless --allow-empty accepts it.
 */
export function requireSomething(count: number, allowEmpty: boolean, why: string, notes: readonly SkipNote[] = []): void {
  if (count > 0 || allowEmpty) return;
  const said = notes.slice(0, MAX_NOTES_SAID).map((n) => `  ${oneLine(n.file)}: ${oneLine(n.message)}\n`);
  if (notes.length > MAX_NOTES_SAID) said.push(`  … and ${notes.length - MAX_NOTES_SAID} more\n`);
  throw new CliFailure('empty', `Nothing was checked: ${why}. Pass --allow-empty to accept a run with nothing to check.\n${said.join('')}`);
}
