// Reads pages from a preview (a dev server, a preview deployment) for their local checks — the
// editor's page on save and `check --local --preview`'s many alike: through the one bounded reader
// of a site's files (core/sites/fetchFile.ts: http(s) only, a byte cap on the wire and inflated, a
// time limit, a few redirects), with nothing but its few headers — no key, no cookie — on pools of
// the reader's own (core/sites/sitePools.ts: through the client's proxy where one applies), and
// every socket refused that would reach the report service, or this machine's own network where a
// preview on the internet redirects there (core/sites/siteZone.ts: the preview decides).
import type { ProxySettings } from '../client/proxy';
import { MAX_PAGE_BYTES } from '../analysis/pageComplexity';
import { fetchText } from '../sites/fetchFile';
import { openSitePools, type SitePools } from '../sites/sitePools';
import { type IsPublic, SiteZone } from '../sites/siteZone';

/** Bytes of a preview page read, at most: past the analysis's own cap, so a page between the two gets the analysis's reason. */
export const MAX_PREVIEW_PAGE_BYTES = 2 * MAX_PAGE_BYTES;
/** Time for the whole page, redirects included. */
export const PREVIEW_PAGE_TIMEOUT_MS = 15_000;

export type PreviewPage = { ok: true; html: string; finalUrl: string } | { ok: false; message: string };

export interface PreviewReaderOptions {
  /** The report service's origin: never reached with a preview's address. */
  serviceOrigin?: string;
  /** The report service client's proxy settings: a preview elsewhere is read through the same proxy. */
  proxy?: ProxySettings;
  /** Connections per origin (a run of many pages reads a few at once). */
  connections?: number;
  /** How the reader names itself to the preview. */
  userAgent: string;
  maxBytes?: number;
  timeoutMs?: number;
  /** Which addresses are the internet (siteZone.ts); tests, whose every address is loopback, name theirs. */
  isPublic?: IsPublic;
}

/** Reads pages of previews until closed, on pools of its own. */
export class PreviewReader {
  private constructor(
    private readonly pools: SitePools,
    private readonly options: PreviewReaderOptions,
  ) {}

  static async open(options: PreviewReaderOptions): Promise<PreviewReader> {
    const pools = await openSitePools({
      timeoutMs: options.timeoutMs ?? PREVIEW_PAGE_TIMEOUT_MS,
      serviceOrigin: options.serviceOrigin,
      proxy: options.proxy,
      connections: options.connections ?? 1,
      // Every page is on the preview's origin, whose first socket decides: a preview on the internet
      // never redirects this machine into its own network.
      zone: new SiteZone(options.isPublic),
    });
    return new PreviewReader(pools, options);
  }

  /** The page's HTML at `url`, or why it could not be read (in words for people). */
  async read(url: string, signal?: AbortSignal): Promise<PreviewPage> {
    const pieces: string[] = [];
    const result = await fetchText(
      url,
      {
        dispatcher: (at) => this.pools.route(at),
        maxBytes: this.options.maxBytes ?? MAX_PREVIEW_PAGE_BYTES,
        timeoutMs: this.options.timeoutMs ?? PREVIEW_PAGE_TIMEOUT_MS,
        refusedOrigins: this.options.serviceOrigin ? [this.options.serviceOrigin] : [],
        signal,
        userAgent: this.options.userAgent,
      },
      (text) => {
        pieces.push(text);
        return undefined;
      },
    );
    return result.ok ? { ok: true, html: pieces.join(''), finalUrl: result.finalUrl } : { ok: false, message: result.failure.message };
  }

  async close(): Promise<void> {
    await this.pools.close();
  }
}

/** One page, on a reader opened and closed for it. */
export async function fetchPreviewPage(
  url: string,
  options: Partial<PreviewReaderOptions> & { signal?: AbortSignal } = {},
): Promise<PreviewPage> {
  const reader = await PreviewReader.open({ userAgent: 'website-reports-local-checks', ...options });
  try {
    return await reader.read(url, options.signal);
  } finally {
    await reader.close();
  }
}
