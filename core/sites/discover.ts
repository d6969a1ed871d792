// Discovery: the page URLs of a site, from its address (robots.txt `Sitemap:` lines, else
// /sitemap.xml) or from a sitemap's URL. Sitemap indexes are followed MAX_INDEX_DEPTH levels
// deep, a file already read is never read again (a loop is said, not followed), and a failed
// file costs only its own URLs: the others are kept and the failure is listed with its reason.
// Files are read one after another on a connection pool of this discovery's own, closed at the
// end; the process-wide dispatcher is never touched (the extension host is shared).
import * as l10n from '@vscode/l10n';
import type { Dispatcher } from '../client/undici';
import type { ProxySettings } from '../client/proxy';
import { openSitePools } from './sitePools';
import { urlKey } from '../urls/urlKey';
import { failure, SiteFailure } from './failures';
import { checkTarget, fetchText } from './fetchFile';
import {
  FETCH_TIMEOUT_MS,
  MAX_DISCOVERED_URLS,
  MAX_INDEX_DEPTH,
  MAX_INPUT_LENGTH,
  MAX_ROBOTS_BYTES,
  MAX_SITEMAP_BYTES,
  MAX_SITEMAP_FILES,
  MAX_URLS_PER_SITEMAP,
} from './scanLimits';
import { SitemapKind, SitemapParser } from './sitemapParser';

export interface DiscoverOptions {
  /** The report service's base URL: its origin is never fetched. */
  serviceOrigin?: string;
  signal?: AbortSignal;
  /** Overrides of the budgets (tests use small ones; the defaults are the protocol's). */
  limits?: Partial<DiscoverLimits>;
  userAgent?: string;
  /** The proxy settings of the report service's client: a site's files go through the same proxy. */
  proxy?: ProxySettings;
}

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

const DEFAULT_LIMITS: DiscoverLimits = {
  maxSitemapBytes: MAX_SITEMAP_BYTES,
  maxUrlsPerSitemap: MAX_URLS_PER_SITEMAP,
  maxDepth: MAX_INDEX_DEPTH,
  maxFiles: MAX_SITEMAP_FILES,
  maxUrls: MAX_DISCOVERED_URLS,
  timeoutMs: FETCH_TIMEOUT_MS,
};

/** A site address (no path) or a sitemap's URL → the site's page URLs; never throws for the site's fault. */
export async function discoverSitemapUrls(input: string, options: DiscoverOptions = {}): Promise<Discovery> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const text = input.trim();
  const discovery: Discovery = { input: text, urls: [], files: [], failures: [], source: 'sitemap' };
  if (text.length > MAX_INPUT_LENGTH) {
    discovery.failures.push(
      failure('bad-input', text.slice(0, 80), l10n.t('The address is longer than {0} characters.', MAX_INPUT_LENGTH)),
    );
    return discovery;
  }
  const refused = options.serviceOrigin ? [options.serviceOrigin] : [];
  const start = checkTarget(text, refused);
  if (!(start instanceof URL)) {
    discovery.failures.push(start);
    return discovery;
  }
  // Never the report service's address, by any spelling (sitePools.ts).
  const dispatcher = await openSitePools({
    timeoutMs: limits.timeoutMs,
    serviceOrigin: options.serviceOrigin,
    proxy: options.proxy,
    connections: 2,
  });
  try {
    const fetchOptions = {
      dispatcher: (url: URL) => dispatcher.route(url),
      refusedOrigins: refused,
      signal: options.signal,
      timeoutMs: limits.timeoutMs,
      userAgent: options.userAgent,
    };
    let firsts: string[];
    if (isSiteAddress(start)) {
      const listed = await sitemapsOfRobots(start, fetchOptions, limits.maxFiles);
      discovery.source = listed.length ? 'robots' : 'sitemap.xml';
      firsts = listed.length ? listed : [new URL('/sitemap.xml', start).href];
    } else firsts = [start.href];
    await readAll(firsts, discovery, limits, fetchOptions);
  } finally {
    await dispatcher.close();
  }
  return discovery;
}

/** Only a scheme and host (and `/`): the site itself, not a file of it. */
function isSiteAddress(url: URL): boolean {
  return (url.pathname === '/' || url.pathname === '') && !url.search;
}

interface FetchOptionsBase {
  dispatcher: (url: URL) => Promise<Dispatcher>;
  refusedOrigins: readonly string[];
  signal?: AbortSignal;
  timeoutMs: number;
  userAgent?: string;
}

/** The `Sitemap:` lines of the site's robots.txt; none when it has none or cannot be read. */
async function sitemapsOfRobots(site: URL, options: FetchOptionsBase, max: number): Promise<string[]> {
  const found: string[] = [];
  let rest = '';
  const take = (line: string) => {
    const match = /^\s*sitemap\s*:\s*(\S+)/i.exec(line);
    if (match && found.length < max && !found.includes(match[1])) found.push(match[1]);
  };
  const result = await fetchText(new URL('/robots.txt', site).href, { ...options, maxBytes: MAX_ROBOTS_BYTES }, (text) => {
    const lines = (rest + text).split(/\r?\n|\r/);
    rest = lines.pop() ?? '';
    // A line without end is kept only up to a sane length.
    if (rest.length > 4096) rest = rest.slice(0, 4096);
    lines.forEach(take);
    return undefined;
  });
  take(rest);
  // A robots.txt that cannot be read is no failure: /sitemap.xml is tried instead.
  return result.ok || result.failure.kind === 'too-large' ? found : [];
}

async function readAll(firsts: string[], discovery: Discovery, limits: DiscoverLimits, options: FetchOptionsBase): Promise<void> {
  const seenFiles = new Set<string>();
  const seenUrls = new Set<string>();
  const queue = firsts.map((url) => ({ url, depth: 0, parent: undefined as string | undefined }));
  let fetched = 0;
  for (let next = queue.shift(); next; next = queue.shift()) {
    const { url, depth, parent } = next;
    const key = fileKey(url);
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
    if (options.signal?.aborted) {
      discovery.failures.push(failure('cancelled', url, l10n.t('Reading {0} was cancelled.', url)));
      continue;
    }
    fetched++;
    const parser = new SitemapParser(url, limits.maxUrlsPerSitemap);
    const result = await fetchText(url, { ...options, maxBytes: limits.maxSitemapBytes }, (text) => parser.write(text));
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

function fileKey(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    return parsed.href;
  } catch {
    return url;
  }
}
