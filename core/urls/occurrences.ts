// The command line's URLs of walked files: each URL with the places it is written
// (`file:line:column`, urlsInFile: the editor's finder, places and budgets). URLs that match
// `ignoreUrls` are dropped here, so they are never looked up.
import * as l10n from '@vscode/l10n';
import { oneLine } from '../text/oneLine';
import type { SkipNote, WalkedFile } from './fileWalk';
import { MAX_DISTINCT_URLS, MAX_URL_CHARS, MAX_URLS_PER_FILE, Occurrence, urlsInFile } from './urlsInFiles';

/** Places listed per URL; the rest are counted, not listed. */
export const MAX_OCCURRENCES_PER_URL = 1_000;

export interface UrlPlaces {
  url: string;
  occurrences: Occurrence[];
  /** Places beyond MAX_OCCURRENCES_PER_URL. */
  more: number;
}

export class TooManyUrls extends Error {
  constructor(readonly limit: number) {
    super(`More than ${limit} distinct URLs.`); // l10n-exempt: replaced by the caller's message
    this.name = 'TooManyUrls';
  }
}

/** The URLs of one file, with a note when some were not kept (too many in the file, too long). */
function urlsOf({ file, text }: WalkedFile, notes?: SkipNote[]) {
  const { found, dropped } = urlsInFile(file, text);
  if (dropped > 0) {
    notes?.push({
      file,
      reason: 'too-large',
      message: l10n.t(
        '{0} URLs not read: past {1} in this file, or longer than {2} characters.',
        dropped,
        MAX_URLS_PER_FILE,
        MAX_URL_CHARS,
      ),
    });
  }
  return found;
}

/**
 * Every URL of `files` with its places, first-seen order; throws TooManyUrls past the budget.
 * `notes` gets a note for each file whose URLs were not all read.
 */
export function collectUrls(
  files: Iterable<WalkedFile>,
  isIgnored: (url: string) => boolean,
  maxUrls = MAX_DISTINCT_URLS,
  notes?: SkipNote[],
): Map<string, UrlPlaces> {
  const byUrl = new Map<string, UrlPlaces>();
  const ignored = new Set<string>();
  for (const walked of files) {
    for (const { url, at } of urlsOf(walked, notes)) {
      if (ignored.has(url)) continue;
      let places = byUrl.get(url);
      if (!places) {
        if (isIgnored(url)) {
          ignored.add(url);
          continue;
        }
        if (byUrl.size >= maxUrls) throw new TooManyUrls(maxUrls);
        places = { url, occurrences: [], more: 0 };
        byUrl.set(url, places);
      }
      if (places.occurrences.length >= MAX_OCCURRENCES_PER_URL) places.more++;
      else places.occurrences.push(at);
    }
  }
  return byUrl;
}

/**
 * `file:line:column<TAB>url` for every place, in walk order, without holding the places (each on its
 * one line, a hidden character shown as a marker: `oneLine`): the `--dump` listing, which sends nothing and so needs no distinct-URL budget.
 */
export function dumpUrls(files: Iterable<WalkedFile>, isIgnored?: (url: string) => boolean, notes?: SkipNote[]): string {
  const listing: string[] = [];
  const ignored = new Map<string, boolean>();
  for (const walked of files) {
    const found = urlsOf(walked, notes);
    if (!found.length) continue;
    const name = oneLine(walked.file);
    const lines: string[] = [];
    for (const { url, at } of found) {
      let skip = isIgnored ? ignored.get(url) : false;
      if (skip === undefined && isIgnored) {
        skip = isIgnored(url);
        if (ignored.size < MAX_DISTINCT_URLS) ignored.set(url, skip);
      }
      if (skip) continue;
      lines.push(`${name}:${at.line}:${at.column}\t${oneLine(url)}\n`);
    }
    // Joined per file: a URL is a slice of its file's text, and the joined lines keep no file alive.
    listing.push(lines.join(''));
  }
  return listing.join('');
}
