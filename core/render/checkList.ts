// A report's `results` as one list of checks, whichever shape the service sent: an array of
// checks (the local service: {key, name, category, passed, value, advice}) or an object keyed by
// check name (the real service: {passed, importance, value, errors?: {kind: detail}}). Nothing
// is dropped: unknown fields stay as `extra`, odd entries become checks that are "not rated".
// A record may hold a great many checks: counting and ordering read only status and importance
// (`checkEntriesOf`), and a check is read in full (`checkOf`) only when it is rendered.
// Pure: no 'vscode', no markup.

import * as l10n from '@vscode/l10n';
import { asText, isRecord } from './format';
import { checkStateOf, importanceOf, importanceRank } from '../checks/checkResults';
import { checkName, errorWords } from '../checks/checkNames';
import { readErrors, type CheckError } from './checkReadings';

export type { CheckError } from './checkReadings';

export type CheckStatus = 'failed' | 'unknown' | 'passed';

export interface Check {
  /** The check's name as the service sent it (object key or `key`), if any. */
  key?: string;
  /** The name for people. */
  name: string;
  status: CheckStatus;
  /** high, medium, low; or the service's own word; undefined when not sent. */
  importance?: string;
  category?: string;
  value: unknown;
  hasValue: boolean;
  advice?: string;
  errors: CheckError[];
  /** Errors sent beyond those read into `errors` (see `checkOf`'s `maxErrors`). */
  moreErrors: number;
  extra: Record<string, unknown>;
  /** Position as sent, to keep the service's order among equals. */
  index: number;
}

function statusOf(passed: unknown): CheckStatus {
  return checkStateOf(passed) ?? 'unknown';
}

function isEmptyDetail(detail: unknown): boolean {
  if (detail === undefined || detail === null || detail === '') return true;
  if (Array.isArray(detail)) return detail.length === 0;
  return isRecord(detail) && Object.keys(detail).length === 0;
}

/**
 * Errors of a check: `{kind: detail}` (the real service), or a list of kinds or messages; the
 * first `max` in words, the rest counted.
 */
function errorsOf(errors: unknown, max: number): { list: CheckError[]; more: number; understood: boolean } {
  if (errors === undefined || errors === null) return { list: [], more: 0, understood: true };
  if (isRecord(errors)) {
    const kinds = Object.keys(errors);
    const list = kinds.slice(0, max).map((kind) => {
      const detail = errors[kind];
      const words = errorWords(kind, detail);
      // An empty detail (`{missing: null}`, `[]`, `{}`) adds nothing to the words: no ": None" after them.
      return words.detailSaid || isEmptyDetail(detail) ? { kind, text: words.text } : { kind, text: words.text, detail };
    });
    return { list, more: kinds.length - list.length, understood: true };
  }
  // Array.from: a hole in a sparse array is not a kind (every() and map() would skip it).
  const kinds = Array.isArray(errors) ? Array.from(errors as unknown[]) : undefined;
  if (kinds !== undefined && kinds.every((e): e is string => typeof e === 'string')) {
    const list = kinds.slice(0, max).map((kind) => ({ kind, text: errorWords(kind, undefined).text }));
    return { list, more: kinds.length - list.length, understood: true };
  }
  return { list: [], more: 0, understood: false };
}

const ARRAY_FIELDS = new Set(['key', 'name', 'category', 'passed', 'value', 'advice', 'importance', 'errors']);

/** A value worth a line: an empty text, list or record says nothing ("None" beside "missing" only repeats it). */
function hasValue(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return !isRecord(value) || Object.keys(value).length > 0;
}

/** What ordering and counting need of a check, read cheaply; `checkOf` reads the rest. */
export interface CheckEntry {
  key: string | undefined;
  item: unknown;
  index: number;
  status: CheckStatus;
  importance?: string;
}

function entryOf(item: unknown, index: number, key: string | undefined): CheckEntry {
  if (!isRecord(item)) return { key, item, index, status: 'unknown' };
  // A known importance as the one reader reads it; another word kept (lower-cased) to be shown.
  const importance = importanceOf(item.importance) ?? asText(item.importance)?.toLowerCase();
  return { key, item, index, status: statusOf(item.passed), importance };
}

/** The checks of `results`, cheaply, or undefined when `results` is neither an array nor an object. */
export function checkEntriesOf(results: unknown): CheckEntry[] | undefined {
  // Array.from, not map: a sparse array's holes are checks too (not rated), never skipped.
  if (Array.isArray(results)) return Array.from(results as unknown[], (item, i) => entryOf(item, i, undefined));
  if (isRecord(results)) return Object.keys(results).map((key, i) => entryOf(results[key], i, key));
  return undefined;
}

/** A check read in full, with at most `maxErrors` of its errors in words. */
export function checkOf(entry: CheckEntry, maxErrors = Infinity): Check {
  const { item, index, key } = entry;
  if (!isRecord(item)) {
    // A bare value under a name (object shape) is that check's value; a bare array item is a name.
    const name = key !== undefined ? checkName(key) : (asText(item) ?? l10n.t('Check {0}', index + 1));
    const value = key !== undefined ? item : undefined;
    return { key, name, status: 'unknown', value, hasValue: hasValue(value), errors: [], moreErrors: 0, extra: {}, index };
  }
  const ownKey = key ?? asText(item.key);
  const extra: Record<string, unknown> = {};
  for (const field of Object.keys(item)) if (!ARRAY_FIELDS.has(field) || (field === 'key' && key !== undefined)) extra[field] = item[field];
  const errors = errorsOf(item.errors, maxErrors);
  if (!errors.understood) extra.errors = item.errors;
  const read = readErrors(ownKey, errors.list, item.value);
  return {
    key: ownKey,
    name: asText(item.name) ?? (ownKey !== undefined ? checkName(ownKey) : l10n.t('Check {0}', index + 1)),
    status: entry.status,
    importance: entry.importance,
    category: asText(item.category)?.toLowerCase(),
    value: item.value,
    hasValue: !read.valueSaid && hasValue(item.value),
    advice: asText(item.advice),
    errors: read.errors,
    moreErrors: errors.more,
    extra,
    index,
  };
}

/** The checks of `results` read in full, or undefined when `results` is neither an array nor an object. */
export function checksOf(results: unknown): Check[] | undefined {
  return checkEntriesOf(results)?.map((entry) => checkOf(entry));
}

const STATUS_RANK: Record<CheckStatus, number> = { failed: 0, unknown: 1, passed: 2 };

type Orderable = Pick<CheckEntry, 'status' | 'importance' | 'index'>;

/** Failed first, then not rated, then passed; within each, high importance first, then as sent. */
export function orderChecks<T extends Orderable>(checks: readonly T[]): T[] {
  return [...checks].sort(
    (a, b) =>
      STATUS_RANK[a.status] - STATUS_RANK[b.status] || importanceRank(a.importance) - importanceRank(b.importance) || a.index - b.index,
  );
}

export interface CheckCounts {
  total: number;
  passed: number;
  failed: number;
  unknown: number;
}

export function countChecks(checks: readonly Pick<CheckEntry, 'status'>[]): CheckCounts {
  const passed = checks.filter((c) => c.status === 'passed').length;
  const failed = checks.filter((c) => c.status === 'failed').length;
  return { total: checks.length, passed, failed, unknown: checks.length - passed - failed };
}
