// The analysis section of the report panel: a summary ("27 of 38 checks passed"), then the
// failed checks (high importance first), those not rated, and the passed ones; each with its
// name, importance, errors in words, value and advice. Pure; every value escaped by `html`.

import * as l10n from '@vscode/l10n';
import { html, joinHtml, TrustedHtml } from './html';
import { humanizeKey, RenderContext } from './format';
import { MAX_KEY, MAX_STRING, moreNotShown, renderFields, renderValue } from './values';
import { importanceLabel as knownImportance } from '../checks/checkNames';
import { importanceOf } from '../checks/checkResults';
import { Check, CheckCounts, CheckError, CheckStatus, checkEntriesOf, checkOf, countChecks, orderChecks } from './checkList';
import { CHECK_SHARE_MIN, RenderBudget } from './budget';

const STATUS_GLYPHS: Record<CheckStatus, string> = { failed: '✗', unknown: '?', passed: '✓' };

/** A check's status in words: beside each check, and as the heading of its group. */
function statusText(status: CheckStatus): string {
  switch (status) {
    case 'failed':
      return l10n.t({ message: 'Failed', comment: ['the status of one check of a web page'] });
    case 'unknown':
      return l10n.t({ message: 'Not rated', comment: ['the status of one check of a web page'] });
    case 'passed':
      return l10n.t({ message: 'Passed', comment: ['the status of one check of a web page'] });
  }
}

/** Checks rendered per group at most (within the render's budget); the rest are counted, not drawn. */
export const MAX_CHECKS = 300;

/** A check's category in words; other categories are the service's words, humanised. */
function categoryLabel(category: string): string {
  switch (category) {
    case 'availability':
      return l10n.t({ message: 'Availability', comment: ['a category of checks of a web page'] });
    case 'seo':
      return l10n.t({ message: 'SEO', comment: ['a category of checks of a web page'] });
    case 'accessibility':
      return l10n.t({ message: 'Accessibility', comment: ['a category of checks of a web page'] });
    case 'performance':
      return l10n.t({ message: 'Performance', comment: ['a category of checks of a web page'] });
    case 'security':
      return l10n.t({ message: 'Security', comment: ['a category of checks of a web page'] });
    default:
      return humanizeKey(category);
  }
}

function importanceLabel(importance: string): string {
  const known = importanceOf(importance);
  return known ? knownImportance(known) : l10n.t('Importance: {0}', importance);
}

function importanceClass(importance: string | undefined): string {
  return importanceOf(importance) ?? 'other';
}

/** Load time, page size, and the counts of a page said with their unit ("0.53 s", "48.2 KB", "312 words"). */
function valueWithUnit(key: string | undefined, value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return undefined;
  if (key === 'content_length') return l10n.t({ message: '{0} words', args: [value], comment: ['a count of words on a web page'] });
  if (key === 'dom_size') return l10n.t({ message: '{0} elements', args: [value], comment: ['a count of HTML elements on a page'] });
  if (key === 'text_html_ratio') {
    return l10n.t({ message: '{0} % text', args: [Math.round(value * 100) / 100], comment: ['the share of text in a page’s HTML'] });
  }
  if (key === 'load_time') {
    return l10n.t({ message: '{0} s', args: [Math.round(value * 100) / 100], comment: ['seconds a page took to load'] });
  }
  if (key === 'page_size') {
    if (value < 1024) return l10n.t({ message: '{0} bytes', args: [value], comment: ['the size of a web page'] });
    if (value < 1024 * 1024) {
      return l10n.t({ message: '{0} KB', args: [Math.round((value / 1024) * 10) / 10], comment: ['the size of a web page'] });
    }
    return l10n.t({ message: '{0} MB', args: [Math.round((value / 1024 / 1024) * 10) / 10], comment: ['the size of a web page'] });
  }
  return undefined;
}

/** A short list of names or numbers reads on one line: "duplicated: h1, h2". */
const INLINE_ITEMS = 10;

function renderDetail(detail: unknown, ctx: RenderContext): TrustedHtml {
  const scalars = Array.isArray(detail) && detail.every((d) => typeof d === 'string' || typeof d === 'number');
  if (scalars && detail.length > 0 && detail.length <= INLINE_ITEMS) {
    return html`${ctx.budget.text((detail as (string | number)[]).map(String).join(', '), MAX_STRING)}`;
  }
  return renderValue(detail, ctx, 2);
}

function renderError(error: CheckError, ctx: RenderContext): TrustedHtml {
  // l10n-exempt: markup; the title is the service's name of the error
  return html`<li class="check-error" title="${ctx.budget.text(error.kind, MAX_KEY)}">${ctx.budget.text(error.text, MAX_STRING)}${
    'detail' in error && html`<span class="error-detail">: ${renderDetail(error.detail, ctx)}</span>`
  }</li>`;
}

/** The errors of a check, each a node of the budget; those without room (or not read) counted. */
function renderErrors(check: Check, ctx: RenderContext): TrustedHtml {
  const shown: TrustedHtml[] = [];
  for (const error of check.errors) {
    const part = ctx.budget.node(() => renderError(error, ctx));
    if (part === undefined) break;
    shown.push(part);
  }
  const more = check.errors.length - shown.length + check.moreErrors;
  // l10n-exempt: markup
  return html`<ul class="check-errors" aria-label="${l10n.t('Problems')}">${joinHtml(shown)}</ul>${more > 0 && moreNotShown(more)}`;
}

function renderCheck(check: Check, ctx: RenderContext): TrustedHtml {
  const extraKeys = Object.keys(check.extra);
  const category = check.category === undefined ? undefined : categoryLabel(ctx.budget.text(check.category, MAX_KEY));
  const importance = check.importance === undefined ? undefined : ctx.budget.text(check.importance, MAX_KEY);
  // l10n-exempt: markup; its words are the interpolated t() calls
  return html`<li class="check check-${check.status}"><div class="check-head"><span class="check-status status-${check.status}"><span class="status-icon" aria-hidden="true">${STATUS_GLYPHS[check.status]}</span> <span class="status-text">${statusText(check.status)}</span></span> <span class="check-name"${
    check.key !== undefined && html` title="${ctx.budget.text(check.key, MAX_KEY)}"`
  }>${ctx.budget.text(check.name, MAX_STRING)}</span>${
    // Importance says how much a failure matters: on a passed check it only alarms.
    importance !== undefined &&
    check.status !== 'passed' &&
    html` <span class="check-importance importance-${importanceClass(importance)}">${importanceLabel(importance)}</span>`
  }${category !== undefined && html` <span class="check-category">${category}</span>`}</div>${
    (check.errors.length > 0 || check.moreErrors > 0) && renderErrors(check, ctx)
  }${
    check.hasValue &&
    html`<div class="check-value"><span class="visually-hidden">${l10n.t('Value:')} </span>${
      valueWithUnit(check.key, check.value) ?? renderValue(check.value, ctx, 1)
    }</div>`
  }${check.advice !== undefined && html`<p class="check-advice">${ctx.budget.text(check.advice, MAX_STRING)}</p>`}${
    extraKeys.length > 0 && renderFields(check.extra, extraKeys, ctx, 1, 'fields nested check-extra')
  }</li>`;
}

/**
 * The part of the budget one check may use: an even share of what is left among the checks
 * still to render (at least CHECK_SHARE_MIN), so one huge value cannot leave the others out.
 */
function checkShare(budget: RenderBudget, checksLeft: number): RenderBudget {
  const n = Math.max(1, checksLeft);
  return budget.share({
    nodes: Math.max(CHECK_SHARE_MIN.nodes, Math.floor(budget.nodes / n)),
    chars: Math.max(CHECK_SHARE_MIN.chars, Math.floor(budget.chars / n)),
  });
}

/** "27 of 38 checks passed, 11 failed" (and how many were not rated). */
export function summaryText(counts: CheckCounts): string {
  const parts = [
    counts.total === 1 ? l10n.t('{0} of 1 check passed', counts.passed) : l10n.t('{0} of {1} checks passed', counts.passed, counts.total),
  ];
  if (counts.failed) parts.push(l10n.t({ message: '{0} failed', args: [counts.failed], comment: ['a number of checks of a web page'] }));
  if (counts.unknown) {
    parts.push(l10n.t({ message: '{0} not rated', args: [counts.unknown], comment: ['a number of checks of a web page'] }));
  }
  return parts.join(', ');
}

/** The analysis section, or undefined when `results` is neither a list nor an object of checks. */
export function renderAnalysis(results: unknown, ctx: RenderContext): TrustedHtml | undefined {
  const entries = checkEntriesOf(results);
  if (entries === undefined) return undefined;
  const head = html`<h2 id="analysis-heading">${l10n.t('Analysis')}</h2>`;
  if (entries.length === 0) {
    return html`<section class="analysis" aria-labelledby="analysis-heading">${head}<p class="muted">${l10n.t('No checks in this report.')}</p></section>`;
  }
  const ordered = orderChecks(entries);
  const groups = (['failed', 'unknown', 'passed'] as const)
    .map((status) => ({ status, entries: ordered.filter((c) => c.status === status) }))
    .filter((g) => g.entries.length > 0);
  let checksLeft = groups.reduce((n, g) => n + Math.min(g.entries.length, MAX_CHECKS), 0);
  const renderGroup = (status: CheckStatus, group: typeof entries): TrustedHtml => {
    const shown: TrustedHtml[] = [];
    for (const entry of group.slice(0, MAX_CHECKS)) {
      const share = checkShare(ctx.budget, checksLeft);
      const part = ctx.budget.node(() => renderCheck(checkOf(entry, share.nodes), { ...ctx, budget: share }));
      if (part === undefined) break;
      shown.push(part);
      checksLeft--;
    }
    const list = html`<ul class="checks">${joinHtml(shown)}</ul>${group.length > shown.length && moreNotShown(group.length - shown.length)}`;
    const heading = html`<h3 id="checks-${status}">${statusText(status)} <span class="group-count">(${group.length})</span></h3>`;
    // Passed checks fold under their count, as Lighthouse does: what needs work comes first.
    // l10n-exempt: markup; its words are the interpolated t() calls
    if (status === 'passed') return html`<details class="check-group group-${status}"><summary>${heading}</summary>${list}</details>`;
    // l10n-exempt: markup
    return html`<section class="check-group group-${status}" aria-labelledby="checks-${status}">${heading}${list}</section>`;
  };
  // l10n-exempt: markup; its words are the interpolated t() calls
  return html`<section class="analysis" aria-labelledby="analysis-heading">${head}<p class="analysis-summary">${summaryText(
    countChecks(entries),
  )}</p>${joinHtml(groups.map((g) => renderGroup(g.status, g.entries)))}</section>`;
}
