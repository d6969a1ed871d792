// Formatting of untrusted record values for the webview renderers: dates, numbers, labels and
// the readable "every other field" list. Pure: no 'vscode', no DOM. Everything returned is
// either a plain string (to be escaped by `html`) or TrustedHtml built with `html`.

import { EMPTY, html, joinHtml, TrustedHtml } from './html';

export interface RenderOptions {
  /** The time "3 days ago" is measured from; defaults to the current time. */
  now?: Date;
  /** IANA time zone for dates; defaults to the host's. */
  timeZone?: string;
  /** BCP 47 locale for dates and numbers; defaults to the host's. */
  locale?: string;
}

/** Nesting depth shown in the readable list before values are summarised. */
export const MAX_DEPTH = 4;
/** Array items / object fields shown before "… and N more". */
export const MAX_ITEMS = 20;
/** Characters of a string shown before it is cut. */
export const MAX_STRING = 2000;

/** `table[key]` for own properties only (so "constructor" or "__proto__" never hit Object.prototype). */
export function lookup<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}

export function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** A non-empty trimmed string for a string or finite number; undefined otherwise. */
export function asText(x: unknown): string | undefined {
  if (typeof x === 'string') {
    const t = x.trim();
    return t === '' ? undefined : t;
  }
  if (typeof x === 'number' && Number.isFinite(x)) {
    return String(x);
  }
  if (typeof x === 'bigint') {
    return x.toString();
  }
  return undefined;
}

/** A finite number from a number or a numeric string; undefined otherwise. */
export function asNumber(x: unknown): number | undefined {
  if (typeof x === 'number') {
    return Number.isFinite(x) ? x : undefined;
  }
  if (typeof x === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(x)) {
    const n = Number(x);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Parses an ISO 8601 date(-time) string; undefined for anything else. */
export function parseIsoDate(x: unknown): Date | undefined {
  if (typeof x !== 'string') {
    return undefined;
  }
  const s = x.trim();
  if (!ISO_DATE.test(s)) {
    return undefined;
  }
  const d = new Date(s.replace(' ', 'T'));
  return Number.isFinite(d.getTime()) ? d : undefined;
}

function dateFormat(opts: RenderOptions): Intl.DateTimeFormat {
  const base: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  // An unknown locale or time zone throws RangeError: fall back to the host's.
  for (const o of [
    { locale: opts.locale, timeZone: opts.timeZone },
    { locale: undefined, timeZone: opts.timeZone },
    { locale: opts.locale, timeZone: undefined },
    { locale: undefined, timeZone: undefined },
  ]) {
    try {
      return new Intl.DateTimeFormat(o.locale, { ...base, timeZone: o.timeZone });
    } catch {
      // try the next combination
    }
  }
  return new Intl.DateTimeFormat(undefined, base);
}

function safeLocale(locale: string | undefined): string | undefined {
  if (locale === undefined) {
    return undefined;
  }
  try {
    return Intl.getCanonicalLocales(locale)[0];
  } catch {
    return undefined;
  }
}

/** The date in local time (per opts), e.g. "Nov 19, 2025, 10:00 AM". */
export function formatDate(date: Date, opts: RenderOptions): string {
  return dateFormat(opts).format(date);
}

/** "3 days ago", "in 2 hours", "now"… relative to opts.now (default: the current time). */
export function formatRelative(date: Date, opts: RenderOptions): string {
  const now = opts.now instanceof Date && Number.isFinite(opts.now.getTime()) ? opts.now : new Date();
  const seconds = (date.getTime() - now.getTime()) / 1000;
  const abs = Math.abs(seconds);
  const rtf = new Intl.RelativeTimeFormat(safeLocale(opts.locale), { numeric: 'auto' });
  const units: Array<[Intl.RelativeTimeFormatUnit, number, number]> = [
    // unit, seconds per unit, use while abs < limit (seconds)
    ['second', 1, 60],
    ['minute', 60, 3600],
    ['hour', 3600, 86400],
    ['day', 86400, 86400 * 30],
    ['month', 86400 * 30, 86400 * 365],
    ['year', 86400 * 365, Infinity],
  ];
  for (const [unit, size, limit] of units) {
    if (abs < limit) {
      return rtf.format(Math.round(seconds / size), unit);
    }
  }
  return '';
}

export function formatNumber(n: number, opts: RenderOptions): string {
  return new Intl.NumberFormat(safeLocale(opts.locale), { maximumFractionDigits: 2 }).format(n);
}

/** `<time>` with the local date and the relative one in brackets. */
export function renderDate(date: Date, opts: RenderOptions, withRelative = true): TrustedHtml {
  const rel = withRelative ? formatRelative(date, opts) : '';
  return html`<time datetime="${date.toISOString()}">${formatDate(date, opts)}</time>${
    rel && html` <span class="relative-time">(${rel})</span>`
  }`;
}

const LABELS: Readonly<Record<string, string>> = {
  id: 'ID',
  url: 'URL',
  created_at: 'Created',
  updated_at: 'Updated',
  generated_at: 'Generated',
  reports_count: 'Reports',
  reports_per_month: 'Reports per month',
  reports_this_month: 'Reports this month',
  api_key: 'API key',
  seo: 'SEO',
};

/** A readable label for a record key: "generated_at" → "Generated", "pageSize" → "Page size". */
export function humanizeKey(key: string): string {
  const known = lookup(LABELS, key);
  if (known !== undefined) {
    return known;
  }
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
  if (words === '') {
    return key === '' ? '(no name)' : key;
  }
  return words
    .split(' ')
    .map((w, i) =>
      w === 'url' || w === 'id' || w === 'api' || w === 'seo' ? w.toUpperCase() : i === 0 ? w[0].toUpperCase() + w.slice(1) : w,
    )
    .join(' ');
}

const DASH = html`<span class="empty" aria-label="none">—</span>`;

function more(count: number): TrustedHtml {
  return html`<span class="more">… and ${count} more</span>`;
}

/** Renders any JSON value readably (recursively, bounded); never prints undefined/null/NaN. */
export function renderValue(value: unknown, opts: RenderOptions, depth = 0): TrustedHtml {
  if (value === undefined || value === null) {
    return DASH;
  }
  if (typeof value === 'boolean') {
    return html`${value ? 'Yes' : 'No'}`;
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) ? html`${formatNumber(value, opts)}` : DASH;
  }
  if (typeof value === 'bigint') {
    return html`${value.toString()}`;
  }
  if (typeof value === 'string') {
    if (value.trim() === '') {
      return DASH;
    }
    const date = parseIsoDate(value);
    if (date) {
      return renderDate(date, opts);
    }
    const text = value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
    return html`<span class="text">${text}</span>`;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) {
      return html`<span class="empty">None</span>`;
    }
    if (depth >= MAX_DEPTH) {
      return html`<span class="more">${value.length === 1 ? '1 item' : `${value.length} items`} (not shown)</span>`;
    }
    const shown = value.slice(0, MAX_ITEMS);
    return html`<ul class="value-list">${shown.map((v) => html`<li>${renderValue(v, opts, depth + 1)}</li>`)}${
      value.length > MAX_ITEMS && html`<li>${more(value.length - MAX_ITEMS)}</li>`
    }</ul>`;
  }
  if (isRecord(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) {
      return html`<span class="empty">None</span>`;
    }
    if (depth >= MAX_DEPTH) {
      return html`<span class="more">${keys.length === 1 ? '1 field' : `${keys.length} fields`} (not shown)</span>`;
    }
    return renderFields(value, keys, opts, depth + 1);
  }
  // Functions, symbols: not JSON; show nothing meaningful rather than their source.
  return DASH;
}

/** Ids are shown exactly as given ("9001", not "9,001"). */
function isIdentifierKey(key: string): boolean {
  return /(^|_)id$|Id$/.test(key);
}

/** A `<dl>` of the given keys of a record (all keys by default), values rendered readably. */
export function renderFields(
  record: Record<string, unknown>,
  keys: readonly string[] = Object.keys(record),
  opts: RenderOptions = {},
  depth = 0,
  className = depth === 0 ? 'fields' : 'fields nested',
): TrustedHtml {
  if (keys.length === 0) {
    return EMPTY;
  }
  const shown = keys.slice(0, MAX_ITEMS * (depth === 0 ? 5 : 1));
  const rest = keys.length - shown.length;
  const rows = shown.map(
    (k) =>
      html`<div class="field"><dt title="${k}">${humanizeKey(k)}</dt><dd>${isIdentifierKey(k) && typeof record[k] === 'number' ? String(record[k]) : renderValue(record[k], opts, depth)}</dd></div>`,
  );
  return html`<dl class="${className}">${joinHtml(rows)}${
    rest > 0 && html`<div class="field"><dt>More</dt><dd>${more(rest)}</dd></div>`
  }</dl>`;
}
