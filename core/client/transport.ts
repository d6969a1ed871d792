// Sends one HTTP request with undici over a keep-alive dispatcher: timeout, cancellation, a size
// cap on the answer, no redirects. Network failures become ApiErrors; statuses are left to
// responses.ts.
import * as l10n from '@vscode/l10n';
import { EventEmitter } from 'node:events';
import { ApiError, NextStep } from './errors';
import { ProxyChoice } from './proxy';
import { MAX_ERROR_BODY_BYTES, MAX_HEADER_BYTES } from './answerLimits';
import { RawResponse, tooLarge } from './responses';
import { Dispatcher, isThroughProxy, poolThrough, request } from './undici';
import { errorCode, networkReason } from './networkErrors';
import { BodyTooLarge, readBoundedBody } from './boundedBody';

export interface SendOptions {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** Bytes read of a successful answer. */
  maxResponseBytes: number;
  /** A successful answer over the budget is read up to it and returned cut, not refused (a record's facts come first). */
  keepCut?: boolean;
  /** The body does not matter: read only as much as an error body. */
  ignoreBody?: boolean;
  signal?: AbortSignal;
}

// Where the address itself is likely wrong, the setting helps more than trying again.
const ADDRESS_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

export function createDispatcher(proxy: ProxyChoice | undefined): Dispatcher {
  // undici's own 300 s header/body timeouts would cut a long analysis short with a vaguer
  // message; the client's timer (requestTimeoutSeconds, 4x for analyses) governs instead.
  return poolThrough(proxy, {
    keepAliveTimeout: 10_000,
    connections: 8,
    headersTimeout: 0,
    bodyTimeout: 0,
    maxHeaderSize: MAX_HEADER_BYTES,
  });
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

class Timeout {
  constructor(readonly ms: number) {}
}

/**
 * What stops one request: its timer or the caller's cancel, once, with the reason. undici takes an
 * emitter as a request's signal (`aborted`, `reason`, an 'abort' event); an AbortController with
 * undici's listeners on it cost several times as much, a few % of a small answer's time.
 */
class Stop extends EventEmitter {
  aborted = false;
  reason: unknown;

  fire(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.emit('abort');
  }
}

export async function send(dispatcher: Dispatcher, options: SendOptions): Promise<RawResponse> {
  const stop = new Stop();
  const timer = setTimeout(() => stop.fire(new Timeout(options.timeoutMs)), options.timeoutMs);
  const onCancel = () => stop.fire(options.signal?.reason);
  if (options.signal?.aborted) onCancel();
  options.signal?.addEventListener('abort', onCancel, { once: true });
  try {
    const response = await request(options.url, {
      dispatcher,
      method: options.method,
      headers: options.headers,
      body: options.body,
      signal: stop,
    });
    // An error's body, or one that does not matter, is read only as far as its start says enough.
    const ok = response.statusCode >= 200 && response.statusCode < 300 && !options.ignoreBody;
    const max = ok ? options.maxResponseBytes : Math.min(MAX_ERROR_BODY_BYTES, options.maxResponseBytes);
    const keepCut = !ok || options.keepCut === true;
    const declared = Number(response.headers['content-length']);
    if (!keepCut && Number.isFinite(declared) && declared > max) {
      response.body.destroy();
      throw tooLarge(response.statusCode, max);
    }
    const read = await readBoundedBody(response.body, { maxBytes: max, past: keepCut ? 'cut' : 'refuse' }).catch((error: unknown) => {
      throw error instanceof BodyTooLarge ? tooLarge(response.statusCode, max) : error;
    });
    return { status: response.statusCode, headers: response.headers, body: read.bytes, truncated: read.truncated };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const origin = originOf(options.url); // only a failure names it: not parsed per request
    const reason: unknown = stop.aborted ? stop.reason : undefined;
    if (reason instanceof Timeout) {
      throw new ApiError(
        'timeout',
        l10n.t(
          'The report service at {0} did not answer within {1} seconds. Try again, or raise "webReports.requestTimeoutSeconds".',
          origin,
          Math.round(reason.ms / 1000),
        ),
        { cause: error },
      );
    }
    if (stop.aborted) throw new ApiError('cancelled', l10n.t('The request was cancelled.'), { cause: error });
    const code = errorCode(error);
    if (code && TIMEOUT_CODES.has(code)) {
      throw new ApiError(
        'timeout',
        l10n.t('The report service at {0} did not answer in time. Try again, or raise "webReports.requestTimeoutSeconds".', origin),
        { cause: error },
      );
    }
    if (code === 'UND_ERR_HEADERS_OVERFLOW') {
      throw new ApiError(
        'bad-response',
        l10n.t(
          'The service\'s answer has headers larger than {0} KB; it was not read. This is not what the report API sends: check "webReports.baseUrl".',
          MAX_HEADER_BYTES / 1024,
        ),
        { cause: error, next: { kind: 'open-setting', setting: 'webReports.baseUrl' } },
      );
    }
    const viaProxy = isThroughProxy(dispatcher);
    const known = networkReason(error, viaProxy);
    const why = known ?? (error instanceof Error ? error.message : String(error));
    // Through a proxy, a connection that failed is the proxy's: the service's address may be right.
    const next: NextStep =
      code && ADDRESS_CODES.has(code) && !viaProxy ? { kind: 'open-setting', setting: 'webReports.baseUrl' } : { kind: 'retry' };
    throw new ApiError(
      'network',
      l10n.t('Could not reach the report service at {0}: {1}. Check "webReports.baseUrl", your network and proxy settings.', origin, why),
      { cause: error, next, reason: known },
    );
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCancel);
  }
}
