// The analysis section of the report panel: a summary ("27 of 38 checks passed"), then the
// failed checks (high importance first), those not rated, and the passed ones; each with its
// name, importance, errors in words, value and advice. Pure; every value escaped by `html`.

import { html, joinHtml, TrustedHtml } from './html';
import { humanizeKey, lookup, RenderOptions } from './format';
import { renderFields, renderValue } from './values';
import { IMPORTANCE_LABELS } from './checkNames';
import { Check, CheckCounts, CheckError, CheckStatus, checksOf, countChecks, orderChecks } from './checks';

const STATUS_TEXT: Record<CheckStatus, { text: string; glyph: string; group: string }> = {
  failed: { text: 'Failed', glyph: '✗', group: 'Failed' },
  unknown: { text: 'Not rated', glyph: '?', group: 'Not rated' },
  passed: { text: 'Passed', glyph: '✓', group: 'Passed' },
};

/** Checks rendered per group; a hostile record with more is counted, not drawn. */
export const MAX_CHECKS = 300;

const CATEGORY_LABELS: Readonly<Record<string, string>> = {
  availability: 'Availability',
  seo: 'SEO',
  accessibility: 'Accessibility',
  performance: 'Performance',
  security: 'Security',
};

function importanceLabel(importance: string): string {
  return lookup(IMPORTANCE_LABELS, importance) ?? `Importance: ${importance}`;
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
  return html`<li class="check-error" title="${error.kind}">${error.text}${
    'detail' in error && html`<span class="error-detail">: ${renderDetail(error.detail, opts)}</span>`
  }</li>`;
}

function renderCheck(check: Check, opts: RenderOptions): TrustedHtml {
  const st = STATUS_TEXT[check.status];
  const extraKeys = Object.keys(check.extra);
  const category = check.category === undefined ? undefined : (lookup(CATEGORY_LABELS, check.category) ?? humanizeKey(check.category));
  return html`<li class="check check-${check.status}"><div class="check-head"><span class="check-status status-${check.status}"><span class="status-icon" aria-hidden="true">${st.glyph}</span> <span class="status-text">${st.text}</span></span> <span class="check-name"${
    check.key !== undefined && html` title="${check.key}"`
  }>${check.name}</span>${
    check.importance !== undefined &&
    html` <span class="check-importance importance-${importanceClass(check.importance)}">${importanceLabel(check.importance)}</span>`
  }${category !== undefined && html` <span class="check-category">${category}</span>`}</div>${
    check.errors.length > 0 &&
    html`<ul class="check-errors" aria-label="Problems">${joinHtml(check.errors.map((e) => renderError(e, opts)))}</ul>`
  }${
    check.hasValue && html`<div class="check-value"><span class="visually-hidden">Value: </span>${renderValue(check.value, opts, 1)}</div>`
  }${check.advice !== undefined && html`<p class="check-advice">${check.advice}</p>`}${
    extraKeys.length > 0 && renderFields(check.extra, extraKeys, opts, 1, 'fields nested check-extra')
  }</li>`;
}

/** "27 of 38 checks passed, 11 failed" (and how many were not rated). */
export function summaryText(counts: CheckCounts): string {
  const of = counts.total === 1 ? '1 check' : `${counts.total} checks`;
  const parts = [`${counts.passed} of ${of} passed`];
  if (counts.failed) parts.push(`${counts.failed} failed`);
  if (counts.unknown) parts.push(`${counts.unknown} not rated`);
  return parts.join(', ');
}

/** The analysis section, or undefined when `results` is neither a list nor an object of checks. */
export function renderAnalysis(results: unknown, opts: RenderOptions): TrustedHtml | undefined {
  const checks = checksOf(results);
  if (checks === undefined) return undefined;
  const head = html`<h2 id="analysis-heading">Analysis</h2>`;
  if (checks.length === 0) {
    return html`<section class="analysis" aria-labelledby="analysis-heading">${head}<p class="muted">No checks in this report.</p></section>`;
  }
  const ordered = orderChecks(checks);
  const groups = (['failed', 'unknown', 'passed'] as const)
    .map((status) => ({ status, checks: ordered.filter((c) => c.status === status) }))
    .filter((g) => g.checks.length > 0);
  return html`<section class="analysis" aria-labelledby="analysis-heading">${head}<p class="analysis-summary">${summaryText(
    countChecks(checks),
  )}</p>${joinHtml(
    groups.map(
      (g) =>
        html`<section class="check-group group-${g.status}" aria-labelledby="checks-${g.status}"><h3 id="checks-${g.status}">${STATUS_TEXT[g.status].group} <span class="group-count">(${g.checks.length})</span></h3><ul class="checks">${joinHtml(
          g.checks.slice(0, MAX_CHECKS).map((c) => renderCheck(c, opts)),
        )}</ul>${g.checks.length > MAX_CHECKS && html`<p class="more">… ${g.checks.length - MAX_CHECKS} more not shown</p>`}</section>`,
    ),
  )}</section>`;
}
