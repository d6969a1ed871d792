// The analysis of a page: fetch it (undici, own Agent, no credentials), probe for a 404 page, then
// hand it to the checks (analysePage.ts; in the service, in a worker thread: analysisPool.ts).
// Only http(s) targets, never the service itself, at every redirect hop.
import { randomBytes } from 'node:crypto';
import { Agent, type Dispatcher } from '../core/client/undici';
import { dropBody, followRedirects, type Followed } from '../core/sites/followRedirects';
import { analysePage } from '../core/analysis/analysePage';
import { MAX_PAGE_BYTES } from '../core/analysis/pageComplexity';
import { AnalysisError } from '../core/analysis/analysisError';
import type { Analysis } from '../core/analysis/checks';
import type { FetchedPage } from '../core/analysis/facts';
import { isOwnUrl, type OwnAddress } from './ownAddress';
import { isOwnAddressError } from '../core/client/guardedConnector';
import { readBoundedBody } from '../core/client/boundedBody';

export { AnalysisError } from '../core/analysis/analysisError';
export { CHECK_KEYS, evaluate, type Analysis } from '../core/analysis/checks';
export { extractFacts, type PageFacts } from '../core/analysis/facts';
export { bandOfScore as ratingFor } from '../core/checks/rating';

export const DEFAULT_TIMEOUT_MS = 10_000;
/** The fetch cuts a page here: the local analysis's size cap, so both see at most the same. */
export const DEFAULT_MAX_BYTES = MAX_PAGE_BYTES;
export const MAX_REDIRECTS = 5;
export const USER_AGENT = 'WebsiteReportsBot/0.1 (+local report service)';

export interface AnalyzeOptions {
  timeoutMs?: number;
  maxBytes?: number;
  /** an Agent to reuse; without one a fresh Agent is made and closed per call */
  dispatcher?: Dispatcher;
  /** the service's own address: a URL pointing at it is refused (the dispatcher checks sockets) */
  own?: OwnAddress;
  /** where a page is fetched from instead (npm start: the seeded hosts' pages from the demo site); the page keeps its URL */
  servedFrom?: (url: URL) => string | undefined;
  /** analyses the fetched page; default: here, on this thread (the service uses its worker pool) */
  analyse?: (page: FetchedPage) => Promise<Analysis>;
}

/** Throws unless `url` may be fetched: http(s) only, never the service itself. */
function allowed(url: URL, own: OwnAddress | undefined): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AnalysisError(`unsupported URL scheme (${url.protocol})`);
  if (own && isOwnUrl(url, own)) throw new AnalysisError('the URL points at the report service itself');
}

/**
 * Fetches `url` and rates it. Throws AnalysisError when the page cannot be fetched at all, or is
 * too complex to analyse. The fetch has `timeoutMs` in all; the analysis its own limit.
 */
export async function analyzeUrl(url: string, opts: AnalyzeOptions = {}): Promise<Analysis & { finalUrl: string }> {
  const page = await fetchPage(url, opts);
  const analysis = await (opts.analyse ?? (async (p: FetchedPage) => analysePage(p)))(page);
  return { ...analysis, finalUrl: page.url };
}

/** Fetches the page (redirects, size cap, the 404 probe) within `timeoutMs` in all. */
async function fetchPage(url: string, opts: AnalyzeOptions): Promise<FetchedPage> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const ownAgent = opts.dispatcher ? undefined : new Agent({ connect: { timeout: timeoutMs }, keepAliveTimeout: 1000 });
  const dispatcher = opts.dispatcher ?? ownAgent!;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const started = performance.now();
  // The one fetcher with redirects (core/sites/followRedirects.ts), under this service's rules:
  // every hop http(s) and never the service itself, no credentials sent, a Location-less 3xx is the page.
  const ask = (first: URL, maxRedirects: number) =>
    followRedirects<never>(
      { url: first },
      {
        dispatcher,
        signal: controller.signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        // Only these headers: never an Authorization header or the service's key.
        headers: { 'user-agent': USER_AGENT, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
        maxRedirects,
        withoutLocation: 'answer',
        askAt: (hop) => {
          allowed(hop, opts.own);
          return target(withoutCredentials(hop), opts);
        },
        follow: (to) => {
          if (to.protocol !== 'http:' && to.protocol !== 'https:') {
            throw new AnalysisError(`redirect to an unsupported URL scheme (${to.protocol})`);
          }
          return to;
        },
        tooMany: () => {
          throw new AnalysisError(`too many redirects (more than ${MAX_REDIRECTS})`);
        },
        badLocation: () => {
          throw new AnalysisError('invalid redirect location');
        },
      },
    );
  try {
    const opened = await ask(parseUrl(url), MAX_REDIRECTS);
    if (!opened.ok) throw new AnalysisError('the page could not be fetched');
    const res = opened.response;
    // A page past the cap is analysed as far as the cap: cut, the rest not read.
    const read = await readBoundedBody(res.body, { maxBytes, past: 'cut' });
    const responseTimeMs = performance.now() - started;
    const html = read.text();
    const bytes = read.received;
    const finalUrl = withoutCredentials(opened.url);
    const notFoundPage = await probeNotFound(opened.url, (probe) => ask(new URL(probe), 0));
    return { url: finalUrl, status: res.statusCode, headers: res.headers, html, responseTimeMs, bytes, notFoundPage };
  } catch (err) {
    if (err instanceof AnalysisError) throw err;
    if (isOwnAddressError(err)) throw new AnalysisError('the URL points at the report service itself');
    if (controller.signal.aborted) throw new AnalysisError(`timed out after ${formatSeconds(timeoutMs)}`);
    throw new AnalysisError(describeFetchError(err, timeoutMs));
  } finally {
    clearTimeout(timer);
    if (ownAgent) await ownAgent.close().catch(() => undefined);
  }
}

/** The address a URL is fetched from: its own, or where `servedFrom` serves it (checked as the URL is). */
function target(url: string, opts: AnalyzeOptions): string {
  const served = opts.servedFrom?.(new URL(url));
  if (served === undefined) return url;
  allowed(new URL(served), opts.own);
  return served;
}

/** As the real service: a made-up path on the same origin must answer 404 (no redirect followed). */
async function probeNotFound(page: URL, get: (probe: string) => Promise<Followed<never>>): Promise<string | false> {
  const probe = `${page.origin}/404-${randomBytes(16).toString('hex')}`;
  try {
    const answer = await get(probe);
    if (!answer.ok) return false;
    dropBody(answer.response.body);
    return answer.response.statusCode === 404 ? probe : false;
  } catch {
    return false;
  }
}

function parseUrl(raw: string, base?: URL, problem = 'invalid URL'): URL {
  try {
    return new URL(raw, base);
  } catch {
    throw new AnalysisError(problem);
  }
}

/** Drops user:password@ from the URL: no credentials of any kind go to the analysed site. */
function withoutCredentials(u: URL): string {
  if (!u.username && !u.password) return u.href;
  const copy = new URL(u.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))}s`;
}

/** A short reason for people from an undici/Node network error. */
export function describeFetchError(err: unknown, timeoutMs: number): string {
  const codes: string[] = [];
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    e = (e as { cause?: unknown }).cause;
  }
  const has = (...c: string[]): boolean => codes.some((x) => c.includes(x));
  if (has('ECONNREFUSED')) return 'connection refused';
  if (has('ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL')) return 'DNS lookup failed';
  if (has('UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT', 'UND_ERR_ABORTED', 'ABORT_ERR')) {
    return `timed out after ${formatSeconds(timeoutMs)}`;
  }
  if (has('ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE')) return 'connection reset';
  if (has('EHOSTUNREACH', 'ENETUNREACH')) return 'host unreachable';
  if (codes.some((c) => c.startsWith('ERR_TLS') || c.startsWith('CERT_') || c.includes('SELF_SIGNED') || c.startsWith('UNABLE_TO'))) {
    return 'TLS certificate error';
  }
  const message = err instanceof Error ? err.message : String(err);
  return message ? `fetch failed (${message})` : 'fetch failed';
}
