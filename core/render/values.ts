// Any untrusted JSON value as readable markup: lists as lists, records as field lists, dates as
// dates. Bounded so that hostile data cannot hurt the panel: every value, field and list item is
// a node of the render's one budget (budget.ts), so the whole render stays within it however the
// data nests or spreads; what the budget leaves out is counted ("… 12 more not shown"). Nesting
// deeper than MAX_DEPTH shows "…", long lists show their first items and fold the rest into a
// <details>, long strings and field names are cut. Pure: no 'vscode', no DOM; every value goes
// through `html`, which escapes.

import * as l10n from '@vscode/l10n';
import { EMPTY, html, joinHtml, TrustedHtml } from './html';
import { formatNumber, humanizeKey, isRecord, renderDate, RenderContext, RenderOptions } from './format';
import { parseTime } from '../text/serviceTime';
import { RenderBudget, REPORT_LIMITS } from './budget';

/** Levels of nesting shown; deeper values read "…". Keeps the recursion shallow. */
export const MAX_DEPTH = 8;
/** Items or fields shown before the rest is folded away. */
export const SHOWN_ITEMS = 10;
/** Items or fields of one list rendered at all (folded ones included); the rest is only counted. */
export const MAX_ITEMS = 200;
/** Fields of a record shown before folding, at the top level of a panel. */
export const SHOWN_TOP_FIELDS = 100;
/** Characters of a string shown before it is cut. */
export const MAX_STRING = 2000;
/** Characters of a field name shown before it is cut. */
export const MAX_KEY = 200;

/** The options with a budget: the caller's, or a fresh one for a part rendered on its own. */
export function inBudget(opts: RenderOptions): RenderContext {
  return opts.budget ? (opts as RenderContext) : { ...opts, budget: new RenderBudget(REPORT_LIMITS) };
}

/** No value. Made when needed: the words follow the display language, known after activation. */
// l10n-exempt: markup
const dash = (): TrustedHtml =>
  html`<span class="empty" aria-label="${l10n.t({ message: 'none', comment: ['a value that is empty'] })}">—</span>`;
// l10n-exempt: markup
const tooDeep = (): TrustedHtml => html`<span class="more" title="${l10n.t('Nested too deeply to show')}">…</span>`;
/** A value the render's budget had no room left for. */
// l10n-exempt: markup
export const notShown = (): TrustedHtml => html`<span class="more" title="${l10n.t('Not shown: more than a panel shows')}">…</span>`;
const none = (): TrustedHtml => html`<span class="empty">${l10n.t({ message: 'None', comment: ['an empty list or record'] })}</span>`;

/** "… 12 more not shown": the parts of a list that were counted, not rendered. */
export function moreNotShown(count: number): TrustedHtml {
  return html`<p class="more">${l10n.t('… {0} more not shown', count)}</p>`;
}

/**
 * The first `shown` parts as they are; the rest (up to MAX_ITEMS in all) inside a closed
 * <details> whose summary says how many; anything beyond, and anything the budget has no room
 * for (`render` gives undefined), only counted.
 */
export function foldedList<T>(
  items: readonly T[],
  shown: number,
  render: (item: T) => TrustedHtml | undefined,
  wrap: (parts: TrustedHtml) => TrustedHtml,
): TrustedHtml {
  const renderUpTo = (parts: TrustedHtml[], from: number, end: number): number => {
    for (let i = from; i < end; i++) {
      const part = render(items[i]);
      if (part === undefined) return i;
      parts.push(part);
    }
    return end;
  };
  const head: TrustedHtml[] = [];
  const headEnd = Math.min(shown, items.length);
  const afterHead = renderUpTo(head, 0, headEnd);
  if (afterHead < headEnd) return html`${wrap(joinHtml(head))}${moreNotShown(items.length - afterHead)}`;
  if (items.length <= shown) return wrap(joinHtml(head));
  const folded: TrustedHtml[] = [];
  const done = renderUpTo(folded, shown, Math.min(items.length, MAX_ITEMS));
  const beyond = items.length - done;
  return html`${wrap(joinHtml(head))}<details class="more-items"><summary>${l10n.t('and {0} more', items.length - shown)}</summary>${
    folded.length > 0 && wrap(joinHtml(folded))
  }${beyond > 0 && moreNotShown(beyond)}</details>`;
}

/** A link-like record ({url, text} and the like): "text (url)" on one line. */
function linkText(value: Record<string, unknown>, keys: readonly string[]): string | undefined {
  const url = typeof value.url === 'string' ? value.url : typeof value.href === 'string' ? value.href : undefined;
  if (url === undefined || keys.length > 3) return undefined;
  const label = [value.text, value.anchor, value.title, value.value].find((t): t is string => typeof t === 'string' && t.trim() !== '');
  const known = ['url', 'href', 'text', 'anchor', 'title', 'value', 'rel'];
  if (!keys.every((k) => known.includes(k))) return undefined;
  return label && label.trim() !== url ? `${label.trim()} (${url})` : url;
}

/** The markup of one value, its parts each a node of the budget. */
function valueMarkup(value: unknown, ctx: RenderContext, depth: number): TrustedHtml {
  if (value === undefined || value === null) return dash();
  if (typeof value === 'boolean') return html`${value ? l10n.t('Yes') : l10n.t('No')}`;
  if (typeof value === 'number') return Number.isFinite(value) ? html`${formatNumber(value, ctx)}` : dash();
  if (typeof value === 'bigint') return html`${ctx.budget.text(value.toString(), MAX_STRING)}`;
  if (typeof value === 'string') {
    if (value.trim() === '') return dash();
    const date = parseTime(value);
    if (date) return renderDate(date, ctx);
    return html`<span class="text">${ctx.budget.text(value, MAX_STRING)}</span>`;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return none();
    if (depth >= MAX_DEPTH) return tooDeep();
    return foldedList(
      value,
      SHOWN_ITEMS,
      (v) => valueNode(v, ctx, depth + 1, (inner) => html`<li>${inner}</li>`),
      (items) => html`<ul class="value-list">${items}</ul>`,
    );
  }
  if (isRecord(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) return none();
    if (depth >= MAX_DEPTH) return tooDeep();
    const link = linkText(value, keys);
    if (link !== undefined) return html`<span class="text link-text">${ctx.budget.text(link, MAX_STRING)}</span>`;
    return renderFields(value, keys, ctx, depth + 1);
  }
  // Functions, symbols: not JSON; show nothing meaningful rather than their source.
  return dash();
}

/** One value as a node of the budget (inside `wrap`), or undefined when there is no room left. */
function valueNode(
  value: unknown,
  ctx: RenderContext,
  depth: number,
  wrap: (inner: TrustedHtml) => TrustedHtml = (inner) => inner,
): TrustedHtml | undefined {
  return ctx.budget.node(() => wrap(valueMarkup(value, ctx, depth)));
}

/** Renders any JSON value readably (recursively, within the budget); never prints undefined/null/NaN. */
export function renderValue(value: unknown, opts: RenderOptions, depth = 0): TrustedHtml {
  return valueNode(value, inBudget(opts), depth) ?? notShown();
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
  const ctx = inBudget(opts);
  const row = (k: string): TrustedHtml | undefined => {
    const name = ctx.budget.text(k, MAX_KEY);
    const value = record[k];
    // l10n-exempt: markup; the title is the service's key
    const wrap = (inner: TrustedHtml): TrustedHtml =>
      html`<div class="field"><dt title="${name}">${humanizeKey(name)}</dt><dd>${inner}</dd></div>`;
    // The row is the value's node, so its name is charged with it.
    return isIdentifierKey(k) && typeof value === 'number'
      ? ctx.budget.node(() => wrap(html`${String(value)}`))
      : valueNode(value, ctx, depth, wrap);
  };
  // l10n-exempt: markup
  return foldedList(keys, depth === 0 ? SHOWN_TOP_FIELDS : SHOWN_ITEMS, row, (rows) => html`<dl class="${className}">${rows}</dl>`);
}
