// JSON for exports that never throws. JSON.stringify overflows the stack on a record nested
// 10,000 deep (which the client, the model and the panel all accept), throws on a BigInt and runs
// a value's own `toJSON` and getters. This writes the same JSON for plain data, and for anything
// else: a value nested deeper than the depth budget is written as DEPTH_MARKER (a string, so the
// file stays valid JSON and the rest of the record is intact); a bigint as its digits; getters,
// `toJSON`, symbols and functions are not run or written (as JSON.stringify leaves out functions).

/** Levels of nesting written; records from the service nest a few levels. */
export const EXPORT_MAX_DEPTH = 64;

// l10n-exempt: a data format; the marker is the same in every display language
export const DEPTH_MARKER = `[cut: nested deeper than ${EXPORT_MAX_DEPTH} levels]`;

/** Own enumerable data properties; an object whose keys cannot be read (a proxy) has none. */
function dataEntries(value: object): [string, unknown][] {
  try {
    return Object.entries(Object.getOwnPropertyDescriptors(value))
      .filter(([, d]) => d.enumerable === true && 'value' in d)
      .map(([k, d]) => [k, d.value as unknown]);
  } catch {
    return [];
  }
}

/** The JSON of a value inside a container, or undefined where JSON.stringify leaves it out. */
function write(value: unknown, depth: number): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'bigint':
      return value.toString();
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      return undefined; // undefined, symbols, functions
  }
  if (value === null) return 'null';
  if (depth > EXPORT_MAX_DEPTH) return JSON.stringify(DEPTH_MARKER);
  if (Array.isArray(value)) {
    // The elements there are (an array parsed from JSON has no holes; a hole is left out).
    const items = dataEntries(value).filter(([k]) => /^\d+$/.test(k));
    return `[${items.map(([, item]) => write(item, depth + 1) ?? 'null').join(',')}]`;
  }
  const parts: string[] = [];
  for (const [k, item] of dataEntries(value)) {
    const json = write(item, depth + 1);
    if (json !== undefined) parts.push(`${JSON.stringify(k)}:${json}`);
  }
  return `{${parts.join(',')}}`;
}

/**
 * Compact JSON of any value, never throwing: as JSON.stringify for plain data, with values nested
 * deeper than EXPORT_MAX_DEPTH written as DEPTH_MARKER. A value JSON cannot hold at all is `null`.
 */
export function boundedJson(value: unknown): string {
  return write(value, 0) ?? 'null';
}
