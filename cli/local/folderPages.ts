// The pages of a build folder: every .html/.htm file in it (any case: isHtmlPath) (the one file walk, with its budgets and
// its refusal of links that leave the folder), or only those its own sitemap.xml lists when it has
// one. A file too large to read is a page all the same, with its reason: it is never passed over.
import * as path from 'node:path';
import { DEFAULT_EXCLUDE } from '../../core/config/configFile';
import { readConfined, ReadProblem } from '../../core/files/confinedRead';
import { isHtmlPath } from '../../core/files/htmlFiles';
import { MAX_SITEMAP_BYTES, MAX_SITEMAP_FILES } from '../../core/sites/scanLimits';
import { urlsOfSitemapText } from '../../core/sites/sitemapParser';
import { MAX_FILE_BYTES, relativeName, walkFiles, type SkipNote } from '../../core/urls/fileWalk';
import { decodedSegments, pageKey, pageName, pathOfBuiltFile } from './pageUrls';

/** Pages of the sitemap said missing from the folder one by one; the rest are counted. */
export const MAX_MISSING_SAID = 100;

export interface FolderPage {
  /** The page's name (pageUrls.ts). */
  url: string;
  /** The built file, relative to the working directory, with `/`. */
  file: string;
  /** undefined when it could not be read, with `reason`. */
  html?: string;
  reason?: string;
}

/** The paths (as pageKey compares them) the folder's sitemap.xml lists, or undefined without one. */
export async function sitemapKeys(dir: string, notes: SkipNote[], cwd: string): Promise<Set<string> | undefined> {
  const keys = new Set<string>();
  const queue = [path.join(dir, 'sitemap.xml')];
  let read = 0;
  for (let file; (file = queue.shift()) !== undefined && read < MAX_SITEMAP_FILES; read++) {
    let text: string;
    try {
      text = await readConfined(file, { maxBytes: MAX_SITEMAP_BYTES, cwd: dir });
    } catch (error) {
      if (!(error instanceof ReadProblem)) throw error;
      if (read === 0 && error.kind === 'missing') return undefined;
      notes.push({ file: relativeName(cwd, file), reason: 'unreadable', message: error.message });
      continue;
    }
    const parsed = urlsOfSitemapText(text, relativeName(cwd, file));
    if (parsed.failure) notes.push({ file: relativeName(cwd, file), reason: 'unreadable', message: parsed.failure.message });
    for (const loc of parsed.locs) {
      const pathname = new URL(loc).pathname;
      // An index's sitemaps are files of the same folder, found by their path.
      if (parsed.kind === 'sitemapindex') queue.push(path.join(dir, ...segmentsOf(pathname)));
      else keys.add(pageKey(pathname));
    }
  }
  return keys;
}

/**
 * The pages of `dir` (relative to `cwd`), read one at a time as they are asked for; `wanted`
 * (the shard) picks by name. Files the walk skips go to `notes`, but a page too large to read is
 * yielded with its reason.
 */
export function* folderPages(
  dir: string,
  cwd: string,
  origin: string | undefined,
  listed: Set<string> | undefined,
  wanted: (url: string) => boolean,
  notes: SkipNote[],
): Generator<FolderPage> {
  const root = path.resolve(cwd, dir);
  const seen = new Set<string>();
  const walkNotes: SkipNote[] = [];
  const nameOf = (file: string) => {
    const inDir = path.relative(root, path.resolve(cwd, file)).split(path.sep).join('/');
    return pageName(origin, pathOfBuiltFile(inDir));
  };
  const keyOf = (url: string) => pageKey(url.startsWith('/') ? url : new URL(url).pathname);
  const take = (url: string) => {
    if (listed && !listed.has(keyOf(url))) return false;
    seen.add(keyOf(url));
    return wanted(url);
  };
  const walk = walkFiles(
    [dir],
    { cwd, include: ['**'], accept: isHtmlPath, exclude: DEFAULT_EXCLUDE, maxFileBytes: MAX_FILE_BYTES },
    walkNotes,
  );
  for (const { file, text } of walk) {
    const url = nameOf(file);
    if (take(url)) yield { url, file, html: text };
  }
  for (const note of walkNotes) {
    if (note.reason !== 'too-large' || !isHtmlPath(note.file)) {
      notes.push(note);
      continue;
    }
    const url = nameOf(note.file);
    if (take(url)) yield { url, file: note.file, reason: note.message };
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
