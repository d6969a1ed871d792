// Discovery: the page URLs of a site, from its address (robots.txt `Sitemap:` lines, else
// /sitemap.xml), from a sitemap's URL, or from a sitemap file of the workspace whose indexes list
// sitemaps on the web, through the one walk of sitemap files (sitemapWalk.ts: its depth, loops and
// budgets). Files are read one after another on a connection pool of this discovery's own, closed
// at the end; the process-wide dispatcher is never touched (the extension host is shared).
import * as l10n from '@vscode/l10n';
import type { Dispatcher } from '../client/undici';
import type { ProxySettings } from '../client/proxy';
import { openSitePools } from './sitePools';
import { failure } from './failures';
import { type IsPublic, SiteZone } from './siteZone';
import { checkTarget, fetchText } from './fetchFile';
import { MAX_INPUT_LENGTH, MAX_ROBOTS_BYTES } from './scanLimits';
import {
  type Discovery,
  type DiscoverLimits,
  readWhole,
  type SitemapSource,
  SITEMAP_LIMITS,
  walkSitemaps,
  webFileKey,
} from './sitemapWalk';

export type { Discovery, DiscoverLimits, SitemapFile } from './sitemapWalk';

export interface DiscoverOptions {
  /** The report service's base URL: its origin is never fetched. */
  serviceOrigin?: string;
  signal?: AbortSignal;
  /** Overrides of the budgets (tests use small ones; the defaults are the protocol's). */
  limits?: Partial<DiscoverLimits>;
  userAgent?: string;
  /** The proxy settings of the report service's client: a site's files go through the same proxy. */
  proxy?: ProxySettings;
  /** The text of `input` when it is a sitemap file of the workspace: read as the first file; the sitemaps it lists come from the web. */
  localText?: string;
  /** Which addresses are the internet (siteZone.ts); tests, whose every address is loopback, name theirs. */
  isPublic?: IsPublic;
}

/** A site address (no path) or a sitemap's URL → the site's page URLs; never throws for the site's fault. */
export async function discoverSitemapUrls(input: string, options: DiscoverOptions = {}): Promise<Discovery> {
  const limits = { ...SITEMAP_LIMITS, ...options.limits };
  const text = input.trim();
  const discovery: Discovery = { input: text, urls: [], files: [], failures: [], source: 'sitemap' };
  const local = options.localText;
  const refused = options.serviceOrigin ? [options.serviceOrigin] : [];
  let start: URL | undefined;
  if (local === undefined) {
    if (text.length > MAX_INPUT_LENGTH) {
      discovery.failures.push(
        failure('bad-input', text.slice(0, 80), l10n.t('The address is longer than {0} characters.', MAX_INPUT_LENGTH)),
      );
      return discovery;
    }
    const checked = checkTarget(text, refused);
    if (!(checked instanceof URL)) {
      discovery.failures.push(checked);
      return discovery;
    }
    start = checked;
  }
  // Never the report service's address, by any spelling (sitePools.ts).
  const dispatcher = await openSitePools({
    timeoutMs: limits.timeoutMs,
    serviceOrigin: options.serviceOrigin,
    proxy: options.proxy,
    connections: 2,
    // A public site's files never lead this machine into its own network.
    zone: new SiteZone(options.isPublic),
  });
  try {
    const fetchOptions = {
      dispatcher: (url: URL) => dispatcher.route(url),
      refusedOrigins: refused,
      signal: options.signal,
      timeoutMs: limits.timeoutMs,
      userAgent: options.userAgent,
    };
    const web: SitemapSource = {
      key: webFileKey,
      read: (url, maxBytes, sink) => fetchText(url, { ...fetchOptions, maxBytes }, sink),
    };
    if (local !== undefined) {
      // The workspace's file first (its name is no address, so no page of the web is the same file).
      const own: SitemapSource = {
        key: (url) => (url === text ? `file:${text}` : webFileKey(url)),
        read: async (url, maxBytes, sink) => (url === text ? readWhole(text, local, maxBytes, sink) : web.read(url, maxBytes, sink)),
      };
      await walkSitemaps([text], discovery, limits, own, options.signal);
      return discovery;
    }
    let firsts: string[];
    if (start && isSiteAddress(start)) {
      const listed = await sitemapsOfRobots(start, fetchOptions, limits.maxFiles);
      discovery.source = listed.length ? 'robots' : 'sitemap.xml';
      firsts = listed.length ? listed : [new URL('/sitemap.xml', start).href];
    } else firsts = [start?.href ?? text];
    await walkSitemaps(firsts, discovery, limits, web, options.signal);
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
