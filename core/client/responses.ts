// Turns an HTTP status and body into the client's result or its ApiError. Pure: no I/O.
// Every piece of server text that reaches a message is redacted first, then shortened.
import * as l10n from '@vscode/l10n';
import { ApiError, describeDelay, NextStep } from './errors';
import { MalformedJson, readBoundedJson } from './boundedAnswer';
import { Clean, readFieldErrors, readServiceMessage } from './fieldErrors';
import { MAX_RECORD_BYTES } from './answerLimits';
import { parseRetryAfter } from './retry';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body's bytes, as many as the budget allowed (limits.ts). */
  body: Buffer;
  /** The body went on past the budget; `body` holds its start. */
  truncated?: boolean;
}

/**
 * How a successful answer is read: a list page or one record within the bounded reader's budgets
 * (boundedJson.ts); anything else whole, up to one record's budget.
 */
export type Expect = 'list' | 'record' | 'whole';

/** What the caller is doing, so a 403 or 404 can say what it means there. */
export interface ResponseContext {
  what: string;
  /** The address asked (`{base}/api/v1/…`): an answer that is not the service's names its base. */
  url?: string;
  notFound?: string;
  /** What a 403 means for this resource, and what helps. */
  forbidden?: { message: string; next?: NextStep };
  /** The answer's body does not matter (delete): any 2xx is success, JSON or not. */
  ignoreBody?: boolean;
  /** What a successful answer holds; 'whole' when not said. */
  expect?: Expect;
  /** Removes secrets from server text; applied before anything is shortened. */
  clean?: Clean;
}

export function header(response: Pick<RawResponse, 'headers'>, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A short, printable excerpt of a body, to say what the service sent. */
export function excerpt(text: string, max = 80): string {
  const flat = text
    .replace(/\s+/g, ' ')
    .replace(/[^\x20-\x7e\u00a0-\uffff]/g, '?')
    .trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

function sizeOf(bytes: number): string {
  if (bytes === 1) return l10n.t('1 byte');
  return bytes < 1024 ? l10n.t('{0} bytes', bytes) : l10n.t('{0} kB', (bytes / 1024).toFixed(1));
}

const keep: Clean = (text) => text;

// The start of a body that is enough to say what it is (an excerpt shows 80 characters of it).
const EXCERPT_BYTES = 4096;

/**
 * An answer that is not JSON where the report API always sends JSON (a 2xx, a 404 even for an unknown
 * route): the address is not the report service's (a web site, a proxy's page). Says what came back
 * (an HTML page and its title, else its type, size and start) and where the address is set.
 */
function notAService(response: RawResponse, clean: Clean, url: string | undefined): ApiError {
  const type = header(response, 'content-type') ?? '';
  const start = response.body.toString('utf8', 0, EXCERPT_BYTES);
  let what: string;
  if (/html/i.test(type) || /^\s*</.test(start)) {
    const title = /<title[^<>]*>([^<]*)/i.exec(start)?.[1].trim();
    what = title
      ? l10n.t('HTTP {0} with an HTML page titled "{1}"', response.status, excerpt(clean(title), 60))
      : l10n.t(
          'HTTP {0} with an HTML page ("{1}")',
          response.status,
          excerpt(clean(start.replace(/<[^<>]*>/g, ' ')) || excerpt(clean(start))),
        );
  } else {
    what = l10n.t(
      'HTTP {0} with {1}, {2}: "{3}"',
      response.status,
      excerpt(clean(type.split(';')[0]), 60) || l10n.t('no content type'),
      sizeOf(response.body.length),
      excerpt(clean(start)),
    );
  }
  const base = url?.includes('/api/v1/') ? excerpt(clean(url.slice(0, url.indexOf('/api/v1/'))), 120) : undefined;
  return new ApiError(
    'bad-response',
    l10n.t(
      '{0} does not answer as a report service: it gave {1} where JSON was expected. Set "webReports.baseUrl" to the report service\'s own address, the one whose /api/v1/ answers.',
      base ?? l10n.t('The address'),
      what,
    ),
    { status: response.status, notAService: what, next: { kind: 'open-setting', setting: 'webReports.baseUrl' } },
  );
}

/** The body as JSON, read as `expect` says; a body cut at the budget is never read as whole. */
export function parseJson(response: RawResponse, clean: Clean = keep, expect: Expect = 'whole', url?: string): unknown {
  const { body } = response;
  if (expect !== 'whole') {
    try {
      return readBoundedJson(body, { expect, truncated: response.truncated });
    } catch (error) {
      if (!(error instanceof MalformedJson)) throw error;
      if (error.cut && response.truncated) throw tooLarge(response.status, body.length);
      throw notAService(response, clean, url);
    }
  }
  if (response.truncated || body.length > MAX_RECORD_BYTES) throw tooLarge(response.status, Math.min(body.length, MAX_RECORD_BYTES));
  const text = body.toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw notAService(response, clean, url);
  }
}

/** An answer larger than the client reads (`max` bytes). */
export function tooLarge(status: number, max: number): ApiError {
  return new ApiError(
    'bad-response',
    l10n.t(
      'The service\'s answer (HTTP {0}) is larger than {1} MB; it was not read. This is not what the report API sends: check "webReports.baseUrl".',
      status,
      (max / 1024 / 1024).toFixed(0),
    ),
    { status },
  );
}

/** The parsed JSON body of a 2xx answer, or throws the ApiError that the status means. */
export function interpret(response: RawResponse, context: ResponseContext): unknown {
  const clean = context.clean ?? keep;
  const short = (max: number) => (text: string) => excerpt(clean(text), max);
  const { status } = response;
  if (status >= 200 && status < 300) {
    if (context.ignoreBody || status === 204) return undefined;
    return parseJson(response, clean, context.expect, context.url);
  }
  if (status >= 300 && status < 400) {
    const location = header(response, 'location');
    throw new ApiError(
      'bad-response',
      location
        ? l10n.t(
            'The service answered with a redirect (HTTP {0} to {1}). Redirects are not followed, so the API key is not sent elsewhere: set "webReports.baseUrl" to the final address.',
            status,
            short(120)(location),
          )
        : l10n.t(
            'The service answered with a redirect (HTTP {0}). Redirects are not followed, so the API key is not sent elsewhere: set "webReports.baseUrl" to the final address.',
            status,
          ),
      { status, next: { kind: 'open-setting', setting: 'webReports.baseUrl' } },
    );
  }
  let body: unknown;
  try {
    body = parseJson(response);
  } catch {
    body = undefined; // an error page in HTML: the status alone says enough
  }
  const message = readServiceMessage(body, short(300));
  const suffix = message ? `: ${message}` : '';
  const retryAfterMs = parseRetryAfter(header(response, 'retry-after'));
  if (status === 401) {
    throw new ApiError(
      'auth',
      l10n.t('The report service did not accept the API key (HTTP 401{0}). Set a valid key with "Website Reports: Set API Key".', suffix),
      { status, serviceMessage: message },
    );
  }
  if (status === 403) {
    // Not a bad key: the real service answers 403 for a report that is missing or not the caller's.
    const forbidden = context.forbidden ?? { message: l10n.t('The service does not allow this key to {0}', context.what) };
    throw new ApiError('forbidden', `${forbidden.message} (HTTP 403${suffix}).`, { status, serviceMessage: message, next: forbidden.next });
  }
  // The report API answers a 404 in JSON, even for a route it does not know; a page is someone else's.
  if ((status === 404 || status === 405) && body === undefined) throw notAService(response, clean, context.url);
  if (status === 404 || status === 410) {
    throw new ApiError(
      'not-found',
      `${context.notFound ?? l10n.t('Could not {0}: the service has no such resource', context.what)} (HTTP ${status}).`,
      { status, serviceMessage: message, next: { kind: 'refresh' } },
    );
  }
  if (status === 422 || status === 400 || status === 409 || status === 413) {
    const fields = readFieldErrors(body, short(300));
    const details = fields
      ? Object.entries(fields)
          .map(([f, m]) => `${f}: ${m.join(' ')}`)
          .join('; ')
      : message;
    const said = details ? `: ${excerpt(details, 600)}` : '.';
    throw new ApiError('validation', l10n.t('The service refused to {0} (HTTP {1}){2}', context.what, status, said), {
      status,
      fieldErrors: fields,
      serviceMessage: message,
    });
  }
  if (status === 429) {
    const when =
      retryAfterMs !== undefined ? l10n.t('Try again in {0}.', describeDelay(retryAfterMs)) : l10n.t('Wait a little and try again.');
    throw new ApiError('rate-limited', l10n.t('The report service is limiting requests (HTTP 429). {0}', when), {
      status,
      retryAfterMs,
      serviceMessage: message,
    });
  }
  if (status >= 500) {
    throw new ApiError('server', l10n.t('The report service failed to {0} (HTTP {1}{2}). Try again later.', context.what, status, suffix), {
      status,
      retryAfterMs: status === 503 ? retryAfterMs : undefined,
      serviceMessage: message,
    });
  }
  throw new ApiError('bad-response', l10n.t('The service answered HTTP {0}{1} when asked to {2}.', status, suffix, context.what), {
    status,
    serviceMessage: message,
  });
}
