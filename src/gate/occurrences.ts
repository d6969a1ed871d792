// Where each URL is written: the editor's URL finder over every walked file, positions as
// `file:line:column` (1-based; the column counts UTF-16 units, as editors do). URLs that match
// `ignoreUrls` are dropped here, so they are never looked up.
import { findDocumentUrls } from '../model/documentUrlFinder';
import type { WalkedFile } from './fileWalk';

/** Distinct URLs one run collects; a run with more stops with an error (narrow the paths). */
export const MAX_DISTINCT_URLS = 20_000;
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

/** Offsets where each line starts. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** 1-based line and column of `offset`. */
function position(starts: number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo] + 1 };
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
    const starts = lineStarts(text);
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
      else places.occurrences.push({ file, ...position(starts, start) });
    }
  }
  return byUrl;
}
