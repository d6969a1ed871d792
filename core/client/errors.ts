// The one error type of the API client. `kind` says what happened; `next` says, as data, what
// helps (a button the extension offers), so nothing has to guess it from the message text;
// `message` says both for people, and never contains the API key.
import * as l10n from '@vscode/l10n';

export type ApiErrorKind =
  | 'auth'
  | 'forbidden'
  | 'not-found'
  | 'validation'
  | 'rate-limited'
  | 'server'
  | 'network'
  | 'timeout'
  | 'bad-response'
  | 'cancelled'
  | 'invalid-input'
  | 'not-configured';

/** The settings an error can point at. */
export type HelpfulSetting = 'webReports.baseUrl' | 'webReports.requestTimeoutSeconds' | 'http.proxy';

/**
 * What the user can do next. `set-api-key`: the key is missing or refused (only then is the user
 * signed out). `open-setting`: a setting is wrong. `retry`: the same request may work later
 * (`afterMs` when the service said when). `edit-input`: the user's input was refused (`field` as
 * the service or the validation named it). `refresh`: the item is gone or not this account's, so
 * the list is stale.
 */
export type NextStep =
  | { kind: 'set-api-key' }
  | { kind: 'open-setting'; setting: HelpfulSetting }
  | { kind: 'retry'; afterMs?: number }
  | { kind: 'edit-input'; field?: string }
  | { kind: 'refresh' };

export interface ApiErrorDetails {
  status?: number;
  /** Field messages of a 422 (or of client-side validation). */
  fieldErrors?: Record<string, string[]>;
  /** Milliseconds until the service will accept requests again (429/503 Retry-After). */
  retryAfterMs?: number;
  /** The service's own message, when it sent one as a string. */
  serviceMessage?: string;
  /** What helps; when absent, the kind's usual step (see `usualNextStep`). */
  next?: NextStep;
  /** Why a connection failed, in words, when known (networkErrors.ts): a surface with words of its own says it too. */
  reason?: string;
  /**
   * The address answered, but not as a report service (a web site, a proxy's page): what it gave,
   * e.g. 'HTTP 404 with an HTML page titled "Demo"', so a surface can say where its own setting is.
   */
  notAService?: string;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly fieldErrors?: Record<string, string[]>;
  readonly retryAfterMs?: number;
  readonly serviceMessage?: string;
  readonly next?: NextStep;
  readonly reason?: string;
  readonly notAService?: string;

  constructor(kind: ApiErrorKind, message: string, details: ApiErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'ApiError';
    this.kind = kind;
    this.status = details.status;
    this.fieldErrors = details.fieldErrors;
    this.retryAfterMs = details.retryAfterMs;
    this.serviceMessage = details.serviceMessage;
    this.reason = details.reason;
    this.notAService = details.notAService;
    this.next = details.next ?? usualNextStep(kind, details);
  }

  /** Field messages flattened to "field: message" lines, for notifications. */
  fieldMessages(): string[] {
    return Object.entries(this.fieldErrors ?? {}).flatMap(([field, messages]) => messages.map((m) => `${field}: ${m}`));
  }
}

/**
 * Any thrown value as an ApiError: itself when it is one, else a `bad-response` that keeps the
 * original as its `cause` (for the log). Never runs the value's own code to describe it.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message =
    error instanceof Error && typeof error.message === 'string'
      ? error.message
      : typeof error === 'string'
        ? error
        : l10n.t('Something unexpected went wrong; the log (Website Reports output) has the details.');
  return new ApiError('bad-response', message, { cause: error });
}

/** A refused key, or no key or address to use: the user is signed out (the list forgotten). */
export function isSignOut(error: ApiError): boolean {
  return error.kind === 'auth' || error.kind === 'not-configured';
}

/** The step that usually helps with an error of `kind`, when its maker did not say. */
export function usualNextStep(kind: ApiErrorKind, details: ApiErrorDetails = {}): NextStep | undefined {
  switch (kind) {
    case 'auth':
      return { kind: 'set-api-key' };
    case 'validation':
    case 'invalid-input':
      return { kind: 'edit-input', field: Object.keys(details.fieldErrors ?? {})[0] };
    case 'rate-limited':
      return { kind: 'retry', afterMs: details.retryAfterMs };
    case 'server':
    case 'network':
      return { kind: 'retry', afterMs: details.retryAfterMs };
    case 'timeout':
      return { kind: 'open-setting', setting: 'webReports.requestTimeoutSeconds' };
    default:
      return undefined;
  }
}

/** Formats a delay for people: "12 seconds", "3 minutes", "24 hours". */
export function describeDelay(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return seconds === 1 ? l10n.t('1 second') : l10n.t('{0} seconds', seconds);
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return minutes === 1 ? l10n.t('1 minute') : l10n.t('{0} minutes', minutes);
  return l10n.t('{0} hours', Math.ceil(minutes / 60));
}
