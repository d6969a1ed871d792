// A small client of GitHub's REST API for the comment and the issue: JSON in and out, the token
// sent only to the API's origin (a `Link: next` elsewhere is not followed), answers read within a
// byte budget, listings paged within a page budget. Failed requests are retried by the core's one
// policy (core/client/retry.ts: backoff with jitter, Retry-After, never a POST): an edit (PATCH)
// sets the whole body, so it is retried like a PUT; a create is never retried blindly — the caller
// looks for what it made first (markedThread.ts).
import { isSameOrigin } from '../../core/client/baseUrl';
import { ApiError, type ApiErrorKind } from '../../core/client/errors';
import { BodyTooLarge, readBoundedBody } from '../../core/client/boundedBody';
import { textNestsDeeperThan } from '../../core/client/jsonDepth';
import { chooseProxy } from '../../core/client/proxy';
import { DEFAULT_RETRY, nextRetry, parseRetryAfter, sleep } from '../../core/client/retry';
import { poolThrough, request, type Dispatcher } from '../../core/client/undici';
import { oneLine } from '../../core/text/oneLine';
import type { GitHubTarget } from './githubEnv';

/** Bytes of one answer read (a page of 30 comments of GitHub's largest, 65,536 characters, fits). */
export const MAX_GITHUB_ANSWER_BYTES = 16 * 1024 * 1024;
/** Levels of nesting of one answer (GitHub's have under ten). */
export const MAX_GITHUB_ANSWER_DEPTH = 64;
/** Pages of a listing read (at GITHUB_PAGE_SIZE each): past them the marker is not looked for further. */
export const MAX_GITHUB_PAGES = 100;
/** Items asked for per page. */
export const GITHUB_PAGE_SIZE = 30;
/** Time allowed for one request. */
export const GITHUB_TIMEOUT_MS = 30_000;

export type Method = 'GET' | 'POST' | 'PATCH';

export class GitHubApi {
  private readonly dispatcher: Dispatcher;

  /** `env`: HTTPS_PROXY, HTTP_PROXY and NO_PROXY apply to the API as to the report service (a runner behind a proxy). */
  constructor(
    readonly target: GitHubTarget,
    private readonly userAgent: string,
    env: Record<string, string | undefined> = {},
  ) {
    this.dispatcher = poolThrough(chooseProxy(target.api.href, { env }), { keepAliveTimeout: 5_000, connections: 2 });
  }

  /** `path` under the API ("repos/o/r/…"), or an absolute link of the API's origin. */
  async send(method: Method, path: string, body?: unknown): Promise<unknown> {
    const url = path.startsWith('http') ? path : `${this.target.api.href}/${path}`;
    if (!isSameOrigin(this.target.api, url)) {
      throw new ApiError('bad-response', 'GitHub sent a link to another address; it was not followed.');
    }
    return (await this.retrying(method, () => this.once(method, url, body))).json;
  }

  /** Every item of a listing, page by page (Link rel="next"), until `stop` says found or the page budget ends. */
  async find<T>(path: string, stop: (item: T) => boolean): Promise<T | undefined> {
    let next: string | undefined = `${this.target.api.href}/${path}${path.includes('?') ? '&' : '?'}per_page=${GITHUB_PAGE_SIZE}`;
    for (let page = 0; next && page < MAX_GITHUB_PAGES; page++) {
      const { json, link }: { json: unknown; link: string | undefined } = await this.getPage(next);
      if (!Array.isArray(json)) throw new ApiError('bad-response', 'GitHub answered a listing with something other than a list.');
      const hit = (json as T[]).find((item) => item !== null && typeof item === 'object' && stop(item));
      if (hit) return hit;
      next = link && isSameOrigin(this.target.api, link) ? link : undefined;
    }
    // Not looked through to the end: "not found" would make a second comment.
    if (next) throw new ApiError('bad-response', `there are more than ${MAX_GITHUB_PAGES * GITHUB_PAGE_SIZE} to look through`);
    return undefined;
  }

  async dispose(): Promise<void> {
    await this.dispatcher.close();
  }

  private async getPage(url: string): Promise<{ json: unknown; link: string | undefined }> {
    const answer = await this.retrying('GET', () => this.once('GET', url));
    return { json: answer.json, link: nextLink(answer.link) };
  }

  /** `attempt` again after a failure the core's policy retries (a 429 waited out when GitHub says for how long). */
  private async retrying<T>(method: Method, attempt: () => Promise<T>): Promise<T> {
    for (let tried = 0; ; tried++) {
      try {
        return await attempt();
      } catch (caught) {
        const error = caught instanceof ApiError ? caught : new ApiError('network', String(caught));
        // An edit (PATCH) is sent again as a PUT would be: it sets the same text twice.
        const delay = nextRetry(method === 'PATCH' ? 'PUT' : method, DEFAULT_RETRY, tried, error);
        if (delay === undefined) throw error;
        await sleep(delay);
      }
    }
  }

  private async once(method: Method, url: string, body?: unknown): Promise<{ json: unknown; link?: string }> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), GITHUB_TIMEOUT_MS);
    try {
      const response = await request(url, {
        dispatcher: this.dispatcher,
        method,
        headers: {
          accept: 'application/vnd.github+json',
          authorization: `Bearer ${this.target.token}`,
          'x-github-api-version': '2022-11-28',
          'user-agent': this.userAgent,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
      const text = (
        await readBoundedBody(response.body, { maxBytes: MAX_GITHUB_ANSWER_BYTES, past: 'refuse' }).catch((error: unknown) => {
          if (!(error instanceof BodyTooLarge)) throw error;
          throw new ApiError(
            'bad-response',
            `GitHub's answer is larger than ${MAX_GITHUB_ANSWER_BYTES / 1024 / 1024} MiB; it was not read.`,
          );
        })
      ).text();
      // GitHub's answers nest a few levels; a deeper one is refused before it is parsed.
      if (textNestsDeeperThan(text, MAX_GITHUB_ANSWER_DEPTH)) {
        throw new ApiError('bad-response', `GitHub's answer nests deeper than ${MAX_GITHUB_ANSWER_DEPTH} levels; it was not read.`);
      }
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      const status = response.statusCode;
      if (status >= 200 && status < 300) {
        const link = response.headers.link;
        return { json, link: Array.isArray(link) ? link.join(', ') : link };
      }
      const retryAfter = response.headers['retry-after'];
      throw gitHubError(status, json, parseRetryAfter(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter));
    } catch (error) {
      if (error instanceof ApiError) throw error;
      const why = controller.signal.aborted ? `no answer within ${GITHUB_TIMEOUT_MS / 1000} s` : 'the connection failed';
      throw new ApiError(
        controller.signal.aborted ? 'timeout' : 'network',
        `GitHub could not be reached at ${this.target.api.origin}: ${why}.`,
      );
    } finally {
      clearTimeout(timer);
    }
  }
}

const KINDS: Record<number, ApiErrorKind> = {
  401: 'auth',
  403: 'forbidden',
  404: 'not-found',
  410: 'not-found',
  422: 'validation',
  429: 'rate-limited',
};

function gitHubError(status: number, json: unknown, retryAfterMs: number | undefined): ApiError {
  const said = (json as { message?: unknown } | undefined)?.message;
  // GitHub's own words, on one line: a line feed in them must not forge a line of stderr or the summary.
  const message = typeof said === 'string' ? oneLine(said.slice(0, 200)) : '';
  const kind: ApiErrorKind = KINDS[status] ?? (status >= 500 ? 'server' : 'bad-response');
  return new ApiError(kind, `GitHub answered ${status}${message ? ` (${message})` : ''}.`, {
    status,
    retryAfterMs,
    serviceMessage: message,
  });
}

/** The `rel="next"` URL of a Link header. */
export function nextLink(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(',')) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (match && /(^|;)\s*rel="?([^";]*\s)?next(\s[^";]*)?"?\s*(;|$)/.test(match[2])) return match[1];
  }
  return undefined;
}
