// The report service's client: the six operations of the API, typed for the rest of the
// extension. Knows nothing of VS Code; the key comes from a provider so it is read per request
// and never stored here. How a call is sent (queue, retries, logging) is in requester.ts.
import * as l10n from '@vscode/l10n';
import { apiUrl, BaseUrl, isSameOrigin, parseBaseUrl } from './baseUrl';
import { readAccount, readList, readReport, hasMorePages } from './envelope';
import { chooseProxy, ProxySettings } from './proxy';
import { Priority } from './rateGate';
import { Call, Log, Requester, RequesterOptions } from './requester';
import { Timers } from './requestQueue';
import { DEFAULT_RETRY, RetryPolicy } from './retry';
import { MAX_ANSWER_BYTES, MAX_NEXT_LINK_LENGTH, MAX_PAGE_ROWS } from './answerLimits';
import { createDispatcher } from './transport';
import { Account, CreateReportInput, ListQuery, Report, ReportId, ReportPage, UpdateReportInput } from './types';
import { Dispatcher } from './undici';
import { validateCreate, validateListQuery, validateReportId, validateUpdate } from './validateInput';

export type { Log, LogLevel } from './requester';

export interface ClientOptions {
  baseUrl: string;
  /** Returns the API key; called for each request so a changed key applies at once. */
  apiKey: () => string | undefined | Promise<string | undefined>;
  timeoutMs?: number;
  /** Creating (and re-running) runs an analysis: docs/design.md gives it 4× the timeout. */
  analysisTimeoutMs?: number;
  /** Bytes read of one successful answer; default MAX_ANSWER_BYTES (limits.ts). */
  maxResponseBytes?: number;
  retry?: Partial<RetryPolicy>;
  proxy?: ProxySettings;
  userAgent?: string;
  log?: Log;
  /** The clock and timers of the rate gate (tests); real ones by default. */
  timers?: Timers;
  /** The caller's own ceiling of requests a minute, whatever the service announces (the command line's 50). */
  pacing?: RequesterOptions['pacing'];
  /**
   * Told of every report record read (a list page, a read, a create, an update): the history
   * records their runs. Called after the answer is read; what it throws is ignored.
   */
  onRecords?: (origin: string, records: readonly Report[]) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** 'interactive' (default) goes before queued 'visible' calls, those before 'background' ones, when paced. */
  priority?: Priority;
  /**
   * Called when the queue lets the request go, just before it is sent (each time it is sent): a
   * journal writes "sent" here, so a crash while queued leaves nothing unknown. What it throws
   * ends the call unsent, and is given to the caller as it was thrown.
   */
  beforeSend?: () => Promise<void>;
}

const missingReport = (id: ReportId) => l10n.t('Report {0} was not found; it may have been deleted', id);

export class ReportsClient {
  readonly base: BaseUrl;
  private readonly dispatcher: Dispatcher;
  private readonly requester: Requester;
  private readonly timeoutMs: number;
  /** How long a create (an analysis) may take: a create whose answer was lost is unknown until then. */
  readonly analysisTimeoutMs: number;
  private readonly log: Log;
  private readonly onRecords?: ClientOptions['onRecords'];

  constructor(options: ClientOptions) {
    this.base = parseBaseUrl(options.baseUrl);
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.analysisTimeoutMs = options.analysisTimeoutMs ?? this.timeoutMs * 4;
    this.log = options.log ?? (() => undefined);
    this.onRecords = options.onRecords;
    const proxy = chooseProxy(this.base.href, options.proxy ?? { env: process.env });
    if (proxy) this.log('info', `Using the proxy from ${proxy.source} for ${this.base.origin}.`); // l10n-exempt: log line
    this.dispatcher = createDispatcher(proxy);
    this.requester = new Requester({
      dispatcher: this.dispatcher,
      apiKey: options.apiKey,
      retry: { ...DEFAULT_RETRY, ...options.retry },
      timeoutMs: this.timeoutMs,
      maxResponseBytes: options.maxResponseBytes ?? MAX_ANSWER_BYTES,
      userAgent: options.userAgent ?? 'website-reports-vscode',
      log: options.log,
      timers: options.timers,
      pacing: options.pacing,
    });
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
    const body = await this.call({
      ...options,
      ...this.onReport(
        id,
        'GET',
        l10n.t({
          message: 'read report {0}',
          args: [id],
          comment: ['Ends "The service refused to …"; {0} is a report id; German: zu-infinitive ("Bericht 5 zu lesen")'],
        }),
      ),
      expect: 'record',
    });
    return this.seen(readReport(body));
  }

  async createReport(input: CreateReportInput, options: CallOptions = {}): Promise<Report> {
    const form = validateCreate(input);
    const body = await this.call({
      ...options,
      method: 'POST',
      url: apiUrl(this.base, 'reports'),
      form,
      // A 2xx answer too large to show still names the stored report: a success, never "failed".
      expect: 'record',
      timeoutMs: this.analysisTimeoutMs,
      what: l10n.t({
        message: 'create the report',
        comment: ['Ends "The service refused to …"; German: zu-infinitive ("den Bericht zu erstellen")'],
      }),
    });
    return this.seen(readReport(body, 'create'));
  }

  /** `passwordKnown`: the report already has a password, so privacy 2 needs no new one. */
  async updateReport(id: ReportId, input: UpdateReportInput, options: CallOptions & { passwordKnown?: boolean } = {}): Promise<Report> {
    const form = validateUpdate(input, options.passwordKnown);
    const body = await this.call({
      ...options,
      ...this.onReport(
        id,
        'PUT',
        l10n.t({
          message: 'update report {0}',
          args: [id],
          comment: ['Ends "The service refused to …"; {0} is a report id; German: zu-infinitive ("Bericht 5 zu lesen")'],
        }),
      ),
      form,
      expect: 'record',
      timeoutMs: input.results === 1 ? this.analysisTimeoutMs : this.timeoutMs,
    });
    return this.seen(readReport(body, 'update'));
  }

  /** Succeeds on any 2xx: the real service answers 200 with a body, others 204 or 202. */
  async deleteReport(id: ReportId, options: CallOptions = {}): Promise<void> {
    await this.call({
      ...options,
      ...this.onReport(
        id,
        'DELETE',
        l10n.t({
          message: 'delete report {0}',
          args: [id],
          comment: ['Ends "The service refused to …"; {0} is a report id; German: zu-infinitive ("Bericht 5 zu lesen")'],
        }),
      ),
      notFound: l10n.t('Report {0} was not found; it may already have been deleted', id),
      ignoreBody: true,
    });
  }

  async getAccount(options: CallOptions = {}): Promise<Account> {
    const body = await this.call({
      ...options,
      method: 'GET',
      url: apiUrl(this.base, 'account'),
      what: l10n.t({
        message: 'read the account',
        comment: ['Ends "The service refused to …"; German: zu-infinitive ("den Bericht zu erstellen")'],
      }),
      notFound: l10n.t('The service at {0} has no /api/v1/account; check "webReports.baseUrl"', this.base.href),
      forbidden: {
        message: l10n.t('The API key lacks permission to read the account; it is kept, and reports can still be used'),
        next: { kind: 'set-api-key' },
      },
    });
    return readAccount(body);
  }

  /** Requests a minute the service announced (X-RateLimit-Limit), once an answer said it; else undefined. */
  rateLimit(): number | undefined {
    return this.requester.queue.gate.announcedLimit;
  }

  /** Closes the keep-alive connections and refuses calls still queued. */
  async dispose(): Promise<void> {
    this.requester.close();
    await this.dispatcher.close().catch(() => undefined);
  }

  /** A call on one report; the id is checked before anything is sent. */
  private onReport(id: ReportId, method: Call['method'], what: string): Call {
    const path = `reports/${encodeURIComponent(validateReportId(id))}`;
    return {
      method,
      url: apiUrl(this.base, path),
      what,
      notFound: missingReport(id),
      // The real service answers 403 for a report that is missing or another account's.
      forbidden: { message: l10n.t("Report {0} is missing or not this account's; you are still signed in", id), next: { kind: 'refresh' } },
    };
  }

  /** A list call's words, formatted once per client: a lookup sends many lists (and formatting is a third of a call's own time). */
  private listWordsOnce?: Pick<Call, 'what' | 'notFound'>;
  private listWords(): Pick<Call, 'what' | 'notFound'> {
    return (this.listWordsOnce ??= {
      what: l10n.t({
        message: 'list reports',
        comment: ['Ends "The service refused to …"; German: zu-infinitive ("den Bericht zu erstellen")'],
      }),
      notFound: l10n.t('The service at {0} has no /api/v1/reports; check "webReports.baseUrl"', this.base.href),
    });
  }

  private async fetchPage(url: string, query: ListQuery, options: CallOptions): Promise<ReportPage> {
    const body = await this.call({
      ...options,
      method: 'GET',
      url,
      ...this.listWords(),
      expect: 'list',
    });
    const shape = readList(body);
    const page = shape.currentPage ?? query.page ?? 1;
    let nextLink = shape.nextLink;
    if (nextLink && nextLink.length > MAX_NEXT_LINK_LENGTH) {
      this.log('warn', `Ignored the service's next-page link of ${nextLink.length} characters; asking for page ${page + 1} instead.`); // l10n-exempt: log line
      nextLink = undefined;
    }
    if (nextLink && !isSameOrigin(this.base, nextLink)) {
      const clean = await this.requester.redactor(); // the link is the service's text: it may hold the key
      this.log(
        'warn',
        // l10n-exempt: log line
        clean(`Ignored the service's next-page link to another origin (${safeOrigin(nextLink)}); asking for page ${page + 1} instead.`),
      );
      nextLink = undefined;
    }
    if (shape.skipped) {
      this.log('warn', `${shape.skipped} record(s) without a usable id, or beyond ${MAX_PAGE_ROWS} rows, were left out of the list.`); // l10n-exempt: log line
    }
    if (shape.oversized) {
      this.log('warn', `${shape.oversized} record(s) too large to show were kept as their id, URL, rating and dates only.`); // l10n-exempt: log line
    }
    this.told(shape.items);
    return {
      items: shape.items,
      page,
      perPage: shape.perPage ?? query.perPage,
      total: shape.total,
      lastPage: shape.lastPage,
      hasMore: hasMorePages(shape, page, query),
      nextLink,
      skipped: shape.skipped,
      oversized: shape.oversized,
      query: { ...query, page },
    };
  }

  private seen(report: Report): Report {
    this.told([report]);
    return report;
  }

  private told(records: readonly Report[]): void {
    if (!this.onRecords || records.length === 0) return;
    try {
      this.onRecords(this.base.origin, records);
    } catch {
      // The observer's failure is its own: the answer stands.
    }
  }

  private call(call: Call): Promise<unknown> {
    return this.requester.call(call);
  }
}

function safeOrigin(link: string): string {
  try {
    return new URL(link).origin;
  } catch {
    return 'an invalid URL'; // l10n-exempt: log line
  }
}
