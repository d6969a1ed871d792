// Turns an HTTP status and body into the client's result or its ApiError. Pure: no I/O.
import { ApiError, describeDelay } from './errors';
import { parseRetryAfter } from './retry';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as text (already size-capped). */
  text: string;
}

/** What the caller is doing, so a 404 can say what was not found. */
export interface ResponseContext {
  what: string;
  notFound?: string;
}

function header(response: RawResponse, name: string): string | undefined {
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

function sizeOf(text: string): string {
  const bytes = Buffer.byteLength(text);
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} kB`;
}

export function parseJson(response: RawResponse): unknown {
  if (response.text.trim() === '') return undefined;
  try {
    return JSON.parse(response.text);
  } catch {
    const type = header(response, 'content-type') ?? 'no content type';
    throw new ApiError(
      'bad-response',
      `The service answered HTTP ${response.status} with something that is not JSON (${type.split(';')[0]}, ${sizeOf(response.text)}: "${excerpt(response.text)}"). Check that "webReports.baseUrl" points at the report service.`,
      { status: response.status },
    );
  }
}

function serviceMessage(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string') {
    return excerpt((body as { message: string }).message, 300);
  }
  return undefined;
}

function fieldErrors(body: unknown): Record<string, string[]> | undefined {
  const errors = typeof body === 'object' && body !== null ? (body as { errors?: unknown }).errors : undefined;
  if (typeof errors !== 'object' || errors === null) return undefined;
  const result: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const list = (Array.isArray(messages) ? messages : [messages])
      .filter((m) => m !== null && m !== undefined)
      .map((m) => excerpt(String(m), 300));
    if (list.length) result[field] = list;
  }
  return Object.keys(result).length ? result : undefined;
}

/** The parsed JSON body of a 2xx answer, or throws the ApiError that the status means. */
export function interpret(response: RawResponse, context: ResponseContext): unknown {
  const { status } = response;
  if (status >= 200 && status < 300) return status === 204 ? undefined : parseJson(response);
  if (status >= 300 && status < 400) {
    const location = header(response, 'location');
    throw new ApiError(
      'bad-response',
      `The service answered with a redirect (HTTP ${status}${location ? ` to ${excerpt(location, 120)}` : ''}). Redirects are not followed, so the API key is not sent elsewhere: set "webReports.baseUrl" to the final address.`,
      { status },
    );
  }
  let body: unknown;
  try {
    body = parseJson(response);
  } catch {
    body = undefined; // an error page in HTML: the status alone says enough
  }
  const message = serviceMessage(body);
  const suffix = message ? `: ${message}` : '';
  const retryAfterMs = parseRetryAfter(header(response, 'retry-after'));
  if (status === 401) {
    throw new ApiError(
      'auth',
      `The report service did not accept the API key (HTTP 401${suffix}). Set a valid key with "Website Reports: Set API Key".`,
      { status, serviceMessage: message },
    );
  }
  if (status === 403) {
    throw new ApiError(
      'auth',
      `The API key is not allowed to ${context.what} (HTTP 403${suffix}). Check the key's permissions or set another key.`,
      { status, serviceMessage: message },
    );
  }
  if (status === 404 || status === 410) {
    throw new ApiError(
      'not-found',
      `${context.notFound ?? `Could not ${context.what}: the service has no such resource`} (HTTP ${status}).`,
      { status, serviceMessage: message },
    );
  }
  if (status === 422 || status === 400 || status === 409 || status === 413) {
    const fields = fieldErrors(body);
    const details = fields
      ? Object.entries(fields)
          .map(([f, m]) => `${f}: ${m.join(' ')}`)
          .join('; ')
      : message;
    throw new ApiError('validation', `The service refused to ${context.what} (HTTP ${status})${details ? `: ${details}` : '.'}`, {
      status,
      fieldErrors: fields,
      serviceMessage: message,
    });
  }
  if (status === 429) {
    const when = retryAfterMs !== undefined ? `Try again in ${describeDelay(retryAfterMs)}.` : 'Wait a little and try again.';
    throw new ApiError('rate-limited', `The report service is limiting requests (HTTP 429). ${when}`, {
      status,
      retryAfterMs,
      serviceMessage: message,
    });
  }
  if (status >= 500) {
    throw new ApiError('server', `The report service failed to ${context.what} (HTTP ${status}${suffix}). Try again later.`, {
      status,
      retryAfterMs: status === 503 ? retryAfterMs : undefined,
      serviceMessage: message,
    });
  }
  throw new ApiError('bad-response', `The service answered HTTP ${status}${suffix} when asked to ${context.what}.`, {
    status,
    serviceMessage: message,
  });
}
