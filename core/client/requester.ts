// Sends the client's calls: the key per request, the one request queue (which also waits out a
// 429: the call goes back to it), retries with backoff for other failures, and log lines with the
// key redacted. client.ts says what to ask; this says how it is sent. Kept lean: nothing is built
// per request that only a log line or an error needs.
import * as l10n from '@vscode/l10n';
import { assertSendableKey } from './apiKey';
import { ApiError, describeDelay } from './errors';
import { MAX_RECORD_BYTES } from './answerLimits';
import { loggableUrl, redactError, redactorFor } from './redact';
import { Priority, RateGate, RateGateOptions, headerCount } from './rateGate';
import { RequestQueue, Timers, realTimers } from './requestQueue';
import { header, interpret, RawResponse, ResponseContext } from './responses';
import { nextRetry, parseRetryAfter, RATE_LIMIT_BACKOFF, RetryPolicy, sleep } from './retry';
import { send, SendOptions } from './transport';
import { Dispatcher } from './undici';
import type { Clean } from './fieldErrors';

export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error';
export type Log = (level: LogLevel, message: string) => void;

/** Times one call goes back to the queue after a 429 before its error is given to the caller (a 429 that says no usable wait: RATE_LIMIT_BACKOFF's, retry.ts). */
export const MAX_RATE_LIMITED = 5;
/**
 * Waiting for 429s that do not say how long (no Retry-After), in all, since the service last
 * answered otherwise: past it, a 429 fails at once and says so (a run never waits without end).
 */
export const MAX_UNSAID_WAIT_MS = 60_000;

export interface Call extends ResponseContext {
  method: SendOptions['method'];
  url: string;
  form?: URLSearchParams;
  timeoutMs?: number;
  signal?: AbortSignal;
  priority?: Priority;
  beforeSend?: () => Promise<void>;
}

/** What `beforeSend` threw: given to the caller as it is, never taken for a network failure. */
class NotSent {
  constructor(readonly cause: unknown) {}
}

export interface RequesterOptions {
  dispatcher: Dispatcher;
  apiKey: () => string | undefined | Promise<string | undefined>;
  retry: RetryPolicy;
  timeoutMs: number;
  maxResponseBytes: number;
  userAgent: string;
  /** Log lines; none are built when absent. */
  log?: Log;
  timers?: Timers;
  /** The caller's own ceiling of requests a minute (see RateGate). */
  pacing?: Pick<RateGateOptions, 'ownLimit' | 'ownBackgroundLimit' | 'ownLimitExempt'>;
}

interface KeyState {
  key: string;
  clean: Clean;
  headers: Record<string, string>;
  formHeaders: Record<string, string>;
}

export class Requester {
  readonly queue: RequestQueue;
  private keyState?: KeyState;

  constructor(private readonly options: RequesterOptions) {
    const timers = options.timers ?? realTimers;
    this.queue = new RequestQueue(new RateGate(() => timers.now(), options.pacing), timers);
  }

  async call(call: Call): Promise<unknown> {
    const provided = this.options.apiKey();
    const state = this.stateFor((typeof provided === 'string' || provided === undefined ? provided : await provided)?.trim());
    call.clean = state.clean;
    let rateLimited = 0;
    let unsaid = 0;
    for (let attempt = 0; ; ) {
      try {
        return await this.attempt(call, state);
      } catch (caught) {
        if (caught instanceof NotSent) throw caught.cause;
        const error = caught instanceof ApiError ? caught : new ApiError('network', String(caught), { cause: caught });
        if (error.kind === 'rate-limited' && error.status === 429) {
          // Nothing was processed: the call goes back to the queue, which holds until Retry-After.
          const refusal = this.refusal(error, ++rateLimited, error.retryAfterMs === undefined ? ++unsaid : unsaid);
          if (refusal) throw redactError(refusal, state.clean);
          this.log('info', () => `${describe(call, state)} was refused (429); queued again.`); // l10n-exempt: log line
          continue;
        }
        const retries = this.options.retry;
        const delay = nextRetry(call.method, retries, attempt, error);
        if (delay === undefined) throw redactError(error, state.clean);
        attempt++;
        // l10n-exempt: log line
        this.log(
          'warn',
          () => `${describe(call, state)} failed (${error.kind}${error.status ? ` ${error.status}` : ''}); retrying in ${delay} ms.`,
        );
        await sleep(delay, call.signal);
      }
    }
  }

  /**
   * Why a 429 is not waited out (too long, said or not said, or too often), or undefined to wait.
   * `unsaid`: this call's 429s that said no usable wait (the gate backs off after each, RATE_LIMIT_BACKOFF).
   */
  private refusal(error: ApiError, times: number, unsaid: number): ApiError | undefined {
    if (error.retryAfterMs !== undefined && !this.queue.waitsFor(error.retryAfterMs)) return error;
    if (error.retryAfterMs === undefined && unsaid > RATE_LIMIT_BACKOFF.retries) {
      return new ApiError(
        'rate-limited',
        l10n.t('The report service refused the request {0} times (HTTP 429) without saying when to try again; gave up.', unsaid),
        { status: 429, serviceMessage: error.serviceMessage },
      );
    }
    if (error.retryAfterMs === undefined && this.queue.gate.unsaidHoldMs > MAX_UNSAID_WAIT_MS) {
      return new ApiError(
        'rate-limited',
        l10n.t(
          'The report service kept refusing requests (HTTP 429) without saying when to try again; gave up after waiting {0} in all.',
          describeDelay(MAX_UNSAID_WAIT_MS),
        ),
        { status: 429, serviceMessage: error.serviceMessage },
      );
    }
    return times >= MAX_RATE_LIMITED ? error : undefined;
  }

  private stateFor(key: string | undefined): KeyState {
    if (!key) {
      throw new ApiError('not-configured', l10n.t('No API key is set. Run "Website Reports: Set API Key".'), {
        next: { kind: 'set-api-key' },
      });
    }
    if (this.keyState?.key === key) return this.keyState;
    assertSendableKey(key);
    const headers = {
      accept: 'application/json',
      authorization: `Bearer ${key}`, // l10n-exempt: protocol value
      'user-agent': this.options.userAgent,
    };
    this.keyState = {
      key,
      clean: redactorFor(key),
      headers,
      formHeaders: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    };
    return this.keyState;
  }

  private async attempt(call: Call, state: KeyState): Promise<unknown> {
    const ticket = await this.queue.acquire(call.priority ?? 'interactive', call.signal);
    if (call.beforeSend) {
      try {
        await call.beforeSend();
      } catch (error) {
        this.queue.settle(ticket);
        throw new NotSent(error);
      }
    }
    const started = this.options.log ? Date.now() : 0;
    let raw: RawResponse;
    try {
      raw = await send(this.options.dispatcher, {
        method: call.method,
        url: call.url,
        headers: call.form ? state.formHeaders : state.headers,
        body: call.form?.toString(),
        timeoutMs: call.timeoutMs ?? this.options.timeoutMs,
        // A record or a list is read within the bounded reader's budgets; anything else whole.
        maxResponseBytes:
          call.expect === 'list' || call.expect === 'record'
            ? this.options.maxResponseBytes
            : Math.min(MAX_RECORD_BYTES, this.options.maxResponseBytes),
        keepCut: call.expect === 'record',
        ignoreBody: call.ignoreBody,
        signal: call.signal,
      });
    } catch (error) {
      this.queue.settle(ticket);
      if (error instanceof ApiError && error.status === undefined) {
        this.log(
          error.kind === 'cancelled' ? 'debug' : 'warn',
          () => `${describe(call, state)} → ${error.kind} after ${Date.now() - started} ms`,
        );
      }
      throw error;
    }
    this.queue.observe(ticket, {
      status: raw.status,
      limit: headerCount(header(raw, 'x-ratelimit-limit')),
      remaining: headerCount(header(raw, 'x-ratelimit-remaining')),
      retryAfterMs: raw.status === 429 || raw.status === 503 ? parseRetryAfter(header(raw, 'retry-after')) : undefined,
    });
    this.log(raw.status < 400 ? 'info' : 'warn', () => `${describe(call, state)} → ${raw.status} in ${Date.now() - started} ms`);
    return interpret(raw, call);
  }

  /** A log line, built only when there is a log. */
  private log(level: LogLevel, message: () => string): void {
    const log = this.options.log;
    if (!log) return;
    log(level, this.keyState ? this.keyState.clean(message()) : message());
  }

  /** A redactor for the current key, for log lines written outside a call. */
  async redactor(): Promise<(text: string) => string> {
    return redactorFor((await this.options.apiKey())?.trim());
  }

  /** Refuses the calls still waiting for the rate gate. */
  close(): void {
    this.queue.close();
  }
}

/** "GET /api/v1/reports?…" for a log line, the key redacted. */
function describe(call: Call, state: KeyState): string {
  return `${call.method} ${loggableUrl(call.url, state.clean)}`;
}
