// The pages of a running preview (a dev server, a preview deployment): the URLs of its sitemaps
// (robots.txt, else /sitemap.xml: the one discovery of core/sites), else the URLs on its origin
// (or the site's) that the given files name. Each page is read with the editor's reader of a
// preview (core/sources/previewFetch.ts: a byte cap, a time limit, a few redirects, nothing sent
// but its few headers — never the key), opened once for the run, never from the report service's
// address; sitemaps and pages through the proxy the service's client takes, where one applies.
import type { ProxySettings } from '../../core/client/proxy';
import type { GateConfig } from '../../core/config/configFile';
import { discoverSitemapUrls } from '../../core/sites/discover';
import { PreviewReader } from '../../core/sources/previewFetch';
import { walkFiles, type SkipNote } from '../../core/urls/fileWalk';
import { MAX_FILE_BYTES } from '../../core/urls/urlsInFiles';
import { collectUrls } from '../../core/urls/occurrences';
import { CliFailure } from '../usageError';
import { pageName } from './pageUrls';

/** Pages of one preview, at most (the discovery's own budget is larger; a run is bounded here). */
export const MAX_PREVIEW_PAGES = 20_000;

const USER_AGENT = 'website-reports-local';

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
  /** The service client's proxy settings (the environment's variables). */
  proxy: ProxySettings;
  /** Time for each file (a sitemap, a page) instead of the readers' own (previewTimeoutOf). */
  timeoutMs?: number;
}

/** $WEBREPORTS_PREVIEW_TIMEOUT_SECONDS (a whole number of seconds, 1 to 600) as ms; else undefined: the readers' own limits. */
export function previewTimeoutOf(env: NodeJS.ProcessEnv): number | undefined {
  const text = env.WEBREPORTS_PREVIEW_TIMEOUT_SECONDS?.trim();
  if (!text) return undefined;
  const n = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
  if (!(n >= 1 && n <= 600)) {
    throw new CliFailure('usage', `WEBREPORTS_PREVIEW_TIMEOUT_SECONDS: "${text}" is not a whole number of seconds from 1 to 600.`);
  }
  return n * 1000;
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
  const discovery = await discoverSitemapUrls(source.origin, {
    serviceOrigin: source.serviceOrigin,
    proxy: source.proxy,
    userAgent: USER_AGENT,
    ...(source.timeoutMs === undefined ? {} : { limits: { timeoutMs: source.timeoutMs } }),
  });
  let urls = discovery.urls;
  // No answer at all (refused, reset, silent): the preview is not running; its pages would fail alike.
  const unreachable = urls.length ? undefined : discovery.failures.find((f) => f.kind === 'network' || f.kind === 'timeout');
  if (unreachable) {
    throw new CliFailure(
      'site',
      `The preview at ${source.origin} ${unreachable.kind === 'timeout' ? 'does not answer' : 'cannot be reached'} (${unreachable.message.replace(/\.$/, '')}): is it running? Start it before the check, and in CI wait until it answers.`,
    );
  }
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

/** The run's reader of the preview's pages: a few at once, as the analysis takes them. */
export function openPreviewReader(source: PreviewSource): Promise<PreviewReader> {
  return PreviewReader.open({
    serviceOrigin: source.serviceOrigin,
    proxy: source.proxy,
    connections: 4,
    userAgent: USER_AGENT,
    ...(source.timeoutMs === undefined ? {} : { timeoutMs: source.timeoutMs }),
  });
}
