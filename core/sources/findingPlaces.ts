// Where a page's failed checks are shown in files, for the command line's SARIF, Code Quality and
// text: on the source file that produces the page when the config's `sources` maps it to a file that
// exists (the line that fixes the check: checkLocations), else on the built HTML file at the element at fault (the
// local analysis's places, made lines and columns where the page was analysed: core/analysis/pageSummary.ts). A finding on a
// check (`check/<key>`, `regression/check/<key>`) goes there; the page's other findings stay
// where they are.
import * as path from 'node:path';
import { readConfined, ReadProblem } from '../files/confinedRead';
import type { Finding } from '../config/rules';
import type { Occurrence } from '../urls/urlsInFiles';
import { checkLocations } from './checkLocations';
import { inside, type PagesOfConfig } from './pageOfFile';

export { MAX_PLACES_PER_CHECK_SHOWN } from '../analysis/pageSummary';
/** Bytes of a source file read to place findings; a larger one gets them on its first line. */
export const MAX_SOURCE_BYTES = 4 * 1024 * 1024;
/** Source files kept read in one run (a site's pages share a few templates, or each has its own). */
export const MAX_SOURCES_CACHED = 256;

/** The check a finding is about, or undefined for a finding on the whole page. */
export function checkOfFinding(rule: string): string | undefined {
  if (rule.startsWith('check/')) return rule.slice('check/'.length);
  if (rule.startsWith('regression/check/')) return rule.slice('regression/check/'.length);
  return undefined;
}

/** Each finding on a check gets the places of that check, when there are any. */
export function placeFindings(findings: readonly Finding[], placesOf: (check: string) => Occurrence[] | undefined): Finding[] {
  return findings.map((f) => {
    const check = checkOfFinding(f.rule);
    const places = check === undefined ? undefined : placesOf(check);
    return places?.length ? { ...f, places } : f;
  });
}

/**
 * A file as a place in the command line's answers: relative to the working directory `cwd`, with
 * `/`; undefined when it is not inside it (`../..` is never shown as a place: with `--config` or
 * `--local` elsewhere, a finding stays on its page instead).
 */
export function placeName(cwd: string, file: string): string | undefined {
  return inside(path.resolve(cwd), path.resolve(cwd, file));
}

/** Whether a file name of an answer is a place inside the working directory (relative, no `..` first). */
export function isPlace(file: string): boolean {
  return file !== '' && !/^\.\.(?:[/\\]|$)/.test(file) && !path.isAbsolute(file) && !/^[A-Za-z]:/.test(file);
}

/**
 * The source files of pages (the config's `sources`, relative to the config's folder), read once
 * each, confined to that folder. A source that `sources` name but that does not exist is none
 * (pageOfFile.ts decides); file names in its answers are relative to `cwd`, and never outside it.
 */
export class SourcePlaces {
  private readonly texts = new Map<string, string | undefined>();
  private readonly root: string;

  constructor(
    private readonly pages: PagesOfConfig,
    private readonly cwd: string,
  ) {
    this.root = pages.root;
  }

  get active(): boolean {
    return this.pages.mapsSources;
  }

  /** The existing source file of the page at `url` (relative to cwd, with `/`), or undefined. */
  fileOf(url: string): string | undefined {
    const source = this.pages.sourceOf(url);
    return source === undefined ? undefined : placeName(this.cwd, path.join(this.root, ...source.split('/')));
  }

  /** Where each of `checks` is fixed in the page's source file; undefined without an existing source file
   * inside the working directory (the page's findings then stay where they are). */
  async placesOf(url: string, checks: readonly string[]): Promise<Map<string, Occurrence[]> | undefined> {
    const file = this.fileOf(url);
    if (file === undefined) return undefined;
    const text = await this.text(path.resolve(this.cwd, file));
    const out = new Map<string, Occurrence[]>();
    if (text === undefined) {
      for (const check of checks) out.set(check, [{ file, line: 1, column: 1 }]);
      return out;
    }
    checkLocations(text, checks).forEach((at) => out.set(at.check, [{ file, line: at.line + 1, column: at.startColumn + 1 }]));
    return out;
  }

  /** `full`: an absolute path; nothing outside the config's folder is read. */
  private async text(full: string): Promise<string | undefined> {
    if (this.texts.has(full)) return this.texts.get(full);
    let text: string | undefined;
    try {
      text = await readConfined(full, { maxBytes: MAX_SOURCE_BYTES, cwd: this.root });
    } catch (error) {
      if (!(error instanceof ReadProblem)) throw error;
      text = undefined; // too large, or gone since: the finding goes on the file's first line
    }
    if (this.texts.size >= MAX_SOURCES_CACHED) this.texts.delete(this.texts.keys().next().value as string);
    this.texts.set(full, text);
    return text;
  }
}
