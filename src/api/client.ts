// The report service's client: the six operations of the API, typed for the rest of the
// extension. Knows nothing of VS Code; the key comes from a provider so it is read per request
// and never stored here.
import { Dispatcher } from 'undici';
import { apiUrl, BaseUrl, isSameOrigin, parseBaseUrl } from './baseUrl';
import { readAccount, readList, readReport, hasMorePages } from './envelope';
import { ApiError } from './errors';
import { chooseProxy, ProxySettings } from './proxy';
import { interpret, ResponseContext } from './responses';
import { DEFAULT_RETRY, isRetryable, retryDelay, RetryPolicy, sleep } from './retry';
import { createDispatcher, send, SendOptions } from './transport';
import { Account, CreateReportInput, ListQuery, Report, ReportId, ReportPage, UpdateReportInput } from './types';
import { validateCreate, validateListQuery, validateReportId, validateUpdate } from './validate';

export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error';
export type Log = (level: LogLevel, message: string) => void;

export interface ClientOptions {
  baseUrl: string;
  /** Returns the API key; called for each request so a changed key applies at once. */
  apiKey: () => string | undefined | Promise<string | undefined>;
  timeoutMs?: number;
  /** Creating (and re-running) runs an analysis: design.md gives it 4× the timeout. */
  analysisTimeoutMs?: number;
  maxResponseBytes?: number;
  retry?: Partial<RetryPolicy>;
  proxy?: ProxySettings;
  userAgent?: string;
  log?: Log;
}

export interface CallOptions {
  signal?: AbortSignal;
}

interface Call extends CallOptions, ResponseContext {
  method: SendOptions['method'];
  url: string;
  form?: URLSearchParams;
  timeoutMs?: number;
}

export class ReportsClient {
  readonly base: BaseUrl;
  private readonly dispatcher: Dispatcher;
  private readonly retry: RetryPolicy;
  private readonly timeoutMs: number;
  private readonly analysisTimeoutMs: number;
  private readonly maxResponseBytes: number;
  private readonly log: Log;

  constructor(private readonly options: ClientOptions) {
    this.base = parseBaseUrl(options.baseUrl);
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.analysisTimeoutMs = options.analysisTimeoutMs ?? this.timeoutMs * 4;
    this.maxResponseBytes = options.maxResponseBytes ?? 8 * 1024 * 1024;
    this.log = options.log ?? (() => undefined);
    const proxy = chooseProxy(this.base.href, options.proxy ?? { env: process.env });
    if (proxy) this.log('info', `Using the proxy from ${proxy.source} for ${this.base.origin}.`);
    this.dispatcher = createDispatcher(proxy);
  }

  async listReports(query: ListQuery = {}, options: CallOptions = {}): Promise<ReportPage> {
    const params = validateListQuery(query);
    return this.fetchPage(apiUrl(this.base, 'reports', params), query, options);
  }

  /** The page after `page`: its same-origin `links.next`, else `page + 1` of the same query. */
  async nextPage(page: ReportPage, options: CallOptions = {}): Promise<ReportPage> {
    const query = { ...page.query, page: page.page + 1 };
    if (page.nextLink) return this.fetchPage(page.nextLink, query, options);
    return this.listReports(query, options);
  }

  async getReport(id: ReportId, options: CallOptions = {}): Promise<Report> {
    const path = `reports/${encodeURIComponent(validateReportId(id))}`;
    const body = await this.call({
      ...options,
      method: 'GET',
      url: apiUrl(this.base, path),
      what: `read report ${id}`,
      notFound: `Report ${id} was not found; it may have been deleted`,
    });
    return readReport(body);
  }

  async createReport(input: CreateReportInput, options: CallOptions = {}): Promise<Report> {
    const form = validateCreate(input);
    const body = await this.call({
      ...options,
      method: 'POST',
      url: apiUrl(this.base, 'reports'),
      form,
      timeoutMs: this.analysisTimeoutMs,
      what: 'create the report',
    });
    return readReport(body, 'created report');
  }

  /** `passwordKnown`: the report already has a password, so privacy 2 needs no new one. */
  async updateReport(id: ReportId, input: UpdateReportInput, options: CallOptions & { passwordKnown?: boolean } = {}): Promise<Report> {
    const form = validateUpdate(input, options.passwordKnown);
    const path = `reports/${encodeURIComponent(validateReportId(id))}`;
    const body = await this.call({
      ...options,
      method: 'PUT',
      url: apiUrl(this.base, path),
      form,
      timeoutMs: input.results === 1 ? this.analysisTimeoutMs : this.timeoutMs,
      what: `update report ${id}`,
      notFound: `Report ${id} was not found; it may have been deleted`,
    });
    return readReport(body, 'updated report');
  }

  async deleteReport(id: ReportId, options: CallOptions = {}): Promise<void> {
    const path = `reports/${encodeURIComponent(validateReportId(id))}`;
    await this.call({
      ...options,
      method: 'DELETE',
      url: apiUrl(this.base, path),
      what: `delete report ${id}`,
      notFound: `Report ${id} was not found; it may already have been deleted`,
    });
  }

  async getAccount(options: CallOptions = {}): Promise<Account> {
    const body = await this.call({
      ...options,
      method: 'GET',
      url: apiUrl(this.base, 'account'),
      what: 'read the account',
      notFound: `The service at ${this.base.href} has no /api/v1/account; check "webReports.baseUrl"`,
    });
    return readAccount(body);
  }

  /** Closes the keep-alive connections. */
  async dispose(): Promise<void> {
    await this.dispatcher.close().catch(() => undefined);
  }

  private async fetchPage(url: string, query: ListQuery, options: CallOptions): Promise<ReportPage> {
    const body = await this.call({
      ...options,
      method: 'GET',
      url,
      what: 'list reports',
      notFound: `The service at ${this.base.href} has no /api/v1/reports; check "webReports.baseUrl"`,
    });
    const shape = readList(body);
    const page = shape.currentPage ?? query.page ?? 1;
    let nextLink = shape.nextLink;
    if (nextLink && !isSameOrigin(this.base, nextLink)) {
      this.log(
        'warn',
        `Ignored the service's next-page link to another origin (${safeOrigin(nextLink)}); asking for page ${page + 1} instead.`,
      );
      nextLink = undefined;
    }
    if (shape.skipped) this.log('warn', `${shape.skipped} record(s) without an id were left out of the list.`);
    return {
      items: shape.items,
      page,
      perPage: shape.perPage ?? query.perPage,
      total: shape.total,
      lastPage: shape.lastPage,
      hasMore: hasMorePages(shape, page, query),
      nextLink,
      skipped: shape.skipped,
      query: { ...query, page },
    };
  }

  private async call(call: Call): Promise<unknown> {
    const key = (await this.options.apiKey())?.trim();
    if (!key) throw new ApiError('not-configured', 'No API key is set. Run "Website Reports: Set API Key".');
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.attempt(call, key);
      } catch (caught) {
        const error = caught instanceof ApiError ? caught : new ApiError('network', String(caught), { cause: caught });
        const delay = attempt < this.retry.retries && isRetryable(call.method, error) ? retryDelay(this.retry, attempt, error) : undefined;
        if (delay === undefined) throw redact(error, key);
        this.log(
          'warn',
          `${call.method} ${displayPath(call.url)} failed (${error.kind}${error.status ? ` ${error.status}` : ''}); retrying in ${delay} ms.`,
        );
        await sleep(delay, call.signal);
      }
    }
  }

  private async attempt(call: Call, key: string): Promise<unknown> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${key}`,
      'user-agent': this.options.userAgent ?? 'website-reports-vscode',
    };
    if (call.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const started = Date.now();
    try {
      const raw = await send(this.dispatcher, {
        method: call.method,
        url: call.url,
        headers,
        body: call.form?.toString(),
        timeoutMs: call.timeoutMs ?? this.timeoutMs,
        maxResponseBytes: this.maxResponseBytes,
        signal: call.signal,
      });
      this.log(raw.status < 400 ? 'info' : 'warn', `${call.method} ${displayPath(call.url)} → ${raw.status} in ${Date.now() - started} ms`);
      return interpret(raw, call);
    } catch (error) {
      if (error instanceof ApiError && error.status === undefined) {
        this.log(
          error.kind === 'cancelled' ? 'debug' : 'warn',
          `${call.method} ${displayPath(call.url)} → ${error.kind} after ${Date.now() - started} ms`,
        );
      }
      throw error;
    }
  }
}

/** The same error with any trace of the key removed (a service might echo it back). */
function redact(error: ApiError, key: string): ApiError {
  const all = [error.message, error.serviceMessage ?? '', ...error.fieldMessages()].join('\n');
  if (!all.includes(key)) return error;
  const clean = (text: string) => text.split(key).join('[redacted]');
  const fieldErrors = error.fieldErrors && Object.fromEntries(Object.entries(error.fieldErrors).map(([f, list]) => [f, list.map(clean)]));
  return new ApiError(error.kind, clean(error.message), {
    status: error.status,
    fieldErrors,
    retryAfterMs: error.retryAfterMs,
    serviceMessage: error.serviceMessage && clean(error.serviceMessage),
  });
}

function displayPath(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

function safeOrigin(link: string): string {
  try {
    return new URL(link).origin;
  } catch {
    return 'an invalid URL';
  }
}
