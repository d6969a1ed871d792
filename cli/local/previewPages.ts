// The pages of a running preview (a dev server, a preview deployment): the URLs of its sitemaps
// (robots.txt, else /sitemap.xml: the one discovery of core/sites), else the URLs on its origin
// (or the site's) that the given files name. Each page is read with the bounded reader of a
// site's files (core/sites/fetchFile.ts: a byte cap, a time limit, a few redirects, nothing sent
// but its few headers — never the key) on a connection pool of this run's own, and never from
// the report service's address.
import { Agent, type Dispatcher } from '../../core/client/undici';
import { guardedConnector, ownAddressOf } from '../../core/client/guardedConnector';
import type { GateConfig } from '../../core/config/configFile';
import { discoverSitemapUrls } from '../../core/sites/discover';
import { fetchText } from '../../core/sites/fetchFile';
import { walkFiles, MAX_FILE_BYTES, type SkipNote } from '../../core/urls/fileWalk';
import { collectUrls } from '../../core/urls/occurrences';
import { pageName } from './pageUrls';

/** Bytes of one page read from a preview (past the analysis's own cap, so its reason is the analysis's). */
export const MAX_PREVIEW_PAGE_BYTES = 4 * 1024 * 1024;
/** Time to read one page, redirects included. */
export const PREVIEW_PAGE_TIMEOUT_MS = 15_000;
/** Pages of one preview, at most (the discovery's own budget is larger; a run is bounded here). */
export const MAX_PREVIEW_PAGES = 20_000;

export interface PreviewPage {
  /** The page's name (pageUrls.ts). */
  url: string;
  /** Where it is read. */
  fetchUrl: string;
}

export interface PreviewSource {
  /** The preview's origin. */
  origin: string;
  /** The published site's origin the pages are named on, when known. */
  site: string | undefined;
  /** The report service's address: never read as a page. */
  serviceOrigin?: string;
}

/** The preview's pages, de-duplicated by name, picked by `wanted` (the shard). */
export async function previewPages(
  source: PreviewSource,
  config: GateConfig,
  paths: readonly string[],
  cwd: string,
  wanted: (url: string) => boolean,
  notes: SkipNote[],
): Promise<PreviewPage[]> {
  const discovery = await discoverSitemapUrls(source.origin, { serviceOrigin: source.serviceOrigin, userAgent: 'website-reports-local' });
  let urls = discovery.urls;
  if (!urls.length) {
    for (const f of discovery.failures) notes.push({ file: f.file, reason: 'not-found', message: f.message });
    // No sitemap: the URLs on the preview's (or the site's) origin that the files name.
    const walk = walkFiles(paths.length ? paths : ['.'], { cwd, ...config, maxFileBytes: MAX_FILE_BYTES }, notes);
    const origins = new Set([source.origin, source.site]);
    urls = [...collectUrls(walk, () => false, undefined, notes).keys()].filter((u) => origins.has(new URL(u).origin));
  }
  const pages = new Map<string, PreviewPage>();
  for (const loc of urls) {
    const at = new URL(loc);
    const pathAndQuery = `${at.pathname}${at.search}`;
    const url = pageName(source.site ?? source.origin, pathAndQuery);
    if (pages.has(url) || !wanted(url)) continue;
    if (pages.size >= MAX_PREVIEW_PAGES) {
      notes.push({ file: source.origin, reason: 'file-limit', message: `Not read: more than ${MAX_PREVIEW_PAGES} pages.` });
      break;
    }
    pages.set(url, { url, fetchUrl: new URL(pathAndQuery, source.origin).href });
  }
  return [...pages.values()];
}

/** Reads pages of a preview, one connection pool for the run. */
export class PreviewReader {
  private constructor(
    private readonly dispatcher: Dispatcher,
    private readonly refused: string[],
  ) {}

  static async open(serviceOrigin: string | undefined): Promise<PreviewReader> {
    const own = serviceOrigin ? await ownAddressOf(serviceOrigin).catch(() => undefined) : undefined;
    const dispatcher = new Agent({
      connections: 4,
      keepAliveTimeout: 4_000,
      headersTimeout: PREVIEW_PAGE_TIMEOUT_MS,
      bodyTimeout: PREVIEW_PAGE_TIMEOUT_MS,
      ...(own ? { connect: guardedConnector(PREVIEW_PAGE_TIMEOUT_MS, own) } : {}),
    });
    return new PreviewReader(dispatcher, serviceOrigin ? [serviceOrigin] : []);
  }

  /** The page's HTML, or why it could not be read. */
  async read(address: string): Promise<{ html: string } | { reason: string }> {
    const pieces: string[] = [];
    const result = await fetchText(
      address,
      {
        dispatcher: this.dispatcher,
        maxBytes: MAX_PREVIEW_PAGE_BYTES,
        timeoutMs: PREVIEW_PAGE_TIMEOUT_MS,
        refusedOrigins: this.refused,
        userAgent: 'website-reports-local',
      },
      (text) => {
        pieces.push(text);
        return undefined;
      },
    );
    return result.ok ? { html: pieces.join('') } : { reason: result.failure.message };
  }

  async close(): Promise<void> {
    await this.dispatcher.close().catch(() => undefined);
  }
}
