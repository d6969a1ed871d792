// The one fetcher of an address that follows redirects by hand: each hop on its own dispatcher
// (a pool per address, which may refuse it), at most `maxRedirects`, a redirect's body dropped
// unread. What is followed is the caller's rule (`follow`: the site reader keeps the scheme, the
// service's analysis keeps to http(s) and away from itself); the answer at the end is the caller's
// to read (core/client/boundedBody.ts). Network errors and aborts are thrown; `where` says which
// address and dispatcher they happened on.
import { request, type Dispatcher } from '../client/undici';

export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

export interface FollowOptions<R> {
  /** The connection pool of every request, or of each address, which may refuse it by throwing. */
  dispatcher: Dispatcher | ((url: URL) => Promise<Dispatcher>);
  headers: Record<string, string>;
  signal?: AbortSignal;
  maxRedirects: number;
  headersTimeout?: number;
  bodyTimeout?: number;
  /** Where a URL is asked (the service's demo serves seeded hosts from its own site); its own address by default. */
  askAt?: (url: URL) => string;
  /** A redirect from `from` to `to`: the next address, or the caller's refusal. */
  follow: (to: URL, from: URL) => URL | R;
  /** The refusal of a redirect past `maxRedirects`. */
  tooMany: (from: URL) => R;
  /** The refusal of a redirect whose Location is not an address. */
  badLocation: (from: URL) => R;
  /** A redirect status with no Location at all: refused as `badLocation`, or the answer itself. */
  withoutLocation?: 'refuse' | 'answer';
}

/** Where the fetch is: the address asked last and its dispatcher (for the words of a failure). */
export interface FetchPlace {
  url: URL;
  dispatcher?: Dispatcher;
}

export type Answer = Awaited<ReturnType<typeof request>>;

export type Followed<R> = { ok: true; url: URL; response: Answer } | { ok: false; refusal: R };

/** Asks `place.url`, following redirects; the final answer's body is the caller's to read or drop. */
export async function followRedirects<R>(place: FetchPlace, options: FollowOptions<R>): Promise<Followed<R>> {
  for (let redirects = 0; ; redirects++) {
    const url = place.url;
    place.dispatcher = typeof options.dispatcher === 'function' ? await options.dispatcher(url) : options.dispatcher;
    const response = await request(options.askAt?.(url) ?? url.href, {
      dispatcher: place.dispatcher,
      method: 'GET',
      headers: options.headers,
      signal: options.signal,
      headersTimeout: options.headersTimeout,
      bodyTimeout: options.bodyTimeout,
    });
    if (!REDIRECT_STATUSES.has(response.statusCode)) return { ok: true, url, response };
    const location = response.headers.location;
    if (options.withoutLocation === 'answer' && (typeof location !== 'string' || location === '')) return { ok: true, url, response };
    dropBody(response.body);
    if (redirects >= options.maxRedirects) return { ok: false, refusal: options.tooMany(url) };
    const to = typeof location === 'string' ? parseUrl(location, url) : undefined;
    if (!to) return { ok: false, refusal: options.badLocation(url) };
    const next = options.follow(to, url);
    if (!(next instanceof URL)) return { ok: false, refusal: next };
    place.url = next;
  }
}

function parseUrl(text: string, base: URL): URL | undefined {
  try {
    return new URL(text, base);
  } catch {
    return undefined;
  }
}

/** Drops the rest of an answer; the abort this causes is expected, not an error. */
export function dropBody(body: { destroy(): void; on(event: 'error', listener: (error: unknown) => void): unknown }): void {
  body.on('error', () => undefined);
  body.destroy();
}
