// Reading values that came from outside without running their code. `String(value)` of an object
// calls its own `toString`/`valueOf`/`Symbol.toPrimitive` (which a hostile record can make throw,
// or set to a non-function so that the conversion throws), `String(symbol)` works but `${symbol}`
// throws, and a getter runs when a field is read. These helpers never do any of that.

/**
 * The text of a value that is text already: a string as it is; a number, bigint or boolean as
 * written; anything else (objects, arrays, symbols, functions, undefined, null) the empty string.
 */
export function textOf(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(value);
    default:
      return '';
  }
}

/** `textOf(value)` cut to `max` characters, with "…" where it was cut. */
export function shortText(value: unknown, max: number): string {
  const text = textOf(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * An own data property of an object, or undefined: a getter is not run, an inherited property is
 * not read, and an object whose property lookup throws (a proxy) has none.
 */
export function ownField(record: unknown, key: string): unknown {
  if ((typeof record !== 'object' && typeof record !== 'function') || record === null) return undefined;
  try {
    const descriptor = Object.getOwnPropertyDescriptor(record, key);
    return descriptor !== undefined && 'value' in descriptor ? descriptor.value : undefined;
  } catch {
    return undefined;
  }
}

/** The named own data properties of a record, as a plain object (see `ownField`). */
export function ownFields<K extends string>(record: unknown, keys: readonly K[]): Partial<Record<K, unknown>> {
  const out: Partial<Record<K, unknown>> = {};
  for (const key of keys) {
    const value = ownField(record, key);
    if (value !== undefined) out[key] = value;
  }
  return out;
}
