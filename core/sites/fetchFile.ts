// Reads one file of a site (robots.txt, a sitemap) from the user's machine, as a stream of text
// handed to a sink, never held whole. Only http(s); redirects followed by hand, a few at most,
// never to another scheme (an upgrade from http to https excepted) nor to a refused origin (the
// report service's own); a time limit for the whole file; a byte cap counted on the wire and again
// while inflating, so a gzip bomb stops at the cap. Gzip is recognised by its magic bytes (1f 8b),
// whatever the name or headers say; a body the answer says is encoded (`Content-Encoding`) is read
// only when it is gzip that starts so — never as its raw bytes. Nothing but these few headers is sent: no key, no cookie, no
// Authorization — the site is another origin.
import * as zlib from 'node:zlib';
import * as l10n from '@vscode/l10n';
import { Dispatcher, isThroughProxy } from '../client/undici';
import { dropBody, followRedirects, type FetchPlace } from './followRedirects';
import { isOwnAddressError } from '../client/guardedConnector';
import { isLocalNetworkError, localNetworkWords } from './siteZone';
import { errorCode, proxyReason } from '../client/networkErrors';
import { failure, SiteFailure } from './failures';
import { FETCH_TIMEOUT_MS, MAX_REDIRECTS } from './scanLimits';
import { BodyTooLarge, readBoundedBody, type BodyStream } from '../client/boundedBody';

export interface FetchOptions {
  /** The connection pool of every request, or of each address (direct, or through a proxy), which may refuse it by throwing. */
  dispatcher: Dispatcher | ((url: URL) => Promise<Dispatcher>);
  /** Bytes of the file after inflating (and on the wire). */
  maxBytes: number;
  timeoutMs?: number;
  /** Origins that are never fetched, e.g. the report service's (it must not be reached with a site's address). */
  refusedOrigins?: readonly string[];
  signal?: AbortSignal;
  userAgent?: string;
}

/** Takes the text as it arrives; returns a failure to stop reading. */
export type TextSink = (text: string) => SiteFailure | undefined;

export type FetchResult = { ok: true; finalUrl: string } | { ok: false; failure: SiteFailure };

/** The address as a URL when it is one this code may fetch, else the failure saying why not. */
export function checkTarget(address: string, refusedOrigins: readonly string[] = []): URL | SiteFailure {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return failure('bad-input', address, l10n.t('{0} is not a valid address.', address));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return failure('scheme', address, l10n.t('{0} was refused: only http and https addresses are read.', address));
  }
  if (url.username || url.password) {
    return failure('bad-input', address, l10n.t('{0} was refused: addresses with a user name or password are not read.', address));
  }
  if (refusedOrigins.some((origin) => sameOrigin(origin, url.origin))) {
    return failure('forbidden-origin', address, l10n.t("{0} was refused: it is the report service's own address.", address));
  }
  url.hash = '';
  return url;
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

class Stop {
  constructor(readonly failure: SiteFailure) {}
}

/** Fetches `address` and hands its (inflated) text to `sink`; says how it ended. */
export async function fetchText(address: string, options: FetchOptions, sink: TextSink): Promise<FetchResult> {
  const first = checkTarget(address, options.refusedOrigins);
  if (!(first instanceof URL)) return { ok: false, failure: first };
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const where: FetchPlace = { url: first };
  try {
    const opened = await followRedirects(where, {
      dispatcher: options.dispatcher,
      headers: {
        // l10n-exempt: an HTTP header value
        accept: 'application/xml, text/xml, text/plain;q=0.9, */*;q=0.1',
        'accept-encoding': 'identity',
        'user-agent': options.userAgent ?? 'website-reports-sitemap',
      },
      signal,
      maxRedirects: MAX_REDIRECTS,
      follow: (to, from) => nextLocation(from, to, options.refusedOrigins),
      tooMany: (from) => failure('redirect', from.href, l10n.t('{0} redirected more than {1} times.', from.href, MAX_REDIRECTS)),
      badLocation: (from) => failure('redirect', from.href, l10n.t('{0} redirected without a valid address.', from.href)),
    });
    if (!opened.ok) return { ok: false, failure: opened.refusal };
    const { url, response } = opened;
    if (response.statusCode !== 200) {
      dropBody(response.body);
      return {
        ok: false,
        failure: failure('status', url.href, l10n.t('{0} answered with HTTP status {1}.', url.href, response.statusCode)),
      };
    }
    const encoding = encodingOf(response.headers['content-encoding']);
    if (encoding !== 'identity' && encoding !== 'gzip') {
      dropBody(response.body);
      return { ok: false, failure: failure('unreadable', url.href, encodedWords(url.href, encoding)) };
    }
    const stopped = await readBody(response.body, url.href, options.maxBytes, sink, encoding === 'gzip');
    return stopped ? { ok: false, failure: stopped } : { ok: true, finalUrl: url.href };
  } catch (error) {
    const { url, dispatcher } = where;
    if (error instanceof Stop) return { ok: false, failure: error.failure };
    if (timeout.aborted) {
      return {
        ok: false,
        failure: failure('timeout', url.href, l10n.t('{0} did not arrive within {1} seconds.', url.href, Math.round(timeoutMs / 1000))),
      };
    }
    if (options.signal?.aborted) {
      return { ok: false, failure: failure('cancelled', url.href, l10n.t('Reading {0} was cancelled.', url.href)) };
    }
    if (isLocalNetworkError(error)) return { ok: false, failure: failure('local-network', url.href, localNetworkWords(url.href)) };
    if (isOwnAddressError(error)) {
      return {
        ok: false,
        failure: failure('forbidden-origin', url.href, l10n.t("{0} was refused: it is the report service's own address.", url.href)),
      };
    }
    return {
      ok: false,
      failure: failure(
        'network',
        url.href,
        l10n.t('{0} could not be read: {1}', url.href, networkWords(error, isThroughProxy(dispatcher))),
      ),
    };
  }
}

function nextLocation(from: URL, target: URL, refused: readonly string[] | undefined): URL | SiteFailure {
  // An upgrade to https is what most sites do for their http address; anything else changes what is trusted.
  if (target.protocol !== from.protocol && !(from.protocol === 'http:' && target.protocol === 'https:')) {
    return failure('redirect', from.href, l10n.t('{0} redirected to another scheme ({1}); not followed.', from.href, target.protocol));
  }
  return checkTarget(target.href, refused);
}

/** `identity`, `gzip` (`x-gzip` too) or the coding the answer names (the last applied, lower case); RFC 9110 §8.4. */
function encodingOf(header: unknown): string {
  const codings = (Array.isArray(header) ? header.join(',') : typeof header === 'string' ? header : '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  if (codings.length === 0) return 'identity';
  if (codings.length === 1 && (codings[0] === 'gzip' || codings[0] === 'x-gzip')) return 'gzip';
  return codings.join(', ');
}

function encodedWords(file: string, encoding: string): string {
  return encoding === 'gzip'
    ? l10n.t('{0} says it is gzip-compressed (Content-Encoding: gzip), but it is not; it was not read.', file)
    : l10n.t('{0} is compressed with "{1}" (Content-Encoding), which is not read.', file, encoding.slice(0, 64));
}

/**
 * Reads the body through the byte caps (and gunzip when it starts with 1f 8b) into the sink.
 * `gzipSaid`: the answer says it is gzip, so a body that does not start so is refused unread.
 */
async function readBody(
  body: BodyStream,
  file: string,
  maxBytes: number,
  sink: TextSink,
  gzipSaid = false,
): Promise<SiteFailure | undefined> {
  const decoder = new TextDecoder('utf-8', { fatal: false });
  let inflated = 0;
  let stopped: SiteFailure | undefined;
  const tooLarge = () =>
    failure('too-large', file, l10n.t('{0} is larger than {1} MB; reading stopped there.', file, Math.round(maxBytes / 1024 / 1024)));
  const deliver = (bytes: Uint8Array): void => {
    if (stopped) return;
    inflated += bytes.length;
    if (inflated > maxBytes) {
      stopped = tooLarge();
      return;
    }
    stopped = sink(decoder.decode(bytes, { stream: true }));
  };
  let gunzip: zlib.Gunzip | undefined;
  let gunzipDone: Promise<void> = Promise.resolve();
  let head: Uint8Array | undefined = new Uint8Array(0);
  const startGunzip = (): zlib.Gunzip => {
    const g = zlib.createGunzip();
    gunzipDone = new Promise<void>((resolve) => {
      g.on('data', (chunk: Buffer) => {
        deliver(chunk);
        if (stopped) g.destroy();
      });
      g.on('end', resolve);
      g.on('close', resolve);
      g.on('error', (error: Error) => {
        stopped ??= failure('not-sitemap', file, l10n.t('{0} looks gzipped but could not be inflated: {1}', file, error.message));
        resolve();
      });
    });
    return g;
  };
  // Each chunk as it arrives, the wire's bytes counted by the one bounded reader; true stops it.
  const take = (chunk: Uint8Array): boolean | Promise<boolean> => {
    let bytes = chunk;
    if (head) {
      // The first two bytes decide; they may come in separate chunks.
      const joined: Uint8Array = new Uint8Array(head.length + chunk.length);
      joined.set(head);
      joined.set(chunk, head.length);
      if (joined.length < 2) {
        head = joined;
        return false;
      }
      head = undefined;
      bytes = joined;
      if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
        gunzip = startGunzip();
      } else if (gzipSaid) {
        stopped = failure('unreadable', file, encodedWords(file, 'gzip'));
        return true;
      }
    }
    if (gunzip) {
      if (!gunzip.write(bytes)) return waitDrain(gunzip, () => stopped !== undefined).then(() => stopped !== undefined);
    } else deliver(bytes);
    return stopped !== undefined;
  };
  try {
    try {
      await readBoundedBody(body, { maxBytes, past: 'refuse', onChunk: take });
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) throw error;
      stopped ??= tooLarge();
    }
    // Fewer than two bytes in all: no gzip either.
    if (head && gzipSaid) stopped ??= failure('unreadable', file, encodedWords(file, 'gzip'));
    if (head && head.length) deliver(head);
    if (gunzip) {
      if (stopped) gunzip.destroy();
      else gunzip.end();
    }
    await gunzipDone;
    if (!stopped) stopped = sink(decoder.decode());
    return stopped;
  } finally {
    dropBody(body);
    gunzip?.destroy();
  }
}

function waitDrain(stream: zlib.Gunzip, stop: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (stop() || stream.destroyed) return resolve();
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/** What the proxy did in words, else the error's code (ECONNREFUSED…), else its name. */
function networkWords(error: unknown, viaProxy: boolean): string {
  return proxyReason(error, viaProxy) ?? errorCode(error) ?? (error instanceof Error ? error.name : 'error');
}
