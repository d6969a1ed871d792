// The one error type of the API client. `kind` drives what the extension does; `message` says
// what happened and what the user can do, and never contains the API key.

export type ApiErrorKind =
  | 'auth'
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

export interface ApiErrorDetails {
  status?: number;
  /** Field messages of a 422 (or of client-side validation). */
  fieldErrors?: Record<string, string[]>;
  /** Milliseconds until the service will accept requests again (429/503 Retry-After). */
  retryAfterMs?: number;
  /** The service's own message, if it sent one. */
  serviceMessage?: string;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly fieldErrors?: Record<string, string[]>;
  readonly retryAfterMs?: number;
  readonly serviceMessage?: string;

  constructor(kind: ApiErrorKind, message: string, details: ApiErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'ApiError';
    this.kind = kind;
    this.status = details.status;
    this.fieldErrors = details.fieldErrors;
    this.retryAfterMs = details.retryAfterMs;
    this.serviceMessage = details.serviceMessage;
  }

  /** Field messages flattened to "field: message" lines, for notifications. */
  fieldMessages(): string[] {
    return Object.entries(this.fieldErrors ?? {}).flatMap(([field, messages]) => messages.map((m) => `${field}: ${m}`));
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Formats a delay for people: "12 seconds", "3 minutes". */
export function describeDelay(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
