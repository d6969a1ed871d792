// The report detail webview: a pure function from a (tolerantly read) report record to HTML.
// No 'vscode' import; every server value is escaped by `html`.

import { EMPTY, html, joinHtml, TrustedHtml } from './html';
import {
  asNumber,
  asText,
  formatNumber,
  humanizeKey,
  isRecord,
  lookup,
  parseIsoDate,
  renderDate,
  renderFields,
  renderValue,
  RenderOptions,
} from './format';
import { PageFrame, renderPage } from './page';

export type { RenderOptions } from './format';

const RESULT_LABELS: Readonly<Record<string, string>> = { good: 'Good', decent: 'Decent', bad: 'Bad' };

const PRIVACY: ReadonlyArray<{ label: string; icon: string }> = [
  { label: 'Public', icon: 'globe' },
  { label: 'Private', icon: 'lock' },
  { label: 'Password protected', icon: 'key' },
];

const CATEGORY_ORDER = ['availability', 'seo', 'accessibility', 'performance', 'security'];
const CATEGORY_LABELS: Readonly<Record<string, string>> = {
  availability: 'Availability',
  seo: 'SEO',
  accessibility: 'Accessibility',
  performance: 'Performance',
  security: 'Security',
};

/** True for an absolute http(s) URL (the only kind "Open site" offers). */
export function isWebUrl(url: string | undefined): boolean {
  if (url === undefined) {
    return false;
  }
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** Score band for the gauge colour: good ≥ 80, decent ≥ 50, else bad. */
export function scoreBand(score: number): 'good' | 'decent' | 'bad' {
  return score >= 80 ? 'good' : score >= 50 ? 'decent' : 'bad';
}

function icon(name: string): TrustedHtml {
  return html`<span class="codicon codicon-${name}" aria-hidden="true"></span>`;
}

function actionButton(action: string, label: string, iconName: string, ariaLabel = label): TrustedHtml {
  return html`<button type="button" class="action" data-action="${action}" aria-label="${ariaLabel}">${icon(iconName)}<span class="label">${label}</span></button>`;
}

/** An SVG ring gauge for a 0–100 score (colour by CSS class, no inline style). */
export function renderGauge(score: number, opts: RenderOptions): TrustedHtml {
  const clamped = Math.min(100, Math.max(0, score));
  const shown = formatNumber(Math.round(score * 10) / 10, opts);
  const r = 52;
  const circumference = 2 * Math.PI * r;
  const filled = (circumference * clamped) / 100;
  return html`<svg class="gauge gauge-${scoreBand(clamped)}" viewBox="0 0 120 120" width="96" height="96" role="img" aria-label="Score ${shown} of 100"><circle class="gauge-track" cx="60" cy="60" r="${r}" fill="none" stroke-width="12"></circle><circle class="gauge-value" cx="60" cy="60" r="${r}" fill="none" stroke-width="12" stroke-linecap="round" stroke-dasharray="${filled.toFixed(2)} ${circumference.toFixed(2)}" transform="rotate(-90 60 60)"></circle><text class="gauge-text" x="60" y="60" text-anchor="middle" dominant-baseline="central" aria-hidden="true">${shown}</text></svg>`;
}

type CheckStatus = 'failed' | 'unknown' | 'passed';

interface Check {
  status: CheckStatus;
  name: string;
  category: string;
  value: unknown;
  hasValue: boolean;
  advice: string | undefined;
  extra: Record<string, unknown>;
  index: number;
}

function checkStatus(passed: unknown): CheckStatus {
  if (passed === true || passed === 1 || passed === '1' || passed === 'true') {
    return 'passed';
  }
  if (passed === false || passed === 0 || passed === '0' || passed === 'false') {
    return 'failed';
  }
  return 'unknown';
}

const CHECK_KNOWN = new Set(['key', 'name', 'category', 'passed', 'value', 'advice']);

function toCheck(item: unknown, index: number): Check {
  if (!isRecord(item)) {
    return {
      status: 'unknown',
      name: asText(item) ?? `Check ${index + 1}`,
      category: '',
      value: undefined,
      hasValue: false,
      advice: undefined,
      extra: {},
      index,
    };
  }
  const extra: Record<string, unknown> = {};
  for (const k of Object.keys(item)) {
    if (!CHECK_KNOWN.has(k)) {
      extra[k] = item[k];
    }
  }
  const value = item.value;
  return {
    status: checkStatus(item.passed),
    name: asText(item.name) ?? asText(item.key) ?? `Check ${index + 1}`,
    category: (asText(item.category) ?? '').toLowerCase(),
    value,
    hasValue: value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === ''),
    advice: asText(item.advice),
    extra,
    index,
  };
}

const STATUS_ORDER: Record<CheckStatus, number> = { failed: 0, unknown: 1, passed: 2 };
const STATUS_TEXT: Record<CheckStatus, { text: string; glyph: string }> = {
  failed: { text: 'Failed', glyph: '✗' },
  unknown: { text: 'Not rated', glyph: '?' },
  passed: { text: 'Passed', glyph: '✓' },
};

function categoryLabel(category: string): string {
  if (category === '') {
    return 'Other checks';
  }
  return lookup(CATEGORY_LABELS, category) ?? humanizeKey(category);
}

function renderCheck(check: Check, opts: RenderOptions): TrustedHtml {
  const st = STATUS_TEXT[check.status];
  const extraKeys = Object.keys(check.extra);
  return html`<li class="check check-${check.status}"><div class="check-head"><span class="check-status status-${check.status}"><span class="status-icon" aria-hidden="true">${st.glyph}</span> <span class="status-text">${st.text}</span></span> <span class="check-name">${check.name}</span>${
    check.hasValue &&
    html`<span class="check-value"><span class="visually-hidden">Value: </span>${renderValue(check.value, opts, 1)}</span>`
  }</div>${check.advice !== undefined && html`<p class="check-advice">${check.advice}</p>`}${
    extraKeys.length > 0 && renderFields(check.extra, extraKeys, opts, 1, 'fields nested check-extra')
  }</li>`;
}

function countText(failed: number, passed: number, unknown: number): string {
  const parts: string[] = [];
  if (failed) parts.push(`${failed} failed`);
  if (passed) parts.push(`${passed} passed`);
  if (unknown) parts.push(`${unknown} not rated`);
  return parts.join(', ');
}

/** The analysis: checks grouped by category, failures first (within and across groups). */
export function renderAnalysis(results: readonly unknown[], opts: RenderOptions): TrustedHtml {
  const checks = results.map(toCheck);
  const groups = new Map<string, Check[]>();
  for (const c of checks) {
    const list = groups.get(c.category) ?? [];
    list.push(c);
    groups.set(c.category, list);
  }
  const rank = (cat: string): number => {
    const i = CATEGORY_ORDER.indexOf(cat);
    return i >= 0 ? i : cat === '' ? CATEGORY_ORDER.length + 1 : CATEGORY_ORDER.length;
  };
  const ordered = [...groups.entries()]
    .map(([category, list]) => ({
      category,
      checks: [...list].sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || a.index - b.index),
      failed: list.filter((c) => c.status === 'failed').length,
      passed: list.filter((c) => c.status === 'passed').length,
      unknown: list.filter((c) => c.status === 'unknown').length,
    }))
    .sort(
      (a, b) => Number(b.failed > 0) - Number(a.failed > 0) || rank(a.category) - rank(b.category) || a.category.localeCompare(b.category),
    );
  const failed = checks.filter((c) => c.status === 'failed').length;
  const passed = checks.filter((c) => c.status === 'passed').length;
  const unknown = checks.length - failed - passed;
  const total = checks.length === 1 ? '1 check' : `${checks.length} checks`;
  if (checks.length === 0) {
    return html`<section class="analysis" aria-labelledby="analysis-heading"><h2 id="analysis-heading">Analysis</h2><p class="muted">No checks in this report.</p></section>`;
  }
  return html`<section class="analysis" aria-labelledby="analysis-heading"><h2 id="analysis-heading">Analysis</h2><p class="analysis-summary">${total}: ${countText(failed, passed, unknown)}</p>${joinHtml(
    ordered.map(
      (g, i) =>
        html`<section class="check-group${g.failed > 0 ? ' has-failures' : ''}" aria-labelledby="group-${i}"><h3 id="group-${i}">${categoryLabel(g.category)} <span class="group-count">(${countText(g.failed, g.passed, g.unknown)})</span></h3><ul class="checks">${joinHtml(
          g.checks.map((c) => renderCheck(c, opts)),
        )}</ul></section>`,
    ),
  )}</section>`;
}

/** The `<main>` content of the report panel. */
export function renderReportBody(report: Record<string, unknown>, opts: RenderOptions = {}): string {
  const rec: Record<string, unknown> = isRecord(report) ? report : {};
  const shown = new Set<string>();
  const summary: TrustedHtml[] = [];

  const url = asText(rec.url);
  if (url !== undefined) shown.add('url');
  const id = asText(rec.id);
  const heading = url ?? (id !== undefined ? `Report ${id}` : 'Report');

  // Result badge.
  let badge: TrustedHtml = EMPTY;
  const result = asText(rec.result);
  if (result !== undefined) {
    shown.add('result');
    const key = result.toLowerCase();
    const label = lookup(RESULT_LABELS, key);
    badge = label
      ? html`<span class="badge result result-${key}"><span class="visually-hidden">Result: </span>${label}</span>`
      : html`<span class="badge result result-unknown"><span class="visually-hidden">Result: </span>${result}</span>`;
  }

  // Score gauge.
  let gauge: TrustedHtml = EMPTY;
  const score = asNumber(rec.score);
  if (score !== undefined) {
    shown.add('score');
    gauge = renderGauge(score, opts);
  }

  const generated = parseIsoDate(rec.generated_at);
  if (generated) {
    shown.add('generated_at');
    summary.push(html`<div class="field"><dt>Generated</dt><dd>${renderDate(generated, opts)}</dd></div>`);
  }

  const privacyNum = asNumber(rec.privacy);
  const privacy = privacyNum !== undefined && Number.isInteger(privacyNum) ? PRIVACY[privacyNum] : undefined;
  if (privacy) {
    shown.add('privacy');
    summary.push(html`<div class="field"><dt>Privacy</dt><dd class="privacy">${icon(privacy.icon)} ${privacy.label}</dd></div>`);
  }

  const project = asText(rec.project);
  if (project !== undefined) {
    shown.add('project');
    summary.push(html`<div class="field"><dt>Project</dt><dd>${project}</dd></div>`);
  }

  // Analysis (only when `results` is an array; anything else is shown as an ordinary field).
  let analysis: TrustedHtml = EMPTY;
  if (Array.isArray(rec.results)) {
    shown.add('results');
    analysis = renderAnalysis(rec.results, opts);
  }

  const web = isWebUrl(url);
  const toolbar = html`<div class="toolbar" role="toolbar" aria-label="Report actions">${[
    actionButton('changePrivacy', 'Change privacy', 'shield'),
    actionButton('rerun', 'Re-run analysis', 'debug-rerun'),
    actionButton('delete', 'Delete', 'trash', 'Delete report'),
    web && actionButton('openSite', 'Open site', 'link-external', 'Open site in browser'),
    url !== undefined && actionButton('copyUrl', 'Copy URL', 'copy'),
    actionButton('refresh', 'Refresh', 'refresh', 'Refresh report'),
  ]}</div>`;

  const otherKeys = Object.keys(rec).filter((k) => !shown.has(k));

  return html`<header class="report-header"><div class="title-row"><div class="title-text"><h1 class="report-url">${heading}</h1>${
    summary.length > 0 && html`<dl class="summary">${summary}</dl>`
  }</div><div class="rating">${badge}${gauge}</div></div>${toolbar}</header>${analysis}${
    otherKeys.length > 0 &&
    html`<section class="details" aria-labelledby="details-heading"><h2 id="details-heading">Details</h2>${renderFields(rec, otherKeys, opts)}</section>`
  }`.value;
}

/** The complete document of the report panel. */
export function renderReportPage(report: Record<string, unknown>, frame: PageFrame, opts: RenderOptions = {}): string {
  // The id rides on <body> so the webview can keep it in its state for the panel serializer.
  const id = isRecord(report) ? asText(report.id) : undefined;
  return renderPage(frame, 'report', new TrustedHtml(renderReportBody(report, opts)), id);
}
