// Reads a page from the config's preview origin (a dev server, a preview deployment) for its local
// checks: through the one bounded reader of a site's files (core/sites/fetchFile.ts: http(s) only,
// a byte cap on the wire and inflated, a time limit, a few redirects), with nothing but its few
// headers — no key, no cookie — and every socket refused that would reach the report service.
import { Agent } from '../client/undici';
import { guardedConnector, ownAddressOf } from '../client/guardedConnector';
import { fetchText } from '../sites/fetchFile';

/** Bytes of a preview page read, at most (the analysis refuses a larger page anyway). */
export const MAX_PREVIEW_PAGE_BYTES = 2 * 1024 * 1024;
/** Time for the whole page, redirects included. */
export const PREVIEW_FETCH_TIMEOUT_MS = 10_000;

export type PreviewPage = { ok: true; html: string; finalUrl: string } | { ok: false; message: string };

export interface PreviewFetchOptions {
  /** The report service's origin: never reached with a preview's address. */
  serviceOrigin?: string;
  signal?: AbortSignal;
  maxBytes?: number;
  timeoutMs?: number;
}

/** The page's HTML at `url`, or why it could not be read (in words for people). */
export async function fetchPreviewPage(url: string, options: PreviewFetchOptions = {}): Promise<PreviewPage> {
  const timeoutMs = options.timeoutMs ?? PREVIEW_FETCH_TIMEOUT_MS;
  const own = options.serviceOrigin ? await ownAddressOf(options.serviceOrigin).catch(() => undefined) : undefined;
  const dispatcher = new Agent({
    connections: 1,
    keepAliveTimeout: 1_000,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    ...(own ? { connect: guardedConnector(timeoutMs, own) } : {}),
  });
  const pieces: string[] = [];
  try {
    const result = await fetchText(
      url,
      {
        dispatcher,
        maxBytes: options.maxBytes ?? MAX_PREVIEW_PAGE_BYTES,
        timeoutMs,
        refusedOrigins: options.serviceOrigin ? [options.serviceOrigin] : [],
        signal: options.signal,
        userAgent: 'website-reports-local-checks',
      },
      (text) => {
        pieces.push(text);
        return undefined;
      },
    );
    return result.ok ? { ok: true, html: pieces.join(''), finalUrl: result.finalUrl } : { ok: false, message: result.failure.message };
  } finally {
    await dispatcher.close().catch(() => undefined);
  }
}
