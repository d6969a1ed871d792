// One `check` run: read the config, find the URLs (and with --dump list them, sending nothing),
// then judge them (judge.ts, loaded only then: --dump and --help never load the HTTP client).
import * as path from 'node:path';
import { SkipNote, walkFiles } from '../core/urls/fileWalk';
import { collectUrls, dumpUrls, TooManyUrls, UrlPlaces } from '../core/urls/occurrences';
import { MAX_FILE_BYTES } from '../core/urls/urlsInFiles';
import { RuleSet } from '../core/config/rules';
import type { GateConfig } from '../core/config/configFile';
import type { CheckOptions } from './args';
import { oneLine } from '../core/text/oneLine';
import { CliFailure } from './usageError';
import { type CliIo, emit } from './cliIo';
import { readConfig } from './readConfig';
import { refuseMissingPaths, requireSomething } from './emptyRun';
import { outputsOf, refuseMissingFolders } from './outputFolders';

export async function runCheck(options: CheckOptions, io: CliIo): Promise<number> {
  const config = await readConfig(options.config, io.cwd);
  await refuseMissingPaths(options.paths, io.cwd);
  await refuseMissingFolders(outputsOf(options), io.cwd);
  // The pages of a build folder or a preview, rated here: loaded only then.
  if (options.local !== undefined) return (await import('./local/localCheck')).runLocalCheck(options, io, config);
  const rules = new RuleSet(config);
  const notes: SkipNote[] = [];
  io.progress.say('Finding URLs…');
  // The gate's own files are not sources: the config's globs would read as URLs.
  const own = [config.file, options.baseline, options.output, ...options.writes.map((w) => w.file)].flatMap((f) =>
    f ? [path.resolve(io.cwd, f)] : [],
  );
  const walk = filesOf(options.paths, io.cwd, config, own, notes);
  const isIgnored = (url: string) => rules.isIgnored(url);
  if (options.dump) {
    const listing = dumpUrls(walk, config.ignoreUrls.length ? isIgnored : undefined, notes);
    io.progress.done();
    for (const note of notes) sayNote(io, note);
    await emit(options, io, listing);
    return 0;
  }
  const places = urlPlacesOf(walk, rules, notes);
  const where = options.paths.length ? options.paths.map((p) => `"${oneLine(p)}"`).join(', ') : 'the working directory';
  requireSomething(places.size, options.allowEmpty, `no http(s) URL to look up was found in ${where}`, notes);
  // The report lists every skip; a link out of the checkout is said at once as well, whatever the format.
  for (const note of notes) if (note.reason === 'outside-link') sayNote(io, note);
  // The service first: its first request travels while judging's code loads.
  const run = await (await import('./serviceRun')).openServiceRun(options, io, config, [...places.keys()]);
  const { judge } = await import('./judge');
  return judge(options, io, config, rules, places, notes, run);
}

/** The files `check` reads: the paths given (default the working directory) as the config covers them. */
export function filesOf(
  paths: readonly string[],
  cwd: string,
  config: GateConfig,
  own: string[],
  notes: SkipNote[],
): ReturnType<typeof walkFiles> {
  return walkFiles(paths.length ? [...paths] : ['.'], { cwd, ...config, skip: own, maxFileBytes: MAX_FILE_BYTES }, notes);
}

/** The URLs written in the files and where, without those the config ignores; too many is a usage failure. */
export function urlPlacesOf(walk: ReturnType<typeof walkFiles>, rules: RuleSet, notes: SkipNote[]): Map<string, UrlPlaces> {
  try {
    return collectUrls(walk, (url: string) => rules.isIgnored(url), undefined, notes);
  } catch (error) {
    if (error instanceof TooManyUrls) {
      throw new CliFailure(
        'usage',
        `More than ${error.limit} distinct URLs: narrow the paths, "include"/"exclude" or "ignoreUrls" in the config.`,
      );
    }
    throw error;
  }
}

/** A skipped file on stderr, its name on one line (a newline in a name would forge a line). */
function sayNote(io: CliIo, note: SkipNote): void {
  io.stderr(`website-reports: ${oneLine(note.file)}: ${note.message}\n`);
}
