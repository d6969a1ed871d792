// Sends the client's calls: the key per request, the rate gate's queue, retries with backoff, and
// log lines with the key redacted. client.ts says what to ask; this says how it is sent.
import * as l10n from '@vscode/l10n';
import { assertSendableKey } from './apiKey';
import { ApiError } from './errors';
import { MAX_RECORD_BYTES } from './answerLimits';
import { loggableUrl, redactError, redactorFor } from './redact';
import { Priority, RateGate, headerCount } from './rateGate';
import { RequestQueue, Timers, realTimers } from './requestQueue';
import { header, interpret, RawResponse, ResponseContext } from './responses';
import { isRetryable, parseRetryAfter, retryDelay, RetryPolicy, sleep } from './retry';
import { send, SendOptions } from './transport';
import { Dispatcher } from './undici';

export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error';
export type Log = (level: LogLevel, message: string) => void;

export interface Call extends ResponseContext {
  method: SendOptions['method'];
  url: string;
  form?: URLSearchParams;
  timeoutMs?: number;
  signal?: AbortSignal;
  priority?: Priority;
}

export interface RequesterOptions {
  dispatcher: Dispatcher;
  apiKey: () => string | undefined | Promise<string | undefined>;
  retry: RetryPolicy;
  timeoutMs: number;
  maxResponseBytes: number;
  userAgent: string;
  log: Log;
  timers?: Timers;
}

export class Requester {
  readonly queue: RequestQueue;

  constructor(private readonly options: RequesterOptions) {
    const timers = options.timers ?? realTimers;
    this.queue = new RequestQueue(new RateGate(() => timers.now()), timers);
  }

  async call(call: Call): Promise<unknown> {
    const key = (await this.options.apiKey())?.trim();
    if (!key) {
      throw new ApiError('not-configured', l10n.t('No API key is set. Run "Website Reports: Set API Key".'), {
        next: { kind: 'set-api-key' },
      });
    }
    assertSendableKey(key);
    const clean = redactorFor(key);
    const log = (level: LogLevel, message: string) => this.options.log(level, clean(message));
    const where = `${call.method} ${loggableUrl(call.url, clean)}`;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.attempt({ ...call, clean }, key, where, log);
      } catch (caught) {
        const error = caught instanceof ApiError ? caught : new ApiError('network', String(caught), { cause: caught });
        const retries = this.options.retry;
        const delay = attempt < retries.retries && isRetryable(call.method, error) ? retryDelay(retries, attempt, error) : undefined;
        if (delay === undefined) throw redactError(error, clean);
        log('warn', `${where} failed (${error.kind}${error.status ? ` ${error.status}` : ''}); retrying in ${delay} ms.`);
        await sleep(delay, call.signal);
      }
    }
  }

  private async attempt(call: Call, key: string, where: string, log: (level: LogLevel, message: string) => void): Promise<unknown> {
    const ticket = await this.queue.acquire(call.priority ?? 'interactive', call.signal);
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${key}`, // l10n-exempt: protocol value
      'user-agent': this.options.userAgent,
    };
    if (call.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const started = Date.now();
    let raw: RawResponse;
    try {
      raw = await send(this.options.dispatcher, {
        method: call.method,
        url: call.url,
        headers,
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
        log(error.kind === 'cancelled' ? 'debug' : 'warn', `${where} → ${error.kind} after ${Date.now() - started} ms`);
      }
      throw error;
    }
    this.queue.observe(ticket, {
      status: raw.status,
      limit: headerCount(header(raw, 'x-ratelimit-limit')),
      remaining: headerCount(header(raw, 'x-ratelimit-remaining')),
      retryAfterMs: parseRetryAfter(header(raw, 'retry-after')),
    });
    log(raw.status < 400 ? 'info' : 'warn', `${where} → ${raw.status} in ${Date.now() - started} ms`);
    return interpret(raw, call);
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
