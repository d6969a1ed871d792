// Field errors of a refused request, read from where services put them: Laravel's default
// `{"message": "...", "errors": {field: [...]}}` and the real service's
// `{"message": {field: [...]}, "status": 422}`. Values may be strings, arrays, numbers or nested
// objects; they are flattened with bounded depth and count, so a hostile body cannot make this
// recurse deeply or produce a huge message.

const MAX_DEPTH = 4;
const MAX_FIELDS = 20;
const MAX_PER_FIELD = 10;

export type Clean = (text: string) => string;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The printable messages inside `value`: strings, numbers and booleans, nested up to MAX_DEPTH. */
function messagesIn(value: unknown, depth: number, out: string[]): void {
  if (out.length >= MAX_PER_FIELD || value === null || value === undefined) return;
  if (typeof value === 'string') {
    if (value.trim()) out.push(value);
    return;
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    out.push(String(value));
    return;
  }
  if (depth >= MAX_DEPTH || typeof value !== 'object') return;
  const entries = Array.isArray(value) ? value.slice(0, MAX_PER_FIELD) : Object.values(value).slice(0, MAX_PER_FIELD);
  for (const entry of entries) messagesIn(entry, depth + 1, out);
}

/** The object holding field errors: `errors`, else `message` when it is an object. */
function errorObject(body: unknown): Record<string, unknown> | undefined {
  if (!isObject(body)) return undefined;
  if (isObject(body.errors)) return body.errors;
  if (isObject(body.message)) return body.message;
  return undefined;
}

/**
 * `{field: [messages]}` from a body, or undefined when it names none. Every message goes
 * through `shorten`, which the caller makes redact before it cuts.
 */
export function readFieldErrors(body: unknown, shorten: Clean): Record<string, string[]> | undefined {
  const errors = errorObject(body);
  if (!errors) return undefined;
  const entries: Array<[string, string[]]> = [];
  for (const [field, value] of Object.entries(errors).slice(0, MAX_FIELDS)) {
    const found: string[] = [];
    messagesIn(value, 0, found);
    // A field name is server text too, kept short; fromEntries makes even "__proto__" a plain key.
    if (found.length) entries.push([shorten(field).slice(0, 60), found.map(shorten)]);
  }
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** The service's message when it is a string (an object `message` holds field errors instead). */
export function readServiceMessage(body: unknown, shorten: Clean): string | undefined {
  if (isObject(body) && typeof body.message === 'string' && body.message.trim()) return shorten(body.message);
  return undefined;
}
