// The one walk through sitemap files, wherever they are read from: a site on the web (discover.ts),
// a build folder (`check --local`), or a sitemap file open in the editor with its children on the
// web. Indexes are followed `maxDepth` levels deep, a file already read is never read again (a loop
// is said, not followed), at most `maxFiles` files and `maxUrls` page URLs are kept, and a failed
// file costs only its own URLs: the others are kept and the failure is listed with its reason.
import * as l10n from '@vscode/l10n';
import { urlKey } from '../urls/urlKey';
import { failure, SiteFailure } from './failures';
import type { FetchResult, TextSink } from './fetchFile';
import {
  FETCH_TIMEOUT_MS,
  MAX_DISCOVERED_URLS,
  MAX_INDEX_DEPTH,
  MAX_SITEMAP_BYTES,
  MAX_SITEMAP_FILES,
  MAX_URLS_PER_SITEMAP,
} from './scanLimits';
import { SitemapKind, SitemapParser } from './sitemapParser';

export interface DiscoverLimits {
  maxSitemapBytes: number;
  maxUrlsPerSitemap: number;
  maxDepth: number;
  maxFiles: number;
  maxUrls: number;
  timeoutMs: number;
}

export interface SitemapFile {
  url: string;
  kind: SitemapKind;
  /** Levels below the first file. */
  depth: number;
  /** `<loc>` values it gave (URLs for a urlset, child sitemaps for an index). */
  entries: number;
}

export interface Discovery {
  input: string;
  /** Page URLs, de-duplicated (first spelling kept), in the order the files list them. */
  urls: string[];
  /** Files read (whole or in part). */
  files: SitemapFile[];
  /** What went wrong, per file; the URLs of the other files are kept. */
  failures: SiteFailure[];
  /** Where the sitemaps came from. */
  source: 'robots' | 'sitemap.xml' | 'sitemap';
}

/** Where the walk reads sitemap files from. */
export interface SitemapSource {
  /** The same file whatever its spelling: a file whose key was read already is a loop. */
  key(url: string): string;
  /** Reads the file into `sink`, at most `maxBytes`. */
  read(url: string, maxBytes: number, sink: TextSink): Promise<FetchResult>;
}

/** The budgets of a walk: the sitemap protocol's (scanLimits.ts). */
export const SITEMAP_LIMITS: DiscoverLimits = {
  maxSitemapBytes: MAX_SITEMAP_BYTES,
  maxUrlsPerSitemap: MAX_URLS_PER_SITEMAP,
  maxDepth: MAX_INDEX_DEPTH,
  maxFiles: MAX_SITEMAP_FILES,
  maxUrls: MAX_DISCOVERED_URLS,
  timeoutMs: FETCH_TIMEOUT_MS,
};

/** A file read whole (from a folder, or an editor's text) given to the walk as a read from the web is. */
export function readWhole(file: string, text: string, maxBytes: number, sink: TextSink): FetchResult {
  if (Buffer.byteLength(text) > maxBytes) {
    return {
      ok: false,
      failure: failure('too-large', file, l10n.t('{0} is larger than {1} MB; not read.', file, Math.round(maxBytes / 1024 / 1024))),
    };
  }
  const stopped = sink(text);
  return stopped ? { ok: false, failure: stopped } : { ok: true, finalUrl: file };
}

/** A file on the web, the same file whatever its fragment. */
export function webFileKey(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    return parsed.href;
  } catch {
    return url;
  }
}

/** Reads `firsts` and the sitemaps their indexes list, in order, into `discovery`. */
export async function walkSitemaps(
  firsts: readonly string[],
  discovery: Discovery,
  limits: DiscoverLimits,
  source: SitemapSource,
  signal?: AbortSignal,
): Promise<void> {
  const seenFiles = new Set<string>();
  const seenUrls = new Set<string>();
  const queue = firsts.map((url) => ({ url, depth: 0, parent: undefined as string | undefined }));
  let fetched = 0;
  for (let next = queue.shift(); next; next = queue.shift()) {
    const { url, depth, parent } = next;
    const key = source.key(url);
    if (seenFiles.has(key)) {
      discovery.failures.push(
        failure(
          'loop',
          url,
          parent ? l10n.t('{0} lists {1}, which was already read; not read again.', parent, url) : l10n.t('{0} is listed twice.', url),
        ),
      );
      continue;
    }
    seenFiles.add(key);
    if (depth > limits.maxDepth) {
      discovery.failures.push(
        failure('depth', url, l10n.t('{0} is nested more than {1} levels deep in sitemap indexes; not read.', url, limits.maxDepth)),
      );
      continue;
    }
    if (fetched >= limits.maxFiles) {
      discovery.failures.push(
        failure('too-many-files', url, l10n.t('More than {0} sitemap files; {1} was not read.', limits.maxFiles, url)),
      );
      continue;
    }
    if (signal?.aborted) {
      discovery.failures.push(failure('cancelled', url, l10n.t('Reading {0} was cancelled.', url)));
      continue;
    }
    fetched++;
    const parser = new SitemapParser(url, limits.maxUrlsPerSitemap);
    const result = await source.read(url, limits.maxSitemapBytes, (text) => parser.write(text));
    const failed = result.ok ? parser.end() : result.failure;
    if (failed) discovery.failures.push(failed);
    const parsed = parser.result;
    if (!parsed.kind) continue;
    discovery.files.push({ url, kind: parsed.kind, depth, entries: parsed.locs.length });
    if (parsed.kind === 'sitemapindex') {
      // Only as many children are kept as can still be read: an index of 50,000 indexes must
      // not queue millions of addresses.
      const room = Math.max(0, limits.maxFiles - fetched - queue.length);
      for (const child of parsed.locs.slice(0, room)) queue.push({ url: child, depth: depth + 1, parent: url });
      if (parsed.locs.length > room) {
        discovery.failures.push(
          failure(
            'too-many-files',
            url,
            l10n.t(
              '{0} lists {1} sitemaps past the limit of {2} files; they were not read.',
              url,
              parsed.locs.length - room,
              limits.maxFiles,
            ),
          ),
        );
      }
      continue;
    }
    for (const page of parsed.locs) {
      const pageKey = urlKey(page) ?? page;
      if (seenUrls.has(pageKey)) continue;
      if (discovery.urls.length >= limits.maxUrls) {
        discovery.failures.push(
          failure('too-many-urls', url, l10n.t('The site lists more than {0} URLs; the rest were not kept.', limits.maxUrls)),
        );
        return;
      }
      seenUrls.add(pageKey);
      discovery.urls.push(page);
    }
  }
}
