// Keeps the API key out of everything people or logs see. A service may echo the key back (in a
// message, a field error, a `links.next`); every such text goes through a redactor before it is
// shortened or logged, so not even part of the key survives a cut.
import { ApiError } from './errors';
import { Clean } from './fieldErrors';

export const REDACTED = '[redacted]';

/** The forms the key can take in text: as is, percent-encoded, form-encoded (longest first). */
export function keyForms(key: string | undefined): string[] {
  if (!key) return [];
  const forms = new Set([key, encodeURIComponent(key), new URLSearchParams({ k: key }).toString().slice(2)]);
  // Longest first, so an encoded form that contains the plain one is replaced whole.
  return [...forms].filter((f) => f.length > 0).sort((a, b) => b.length - a.length);
}

/** Whether a text holds the key in any of its forms (at any length: a short key echoed is still the key). */
export function holdsKey(text: string, forms: readonly string[]): boolean {
  return forms.some((form) => text.includes(form));
}

/** A function that replaces every form of `key` in a text with "[redacted]". */
export function redactorFor(key: string | undefined): Clean {
  if (!key) return (text) => text;
  const forms = keyForms(key);
  return (text) => forms.reduce((out, form) => (out.includes(form) ? out.split(form).join(REDACTED) : out), text);
}

/** The same error with any trace of the key removed (a last guard; messages are built redacted). */
export function redactError(error: ApiError, clean: Clean): ApiError {
  const all = [error.message, error.serviceMessage ?? '', ...error.fieldMessages()].join('\n');
  if (clean(all) === all) return error;
  const fieldErrors =
    error.fieldErrors && Object.fromEntries(Object.entries(error.fieldErrors).map(([f, list]) => [clean(f), list.map(clean)]));
  return new ApiError(error.kind, clean(error.message), {
    status: error.status,
    fieldErrors,
    retryAfterMs: error.retryAfterMs,
    serviceMessage: error.serviceMessage && clean(error.serviceMessage),
    reason: error.reason,
    next: error.next,
  });
}

/** A URL as it may be logged: path and query only, the key redacted in any form. */
export function loggableUrl(url: string, clean: Clean): string {
  try {
    const parsed = new URL(url);
    return clean(`${parsed.pathname}${parsed.search}`);
  } catch {
    return clean(url);
  }
}
