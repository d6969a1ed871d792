// What an analysis keeps of a page's lists: the checks are run on every link, image and resource,
// but a record copies only the first LIST_ITEMS of each list, with the true length beside it, so
// a page of 130,000 images no longer makes a record of megabytes. Shape: a list cut to its first
// items gets a sibling `<name>_count` with the full length in the object that holds it
// (`{Internals: [...100], Internals_count: 130000}`, `errors: {missing: [...100], missing_count:
// 130000}`); a list that is a check's whole `value` gets `value_count` on the check. A list that
// is not cut has no count: it is complete. Readers of the real service's shapes see the same
// lists, shorter, and one field more that they show as it is.
import type { Checks, RealCheck } from './checkShapes';

/** Items of each list a record keeps. */
export const LIST_ITEMS = 100;
/** Characters of each string a record keeps (a title, a link text, a URL); longer ones end in "…". */
export const TEXT_CHARS = 1_000;
/**
 * JSON bytes all the kept items and strings of one analysis may take together; once spent,
 * lists keep no more items (their counts still say how many there were) and strings are cut to
 * "…". With the fixed names and counts of the checks, `results` stays under RECORD_BYTES.
 */
export const RESULTS_ALLOWANCE_BYTES = 56 * 1024;
/**
 * What a stored record's JSON never exceeds (the allowance, the checks' own shape, a 2 KiB URL):
 * a list page of 100 records, in either shape, stays under the 8 MiB the client reads.
 */
export const RECORD_BYTES = 64 * 1024;

interface Allowance {
  left: number;
}

const ELLIPSIS = '…';

// A string JSON writes as it is, between quotes: printable ASCII but `"` and `\`.
const PLAIN_JSON = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

function stringBytes(s: string): number {
  return PLAIN_JSON.test(s) ? s.length + 2 : Buffer.byteLength(JSON.stringify(s), 'utf8');
}

/** What JSON.stringify leaves out of an object, and writes as null in a list. */
function skipped(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/**
 * `Buffer.byteLength(JSON.stringify(value))`, counted without writing the JSON: every item of every
 * list is charged, so the count runs per item of a page's lists and must cost less than the text.
 */
export function jsonBytes(value: unknown): number {
  if (typeof value === 'string') return stringBytes(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).length : 4;
  if (typeof value === 'boolean') return value ? 4 : 5;
  if (value === null) return 4;
  if (Array.isArray(value)) {
    let bytes = 2 + Math.max(0, value.length - 1);
    for (const item of value) bytes += skipped(item) ? 4 : jsonBytes(item);
    return bytes;
  }
  if (typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON !== 'function') {
    let bytes = 2;
    let first = true;
    for (const [key, item] of Object.entries(value)) {
      if (skipped(item)) continue;
      bytes += (first ? 0 : 1) + stringBytes(key) + 1 + jsonBytes(item);
      first = false;
    }
    return bytes;
  }
  return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
}

function boundString(s: string, allowance: Allowance): string {
  const cut = s.length > TEXT_CHARS ? `${s.slice(0, TEXT_CHARS)}${ELLIPSIS}` : s;
  const cost = jsonBytes(cut);
  if (cost > allowance.left) return s === '' ? s : ELLIPSIS;
  allowance.left -= cost;
  return cut;
}

/**
 * Whether `item` is kept as it is: a string within TEXT_CHARS, a number, a boolean, null, or a record of
 * those (a link's `{url, text}`), as most items are; `bound` would copy it unchanged.
 */
function keptWhole(item: unknown): boolean {
  if (typeof item === 'string') return item.length <= TEXT_CHARS;
  if (item === null || typeof item !== 'object') return typeof item !== 'bigint';
  if (Array.isArray(item)) return false;
  for (const key in item) {
    if (!Object.prototype.hasOwnProperty.call(item, key)) continue;
    const v = (item as Record<string, unknown>)[key];
    if (typeof v === 'string' ? v.length > TEXT_CHARS : v !== null && typeof v === 'object') return false;
  }
  return true;
}

/** Items kept while the allowance lasts, at most LIST_ITEMS; `cut` when fewer than all. */
function boundList(list: readonly unknown[], allowance: Allowance): { items: unknown[]; cut: boolean } {
  const items: unknown[] = [];
  for (const item of list) {
    if (items.length >= LIST_ITEMS) break;
    const bounded = keptWhole(item) ? item : bound(item, { left: Infinity }); // cut to TEXT_CHARS, then charged whole
    const cost = jsonBytes(bounded);
    if (cost > allowance.left) break;
    allowance.left -= cost;
    items.push(bounded);
  }
  return { items, cut: items.length < list.length };
}

function boundRecord(record: Record<string, unknown>, allowance: Allowance): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (Array.isArray(value)) {
      const { items, cut } = boundList(value, allowance);
      out[key] = items;
      if (cut) out[`${key}_count`] = value.length;
    } else out[key] = bound(value, allowance);
  }
  return out;
}

/** A value as a record keeps it: strings cut, lists cut (a list in a record gets its count). */
function bound(value: unknown, allowance: Allowance): unknown {
  if (typeof value === 'string') return boundString(value, allowance);
  if (Array.isArray(value)) return boundList(value, allowance).items;
  if (value && typeof value === 'object') return boundRecord(value as Record<string, unknown>, allowance);
  return value;
}

/** The checks as a record keeps them (see the top of this file); the checks' verdicts are unchanged. */
export function boundResults(results: Checks): Checks {
  const allowance: Allowance = { left: RESULTS_ALLOWANCE_BYTES };
  const out: Checks = {};
  for (const [key, check] of Object.entries(results)) {
    const kept: RealCheck = { ...check };
    if (Array.isArray(check.value)) {
      const { items, cut } = boundList(check.value, allowance);
      kept.value = items;
      if (cut) kept.value_count = check.value.length;
    } else kept.value = bound(check.value, allowance);
    if (check.errors) kept.errors = boundRecord(check.errors, allowance);
    out[key] = kept;
  }
  return out;
}
