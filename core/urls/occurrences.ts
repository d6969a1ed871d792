// Where each URL is written: the editor's URL finder over every walked file, positions as
// `file:line:column` (1-based; the column counts UTF-16 units, as editors do). URLs that match
// `ignoreUrls` are dropped here, so they are never looked up.
import { findDocumentUrls } from './documentUrlFinder';
import type { WalkedFile } from './fileWalk';

/** Distinct URLs one run collects; a run with more stops with an error (narrow the paths). */
export const MAX_DISTINCT_URLS = 100_000;
/** Places kept per URL; the rest are counted, not listed. */
export const MAX_OCCURRENCES_PER_URL = 1_000;

export interface Occurrence {
  file: string;
  line: number;
  column: number;
}

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

/** 1-based lines and columns of increasing offsets in one text, counted forward (no index built). */
class Positions {
  private line = 1;
  private lineStart = 0;
  private at = 0;

  constructor(private readonly text: string) {}

  of(offset: number): { line: number; column: number } {
    for (let i = this.text.indexOf('\n', this.at); i !== -1 && i < offset; i = this.text.indexOf('\n', i + 1)) {
      this.line++;
      this.lineStart = i + 1;
    }
    this.at = offset;
    return { line: this.line, column: offset - this.lineStart + 1 };
  }
}

/** Every URL of `files` with its places, first-seen order; throws TooManyUrls past the budget. */
export function collectUrls(
  files: Iterable<WalkedFile>,
  isIgnored: (url: string) => boolean,
  maxUrls = MAX_DISTINCT_URLS,
): Map<string, UrlPlaces> {
  const byUrl = new Map<string, UrlPlaces>();
  const ignored = new Set<string>();
  for (const { file, text } of files) {
    const found = findDocumentUrls(text);
    if (!found.length) continue;
    const positions = new Positions(text);
    for (const { url, start } of found) {
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
      else places.occurrences.push({ file, ...positions.of(start) });
    }
  }
  return byUrl;
}

/** One line of a listing: control characters (a file name may hold a line break or an escape) become spaces. */
function flat(text: string): string {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f-\u009f]/.test(text) ? text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ') : text;
}

/**
 * `file:line:column<TAB>url` for every place, in walk order, without holding the places: the
 * `--dump` listing, which sends nothing and so needs no distinct-URL budget.
 */
export function dumpUrls(files: Iterable<WalkedFile>, isIgnored?: (url: string) => boolean): string {
  const lines: string[] = [];
  const ignored = new Map<string, boolean>();
  for (const { file, text } of files) {
    const found = findDocumentUrls(text);
    if (!found.length) continue;
    const positions = new Positions(text);
    const name = flat(file);
    for (const { url, start } of found) {
      let skip = isIgnored ? ignored.get(url) : false;
      if (skip === undefined && isIgnored) {
        skip = isIgnored(url);
        if (ignored.size < MAX_DISTINCT_URLS) ignored.set(url, skip);
      }
      if (skip) continue;
      const { line, column } = positions.of(start);
      lines.push(`${name}:${line}:${column}\t${flat(url)}\n`);
    }
  }
  return lines.join('');
}
