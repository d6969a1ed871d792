// Formatting of untrusted record values for the webview renderers: dates, numbers, labels and
// the readable "every other field" list. Pure: no 'vscode', no DOM. Everything returned is
// either a plain string (to be escaped by `html`) or TrustedHtml built with `html`.

import * as l10n from '@vscode/l10n';
import { html, TrustedHtml } from './html';
import type { RenderBudget } from './budget';
import { relativeTime } from '../text/vocabulary';
import { displayLocale } from '../text/locale';
import { formatDateTime } from '../text/dateTime';

export interface RenderOptions {
  /** The time "3 days ago" is measured from; defaults to the current time. */
  now?: Date;
  /** IANA time zone for dates; defaults to the host's. */
  timeZone?: string;
  /** BCP 47 locale for dates and numbers; defaults to VS Code's display language. */
  locale?: string;
  /**
   * The API key of the connection: any value or field name equal to or containing it is shown
   * masked. Never rendered itself.
   */
  secret?: string;
  /**
   * The budget of the whole render (see budget.ts). Each top-level renderer makes one and passes
   * it down; a part rendered on its own (a test) gets a fresh one.
   */
  budget?: RenderBudget;
}

/** Options with the render's one budget set. */
export type RenderContext = RenderOptions & { budget: RenderBudget };

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

/** The date in local time (per opts), e.g. "Nov 19, 2025, 10:00 AM": the one format (core/text/dateTime). */
export function formatDate(date: Date, opts: RenderOptions): string {
  return formatDateTime(date, opts);
}

/** "3 days ago", "in 2 hours", "just now"… in the words the tree uses, relative to opts.now. */
export function formatRelative(date: Date, opts: RenderOptions): string {
  const now = opts.now instanceof Date && Number.isFinite(opts.now.getTime()) ? opts.now : new Date();
  return relativeTime(date.getTime(), now) ?? '';
}

/** Number formats by locale: making one costs far more than using it, and a render formats many numbers. */
const numberFormats = new Map<string, Intl.NumberFormat>();
/** Locales kept in `numberFormats` at most (a render uses one or two). */
const NUMBER_FORMATS_KEPT = 8;

export function formatNumber(n: number, opts: RenderOptions): string {
  const locale = safeLocale(opts.locale) ?? displayLocale();
  let format = numberFormats.get(locale);
  if (format === undefined) {
    if (numberFormats.size >= NUMBER_FORMATS_KEPT) numberFormats.clear();
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    numberFormats.set(locale, format);
  }
  return format.format(n);
}

/** `<time>` with the local date and the relative one in brackets. */
export function renderDate(date: Date, opts: RenderOptions, withRelative = true): TrustedHtml {
  const rel = withRelative ? formatRelative(date, opts) : '';
  // l10n-exempt: markup
  return html`<time datetime="${date.toISOString()}">${formatDate(date, opts)}</time>${
    rel && html` <span class="relative-time">(${rel})</span>`
  }`;
}

/** Labels of the record keys the service is known to send; others are humanised as they are. */
function knownLabel(key: string): string | undefined {
  switch (key) {
    case 'id':
      return l10n.t({ message: 'ID', comment: ['the label of a field of a record'] });
    case 'url':
      return l10n.t({ message: 'URL', comment: ['the label of a field of a record'] });
    case 'created_at':
      return l10n.t({ message: 'Created', comment: ['the label of a field of a record: when it was created'] });
    case 'updated_at':
      return l10n.t({ message: 'Updated', comment: ['the label of a field of a record: when it was updated'] });
    case 'generated_at':
      return l10n.t({ message: 'Generated', comment: ['the label of a field of a report: when its analysis was made'] });
    case 'reports_count':
      return l10n.t({ message: 'Reports', comment: ['the label of a field of an account: how many reports'] });
    case 'reports_per_month':
      return l10n.t('Reports per month');
    case 'reports_this_month':
      return l10n.t('Reports this month');
    case 'api_key':
      return l10n.t('API key');
    case 'seo':
      return l10n.t({ message: 'SEO', comment: ['the label of a field of a record'] });
    default:
      return undefined;
  }
}

/** A readable label for a record key: "generated_at" → "Generated", "pageSize" → "Page size". */
export function humanizeKey(key: string): string {
  const known = knownLabel(key);
  if (known !== undefined) {
    return known;
  }
  // Already written for people ("Internals", "JavaScripts", "CSS", "Open Graph"): as it is.
  if (/^[A-Z][^_]*$/.test(key) && key.trim() === key) {
    return key;
  }
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
  if (words === '') {
    return key === '' ? l10n.t('(no name)') : key;
  }
  return words
    .split(' ')
    .map((w, i) =>
      w === 'url' || w === 'id' || w === 'api' || w === 'seo' ? w.toUpperCase() : i === 0 ? w[0].toUpperCase() + w.slice(1) : w,
    )
    .join(' ');
}
