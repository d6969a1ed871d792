// The analysis section of the report panel: a summary ("27 of 38 checks passed"), then the
// failed checks (high importance first), those not rated, and the passed ones; each with its
// name, importance, errors in words, value and advice. Pure; every value escaped by `html`.

import * as l10n from '@vscode/l10n';
import { html, joinHtml, TrustedHtml } from './html';
import { humanizeKey, RenderOptions } from './format';
import { renderFields, renderValue } from './values';
import { importanceLabel as knownImportance, type Importance } from './checkNames';
import { Check, CheckCounts, CheckError, CheckStatus, checksOf, countChecks, orderChecks } from './checks';

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

/** Checks rendered per group; a hostile record with more is counted, not drawn. */
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
  return importance === 'high' || importance === 'medium' || importance === 'low'
    ? knownImportance(importance as Importance)
    : l10n.t('Importance: {0}', importance);
}

function importanceClass(importance: string | undefined): string {
  return importance === 'high' || importance === 'medium' || importance === 'low' ? importance : 'other';
}

/** A short list of names or numbers reads on one line: "duplicated: h1, h2". */
const INLINE_ITEMS = 10;

function renderDetail(detail: unknown, opts: RenderOptions): TrustedHtml {
  const scalars = Array.isArray(detail) && detail.every((d) => typeof d === 'string' || typeof d === 'number');
  if (scalars && detail.length > 0 && detail.length <= INLINE_ITEMS) return html`${detail.map(String).join(', ')}`;
  return renderValue(detail, opts, 2);
}

function renderError(error: CheckError, opts: RenderOptions): TrustedHtml {
  // l10n-exempt: markup; the title is the service's name of the error
  return html`<li class="check-error" title="${error.kind}">${error.text}${
    'detail' in error && html`<span class="error-detail">: ${renderDetail(error.detail, opts)}</span>`
  }</li>`;
}

function renderCheck(check: Check, opts: RenderOptions): TrustedHtml {
  const extraKeys = Object.keys(check.extra);
  const category = check.category === undefined ? undefined : categoryLabel(check.category);
  // l10n-exempt: markup; its words are the interpolated t() calls
  return html`<li class="check check-${check.status}"><div class="check-head"><span class="check-status status-${check.status}"><span class="status-icon" aria-hidden="true">${STATUS_GLYPHS[check.status]}</span> <span class="status-text">${statusText(check.status)}</span></span> <span class="check-name"${
    check.key !== undefined && html` title="${check.key}"`
  }>${check.name}</span>${
    check.importance !== undefined &&
    html` <span class="check-importance importance-${importanceClass(check.importance)}">${importanceLabel(check.importance)}</span>`
  }${category !== undefined && html` <span class="check-category">${category}</span>`}</div>${
    check.errors.length > 0 &&
    html`<ul class="check-errors" aria-label="${l10n.t('Problems')}">${joinHtml(check.errors.map((e) => renderError(e, opts)))}</ul>`
  }${
    check.hasValue &&
    html`<div class="check-value"><span class="visually-hidden">${l10n.t('Value:')} </span>${renderValue(check.value, opts, 1)}</div>`
  }${check.advice !== undefined && html`<p class="check-advice">${check.advice}</p>`}${
    extraKeys.length > 0 && renderFields(check.extra, extraKeys, opts, 1, 'fields nested check-extra')
  }</li>`;
}

/** "27 of 38 checks passed, 11 failed" (and how many were not rated). */
export function summaryText(counts: CheckCounts): string {
  const parts = [
    counts.total === 1 ? l10n.t('{0} of 1 check passed', counts.passed) : l10n.t('{0} of {1} checks passed', counts.passed, counts.total),
  ];
  if (counts.failed) parts.push(l10n.t({ message: '{0} failed', args: [counts.failed], comment: ['a number of checks of a web page'] }));
  if (counts.unknown)
    parts.push(l10n.t({ message: '{0} not rated', args: [counts.unknown], comment: ['a number of checks of a web page'] }));
  return parts.join(', ');
}

/** The analysis section, or undefined when `results` is neither a list nor an object of checks. */
export function renderAnalysis(results: unknown, opts: RenderOptions): TrustedHtml | undefined {
  const checks = checksOf(results);
  if (checks === undefined) return undefined;
  const head = html`<h2 id="analysis-heading">${l10n.t('Analysis')}</h2>`;
  if (checks.length === 0) {
    return html`<section class="analysis" aria-labelledby="analysis-heading">${head}<p class="muted">${l10n.t('No checks in this report.')}</p></section>`;
  }
  const ordered = orderChecks(checks);
  const groups = (['failed', 'unknown', 'passed'] as const)
    .map((status) => ({ status, checks: ordered.filter((c) => c.status === status) }))
    .filter((g) => g.checks.length > 0);
  // l10n-exempt: markup; its words are the interpolated t() calls
  return html`<section class="analysis" aria-labelledby="analysis-heading">${head}<p class="analysis-summary">${summaryText(
    countChecks(checks),
  )}</p>${joinHtml(
    groups.map(
      (g) =>
        html`<section class="check-group group-${g.status}" aria-labelledby="checks-${g.status}"><h3 id="checks-${g.status}">${statusText(g.status)} <span class="group-count">(${g.checks.length})</span></h3><ul class="checks">${joinHtml(
          g.checks.slice(0, MAX_CHECKS).map((c) => renderCheck(c, opts)),
        )}</ul>${g.checks.length > MAX_CHECKS && html`<p class="more">${l10n.t('… {0} more not shown', g.checks.length - MAX_CHECKS)}</p>`}</section>`,
    ),
  )}</section>`;
}
