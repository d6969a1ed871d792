// The pages of a build folder: every .html/.htm file in it, in any case (the one file walk, with its budgets and
// its refusal of links that leave the build folder, even into the checkout), or only those its own sitemap.xml lists when it has
// one. A page file too large, binary or unreadable is a page all the same, with its reason: it is never passed over.
// The walk reads no page: each is read where it is analysed (the analysis worker, by its real path).
import * as path from 'node:path';
import { DEFAULT_EXCLUDE } from '../../core/config/configFile';
import { readConfined, ReadProblem } from '../../core/files/confinedRead';
import { isHtmlPath } from '../../core/files/htmlFiles';
import { failure } from '../../core/sites/failures';
import { type Discovery, readWhole, type SitemapSource, SITEMAP_LIMITS, walkSitemaps } from '../../core/sites/sitemapWalk';
import { relativeName, walkFiles, type SkipNote } from '../../core/urls/fileWalk';
import { MAX_FILE_BYTES } from '../../core/urls/urlsInFiles';
import type { PagesOfConfig } from '../../core/sources/pageOfFile';
import { decodedSegments, pageKey, pathOfBuiltFile } from './pageUrls';

/**
 * A page file the walk could not read as text is a page all the same, with its reason ('': the
 * walk's note); a link out of the folder, a loop or a budget stays a note.
 */
const PAGE_REASONS: Partial<Record<SkipNote['reason'], string>> = {
  'too-large': '',
  binary:
    'It is not text: a NUL byte in its first 8 KiB (a binary file, or an encoding other than UTF-8 and UTF-16 with a byte-order mark).',
  unreadable: '',
};

/** Why a page file was not read, as its page's reason; undefined for a walk's note that is no page's (a loop, a budget). */
export function pageReason(reason: SkipNote['reason'], message: string): string | undefined {
  const said = PAGE_REASONS[reason];
  return said === undefined ? undefined : said || message;
}

/** Pages of the sitemap said missing from the folder one by one; the rest are counted. */
export const MAX_MISSING_SAID = 100;

export interface FolderPage {
  /** The page's name (pageUrls.ts). */
  url: string;
  /** The URL it is analysed with, when the config knows the page (core/sources/pageOfFile.ts). */
  analyseUrl?: string;
  /** The built file, relative to the working directory, with `/`. */
  file: string;
  /** Its real path (no link left in it), to read; undefined when the walk could not take it, with `reason`. */
  real?: string;
  reason?: string;
}

/**
 * The paths (as pageKey compares them) the folder's sitemap.xml lists, or undefined without one:
 * through the one walk of sitemap files (its depth, loops and budgets), reading the folder's files.
 * An index's sitemaps are files of the same folder, found by their URL's path.
 */
export async function sitemapKeys(dir: string, notes: SkipNote[], cwd: string): Promise<Set<string> | undefined> {
  const first = relativeName(cwd, path.join(dir, 'sitemap.xml'));
  const fileOf = (url: string) => (url === first ? path.join(dir, 'sitemap.xml') : path.join(dir, ...segmentsOf(pathnameOf(url))));
  let missing = false;
  const source: SitemapSource = {
    key: (url) => path.resolve(cwd, fileOf(url)),
    read: async (url, maxBytes, sink) => {
      try {
        return readWhole(url, await readConfined(fileOf(url), { maxBytes, cwd: dir }), maxBytes, sink);
      } catch (error) {
        if (!(error instanceof ReadProblem)) throw error;
        if (url === first && error.kind === 'missing') missing = true;
        return { ok: false, failure: failure('unreadable', url, error.message) };
      }
    },
  };
  const found: Discovery = { input: first, urls: [], files: [], failures: [], source: 'sitemap' };
  await walkSitemaps([first], found, SITEMAP_LIMITS, source);
  if (missing) return undefined;
  for (const f of found.failures) notes.push({ file: relativeName(cwd, fileOf(f.file)), reason: 'unreadable', message: f.message });
  return new Set(found.urls.map((url) => pageKey(pathnameOf(url))));
}

function pathnameOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/**
 * The pages of `dir` (relative to `cwd`), read one at a time as they are asked for; `wanted`
 * (the shard) picks by name. Files the walk skips go to `notes`, but a page too large to read is
 * yielded with its reason.
 */
export function* folderPages(
  dir: string,
  cwd: string,
  pages: PagesOfConfig,
  listed: Set<string> | undefined,
  wanted: (url: string) => boolean,
  notes: SkipNote[],
): Generator<FolderPage> {
  const root = path.resolve(cwd, dir);
  const seen = new Set<string>();
  const walkNotes: SkipNote[] = [];
  const nameOf = (file: string): { url: string; analyseUrl?: string } => {
    const page = pages.pageOfHtml(path.resolve(cwd, file), root);
    if (page === undefined) return { url: pathOfBuiltFile(path.relative(root, path.resolve(cwd, file)).split(path.sep).join('/')) };
    return page.url === undefined ? { url: page.name } : { url: page.name, analyseUrl: page.url };
  };
  const keyOf = (url: string) => pageKey(url.startsWith('/') ? url : new URL(url).pathname);
  const take = (url: string) => {
    if (listed && !listed.has(keyOf(url))) return false;
    seen.add(keyOf(url));
    return wanted(url);
  };
  const walk = walkFiles(
    [dir],
    // A build folder is its own confinement: a link to elsewhere in the checkout (drafts, private notes) is not a page.
    {
      cwd,
      include: ['**'],
      accept: isHtmlPath,
      exclude: DEFAULT_EXCLUDE,
      maxFileBytes: MAX_FILE_BYTES,
      confineToGiven: true,
      unread: true,
    },
    walkNotes,
  );
  for (const { file, real } of walk) {
    const page = nameOf(file);
    if (take(page.url)) yield { ...page, file, real };
  }
  for (const note of walkNotes) {
    const reason = isHtmlPath(note.file) ? pageReason(note.reason, note.message) : undefined;
    if (reason === undefined) {
      notes.push(note);
      continue;
    }
    const page = nameOf(note.file);
    if (take(page.url)) yield { ...page, file: note.file, reason };
  }
  if (listed) {
    const missing = [...listed].filter((k) => !seen.has(k));
    for (const key of missing.slice(0, MAX_MISSING_SAID)) {
      notes.push({ file: key, reason: 'not-found', message: 'Listed in the sitemap, but no page of the folder is there.' });
    }
    if (missing.length > MAX_MISSING_SAID) {
      notes.push({
        file: dir,
        reason: 'not-found',
        message: `${missing.length - MAX_MISSING_SAID} more pages of the sitemap are not in the folder.`,
      });
    }
  }
}

/** A URL path's segments as file names; `.`, `..` and empty ones dropped (readConfined keeps it in the folder). */
function segmentsOf(pathname: string): string[] {
  return decodedSegments(pathname).filter((s) => s !== '' && s !== '.' && s !== '..' && !s.includes('/') && !s.includes('\\'));
}
