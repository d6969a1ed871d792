// Any untrusted JSON value as readable markup: lists as lists, records as field lists, dates as
// dates. Bounded so that hostile data cannot hurt the panel: nesting deeper than MAX_DEPTH shows
// "…", long lists show their first items and fold the rest (up to a cap) into a <details>, long
// strings are cut. Pure: no 'vscode', no DOM; every value goes through `html`, which escapes.

import * as l10n from '@vscode/l10n';
import { EMPTY, html, joinHtml, TrustedHtml } from './html';
import { formatNumber, humanizeKey, isRecord, parseIsoDate, renderDate, RenderOptions } from './format';

/** Levels of nesting shown; deeper values read "…". */
export const MAX_DEPTH = 8;
/** Items or fields shown before the rest is folded away. */
export const SHOWN_ITEMS = 10;
/** Items or fields rendered at all (folded ones included); the rest is only counted. */
export const MAX_ITEMS = 200;
/** Fields of a record shown before folding, at the top level of a panel. */
export const SHOWN_TOP_FIELDS = 100;
/** Characters of a string shown before it is cut. */
export const MAX_STRING = 2000;

/** No value. Made when needed: the words follow the display language, known after activation. */
// l10n-exempt: markup
const dash = (): TrustedHtml =>
  html`<span class="empty" aria-label="${l10n.t({ message: 'none', comment: ['a value that is empty'] })}">—</span>`;
// l10n-exempt: markup
const tooDeep = (): TrustedHtml => html`<span class="more" title="${l10n.t('Nested too deeply to show')}">…</span>`;
const none = (): TrustedHtml => html`<span class="empty">${l10n.t({ message: 'None', comment: ['an empty list or record'] })}</span>`;

/**
 * The first `shown` parts as they are; the rest (up to MAX_ITEMS in all) inside a closed
 * <details> whose summary says how many; anything beyond only counted.
 */
export function foldedList<T>(
  items: readonly T[],
  shown: number,
  render: (item: T) => TrustedHtml,
  wrap: (parts: TrustedHtml) => TrustedHtml,
): TrustedHtml {
  const head = items.slice(0, shown).map(render);
  if (items.length <= shown) return wrap(joinHtml(head));
  const folded = items.slice(shown, MAX_ITEMS).map(render);
  const beyond = items.length - Math.max(shown, Math.min(items.length, MAX_ITEMS));
  return html`${wrap(joinHtml(head))}<details class="more-items"><summary>${l10n.t('and {0} more', items.length - shown)}</summary>${wrap(
    joinHtml(folded),
  )}${beyond > 0 && html`<p class="more">${l10n.t('… {0} more not shown', beyond)}</p>`}</details>`;
}

/** A link-like record ({url, text} and the like): "text (url)" on one line. */
function linkText(value: Record<string, unknown>): string | undefined {
  const keys = Object.keys(value);
  const url = typeof value.url === 'string' ? value.url : typeof value.href === 'string' ? value.href : undefined;
  if (url === undefined || keys.length > 3) return undefined;
  const label = [value.text, value.anchor, value.title, value.value].find((t): t is string => typeof t === 'string' && t.trim() !== '');
  const known = ['url', 'href', 'text', 'anchor', 'title', 'value', 'rel'];
  if (!keys.every((k) => known.includes(k))) return undefined;
  return label && label.trim() !== url ? `${label.trim()} (${url})` : url;
}

function cut(text: string): string {
  return text.length > MAX_STRING ? `${text.slice(0, MAX_STRING)}…` : text;
}

/** Renders any JSON value readably (recursively, bounded); never prints undefined/null/NaN. */
export function renderValue(value: unknown, opts: RenderOptions, depth = 0): TrustedHtml {
  if (value === undefined || value === null) return dash();
  if (typeof value === 'boolean') return html`${value ? l10n.t('Yes') : l10n.t('No')}`;
  if (typeof value === 'number') return Number.isFinite(value) ? html`${formatNumber(value, opts)}` : dash();
  if (typeof value === 'bigint') return html`${value.toString()}`;
  if (typeof value === 'string') {
    if (value.trim() === '') return dash();
    const date = parseIsoDate(value);
    if (date) return renderDate(date, opts);
    return html`<span class="text">${cut(value)}</span>`;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return none();
    if (depth >= MAX_DEPTH) return tooDeep();
    return foldedList(
      value,
      SHOWN_ITEMS,
      (v) => html`<li>${renderValue(v, opts, depth + 1)}</li>`,
      (items) => html`<ul class="value-list">${items}</ul>`,
    );
  }
  if (isRecord(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) return none();
    if (depth >= MAX_DEPTH) return tooDeep();
    const link = linkText(value);
    if (link !== undefined) return html`<span class="text link-text">${cut(link)}</span>`;
    return renderFields(value, keys, opts, depth + 1);
  }
  // Functions, symbols: not JSON; show nothing meaningful rather than their source.
  return dash();
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
  className = depth === 0 ? 'fields' : 'fields nested', // l10n-exempt: CSS classes
): TrustedHtml {
  if (keys.length === 0) return EMPTY;
  // l10n-exempt: markup; the title is the service's key
  const row = (k: string): TrustedHtml =>
    html`<div class="field"><dt title="${k}">${humanizeKey(k)}</dt><dd>${
      isIdentifierKey(k) && typeof record[k] === 'number' ? String(record[k]) : renderValue(record[k], opts, depth)
    }</dd></div>`;
  // l10n-exempt: markup
  return foldedList(keys, depth === 0 ? SHOWN_TOP_FIELDS : SHOWN_ITEMS, row, (rows) => html`<dl class="${className}">${rows}</dl>`);
}
