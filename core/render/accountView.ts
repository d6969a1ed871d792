// The account webview: a pure function from the account record (fields unknown in the spec,
// read tolerantly) to HTML. No 'vscode' import; every server value is escaped by `html`.

import * as l10n from '@vscode/l10n';
import { EMPTY, html, TrustedHtml } from './html';
import { asNumber, asText, formatNumber, humanizeKey, isRecord, RenderContext, RenderOptions } from './format';
import { MAX_STRING, renderFields, renderValue } from './values';
import { ACCOUNT_LIMITS, RenderBudget } from './budget';
import { withoutSecrets } from './secrets';
import { PageFrame, renderPage } from './page';
import { Band, BANDS } from '../checks/rating';
import { ratingLabel } from '../checks/ratingWords';

export interface AccountViewModel {
  account: Record<string, unknown>;
  keySource: 'secret-storage' | 'environment';
  totals?: { good?: number; decent?: number; bad?: number };
}

function keySourceText(source: unknown): string {
  if (source === 'secret-storage') return l10n.t("Stored in VS Code's secret storage");
  if (source === 'environment') return l10n.t('From the WEBREPORTS_API_KEY environment variable');
  return l10n.t('source unknown');
}

/** The fields shown first, in this order, when present. */
const KNOWN_FIELDS: readonly string[] = ['name', 'email', 'plan', 'limits', 'usage'];

function knownFieldLabel(field: string): string {
  switch (field) {
    case 'name':
      return l10n.t({ message: 'Name', comment: ['a field of the account'] });
    case 'email':
      return l10n.t({ message: 'Email', comment: ['a field of the account'] });
    case 'plan':
      return l10n.t({ message: 'Plan', comment: ['a field of the account: its subscription plan'] });
    case 'limits':
      return l10n.t({ message: 'Limits', comment: ['a field of the account'] });
    default:
      return l10n.t({ message: 'Usage', comment: ['a field of the account'] });
  }
}

/** A number of reports of one rating inside a list: "3 good". */
function bandCount(count: string, band: Band): string {
  switch (band) {
    case 'good':
      return l10n.t({ message: '{0} good', args: [count], comment: ['a number of reports rated good'] });
    case 'decent':
      return l10n.t({ message: '{0} decent', args: [count], comment: ['a number of reports rated decent'] });
    default:
      return l10n.t({ message: '{0} bad', args: [count], comment: ['a number of reports rated bad'] });
  }
}

function nonNegative(x: unknown): number | undefined {
  const n = asNumber(x);
  return n !== undefined && n >= 0 ? n : undefined;
}

/** A <meter> of `used` of `limit` with its words beside it. */
function usageMeter(limit: number, used: number, text: string): TrustedHtml {
  // l10n-exempt: markup; its words are the caller's text
  return html`<div class="usage-meter"><meter min="0" max="${limit}" value="${Math.min(used, limit)}" aria-label="${text}"></meter> <span>${text}</span></div>`;
}

/** "12 of 100 reports this month" with a <meter>, when the local service's shapes are present. */
function renderMonthlyUsage(account: Record<string, unknown>, opts: RenderOptions): TrustedHtml {
  const limits = isRecord(account.limits) ? account.limits : undefined;
  const usage = isRecord(account.usage) ? account.usage : undefined;
  const limit = nonNegative(limits?.reports_per_month);
  const used = nonNegative(usage?.reports_this_month);
  if (limit === undefined || used === undefined || limit === 0) {
    return EMPTY;
  }
  const text = l10n.t('{0} of {1} reports this month', formatNumber(used, opts), formatNumber(limit, opts));
  return usageMeter(limit, used, text);
}

/** A plan's allowance as people read it: -1 is "Unlimited", true "Included", false "Not included". */
export function allowanceText(value: unknown, opts: RenderOptions = {}): string | undefined {
  if (value === true) return l10n.t({ message: 'Included', comment: ["a feature of the account's plan"] });
  if (value === false) return l10n.t({ message: 'Not included', comment: ["a feature of the account's plan"] });
  const n = asNumber(value);
  if (n === -1) return l10n.t({ message: 'Unlimited', comment: ["an allowance of the account's plan"] });
  if (n !== undefined && n >= 0) return formatNumber(n, opts);
  return asText(value);
}

/** "Reports: 312 of 500" with a <meter> (or "312, unlimited"), from the plan's `reports` and the totals. */
function renderPlanUsage(plan: Record<string, unknown> | undefined, used: number | undefined, opts: RenderOptions): TrustedHtml {
  const features = isRecord(plan?.features) ? plan.features : undefined;
  const limit = asNumber(features?.reports);
  if (used === undefined || limit === undefined) return EMPTY;
  if (limit === -1) {
    const text =
      used === 1 ? l10n.t('1 report, unlimited on this plan') : l10n.t('{0} reports, unlimited on this plan', formatNumber(used, opts));
    // l10n-exempt: markup
    return html`<p class="usage-meter">${text}</p>`;
  }
  if (limit <= 0) return EMPTY;
  const text = l10n.t('{0} of {1} reports used', formatNumber(used, opts), formatNumber(limit, opts));
  return usageMeter(limit, used, text);
}

/** The plan's name and what it allows, each allowance in words (never a raw id or -1). */
function renderPlan(plan: unknown, ctx: RenderContext): TrustedHtml {
  if (!isRecord(plan)) return html`${renderValue(plan, ctx, 1)}`;
  const name = asText(plan.name);
  const features = isRecord(plan.features) ? plan.features : {};
  const rows = Object.keys(features)
    .slice(0, 50)
    .map((key) => ({ key, text: allowanceText(features[key], ctx) }))
    .filter((r): r is { key: string; text: string } => r.text !== undefined);
  // l10n-exempt: markup
  return html`${name === undefined ? EMPTY : html`<span class="plan-name">${ctx.budget.text(name, MAX_STRING)}</span>`}${
    rows.length > 0 &&
    html`<dl class="plan-features">${rows.map(
      (r) =>
        html`<div class="field"><dt>${ctx.budget.text(humanizeKey(r.key), MAX_STRING)}</dt><dd>${ctx.budget.text(r.text, MAX_STRING)}</dd></div>`,
    )}</dl>`
  }`;
}

/** A bar's width for `count` of `max`: finite, within 0–`full`, at least 2 for a count above 0. */
export function barWidth(count: number, max: number, full: number): number {
  const share = count / max;
  if (!Number.isFinite(share) || share <= 0) return 0;
  return Math.min(full, Math.max(2, full * Math.min(1, share)));
}

/** A horizontal bar chart of reports by result, with the numbers also as a hidden table. */
export function renderTotalsChart(totals: AccountViewModel['totals'], opts: RenderOptions = {}): TrustedHtml {
  if (!isRecord(totals)) {
    return EMPTY;
  }
  const rows = BANDS.map((key) => ({ key, label: ratingLabel(key), count: nonNegative(totals[key]) })).filter(
    (r): r is { key: Band; label: string; count: number } => r.count !== undefined,
  );
  if (rows.length === 0) {
    return EMPTY;
  }
  // Widths from each count's share of the largest (≤ 1), so no product can overflow to Infinity.
  const max = rows.reduce((m, r) => Math.max(m, r.count), 1);
  const summary = l10n.t('Reports by result: {0}', rows.map((r) => bandCount(formatNumber(r.count, opts), r.key)).join(', '));
  const labelW = 70;
  const barMax = 230;
  const rowH = 28;
  const height = rows.length * rowH;
  const bars = rows.map((r, i) => {
    const y = i * rowH;
    const w = barWidth(r.count, max, barMax);
    // l10n-exempt: markup
    return html`<g class="bar-row"><text class="bar-label" x="0" y="${y + 14}" dominant-baseline="central">${r.label}</text><rect class="bar bar-${r.key}" x="${labelW}" y="${y + 4}" width="${w.toFixed(1)}" height="20" rx="2"></rect><text class="bar-count" x="${(labelW + w + 6).toFixed(1)}" y="${y + 14}" dominant-baseline="central">${formatNumber(r.count, opts)}</text></g>`;
  });
  const title = l10n.t('Reports by result');
  // l10n-exempt: markup; its words are the title and the summary
  return html`<section class="totals" aria-labelledby="totals-heading"><h2 id="totals-heading">${title}</h2><svg class="bar-chart" viewBox="0 0 360 ${height}" width="360" height="${height}" role="img" aria-label="${summary}">${bars}</svg><table class="visually-hidden"><caption>${title}</caption><thead><tr><th scope="col">${l10n.t('Result')}</th><th scope="col">${l10n.t('Reports')}</th></tr></thead><tbody>${rows.map(
    (r) => html`<tr><th scope="row">${r.label}</th><td>${formatNumber(r.count, opts)}</td></tr>`,
  )}</tbody></table></section>`;
}

/**
 * The `<main>` content of the account panel. Credentials are masked here, by field name and by
 * value (`opts.secret`, the connection's key), whatever the caller passed in.
 */
export function renderAccountBody(model: AccountViewModel, opts: RenderOptions = {}): string {
  // One budget for everything this body renders (budget.ts).
  const ctx: RenderContext = { ...opts, budget: opts.budget ?? new RenderBudget(ACCOUNT_LIMITS) };
  const account: Record<string, unknown> = isRecord(model?.account) ? withoutSecrets(model.account, opts.secret) : {};
  const cut = (text: string | undefined): string | undefined => (text === undefined ? undefined : ctx.budget.text(text, MAX_STRING));
  const name = cut(asText(account.name));
  const email = cut(asText(account.email));
  const heading = name ?? email ?? l10n.t('Account');

  const known = KNOWN_FIELDS.filter((k) => account[k] !== undefined && account[k] !== null);
  const knownKeys = new Set(known);
  // Details: not the account's internal id, nor a field the service left empty ("Avatar URL —").
  const rest = Object.keys(account).filter(
    (k) => !knownKeys.has(k) && k !== 'id' && account[k] !== null && account[k] !== undefined && account[k] !== '',
  );
  const totals = model?.totals;
  const used =
    isRecord(totals) && BANDS.every((b) => nonNegative(totals[b]) !== undefined)
      ? BANDS.reduce((sum, b) => sum + (nonNegative(totals[b]) ?? 0), 0)
      : undefined;
  const plan = isRecord(account.plan) ? account.plan : undefined;

  const keySource = keySourceText(model?.keySource);
  const button = (action: string, iconName: string, label: string, ariaLabel = label): TrustedHtml =>
    // l10n-exempt: markup; the caller gives the words
    html`<button type="button" class="action" data-action="${action}" aria-label="${ariaLabel}"><span class="codicon codicon-${iconName}" aria-hidden="true"></span><span class="label">${label}</span></button>`;

  // l10n-exempt: markup; its words are t() calls and the service's values
  return html`<header class="account-header"><h1>${heading}</h1><p class="key-source">${html`<span class="codicon codicon-${model?.keySource === 'environment' ? 'terminal' : 'key'}" aria-hidden="true"></span>`} ${l10n.t('API key: {0}', keySource)}</p><div class="toolbar" role="toolbar" aria-label="${l10n.t('Account actions')}">${[
    button('setApiKey', 'key', l10n.t('Change API key')),
    button('signOut', 'sign-out', l10n.t('Sign out')),
    button('refresh', 'refresh', l10n.t('Refresh'), l10n.t('Refresh account')),
  ]}</div></header>${
    known.length > 0 &&
    html`<section class="account-known" aria-labelledby="known-heading"><h2 id="known-heading" class="visually-hidden">${l10n.t('Account')}</h2><dl class="fields">${known.map(
      (k) =>
        html`<div class="field"><dt>${knownFieldLabel(k)}</dt><dd>${k === 'plan' ? renderPlan(account[k], ctx) : renderValue(account[k], ctx, 1)}</dd></div>`,
    )}</dl>${renderPlanUsage(plan, used, opts)}${renderMonthlyUsage(account, opts)}</section>`
  }${renderTotalsChart(model?.totals, opts)}${
    rest.length > 0 &&
    html`<section class="details" aria-labelledby="details-heading"><h2 id="details-heading">${l10n.t('Details')}</h2>${renderFields(account, rest, ctx)}</section>`
  }`.value;
}

/** The complete document of the account panel. */
export function renderAccountPage(model: AccountViewModel, frame: PageFrame, opts: RenderOptions = {}): string {
  return renderPage(frame, 'account', new TrustedHtml(renderAccountBody(model, opts)));
}
