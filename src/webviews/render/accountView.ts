// The account webview: a pure function from the account record (fields unknown in the spec,
// read tolerantly) to HTML. No 'vscode' import; every server value is escaped by `html`.

import { EMPTY, html, TrustedHtml } from './html';
import { asNumber, asText, formatNumber, isRecord, lookup, RenderOptions } from './format';
import { renderFields, renderValue } from './values';
import { withoutSecrets } from './secrets';
import { PageFrame, renderPage } from './page';
import { Band, BANDS } from '../../model/rating';
import { ratingLabel } from '../../model/vocabulary';

export interface AccountViewModel {
  account: Record<string, unknown>;
  keySource: 'secret-storage' | 'environment';
  totals?: { good?: number; decent?: number; bad?: number };
}

const KEY_SOURCE_TEXT: Record<AccountViewModel['keySource'], string> = {
  'secret-storage': "Stored in VS Code's secret storage",
  environment: 'From the WEBREPORTS_API_KEY environment variable',
};

/** The fields shown first, in this order, when present. */
const KNOWN_FIELDS: ReadonlyArray<[string, string]> = [
  ['name', 'Name'],
  ['email', 'Email'],
  ['plan', 'Plan'],
  ['limits', 'Limits'],
  ['usage', 'Usage'],
];

function nonNegative(x: unknown): number | undefined {
  const n = asNumber(x);
  return n !== undefined && n >= 0 ? n : undefined;
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
  const text = `${formatNumber(used, opts)} of ${formatNumber(limit, opts)} reports this month`;
  return html`<div class="usage-meter"><meter min="0" max="${limit}" value="${Math.min(used, limit)}" aria-label="${text}"></meter> <span>${text}</span></div>`;
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
  const max = Math.max(1, ...rows.map((r) => r.count));
  const summary = `Reports by result: ${rows.map((r) => `${formatNumber(r.count, opts)} ${r.label.toLowerCase()}`).join(', ')}`;
  const labelW = 70;
  const barMax = 230;
  const rowH = 28;
  const height = rows.length * rowH;
  const bars = rows.map((r, i) => {
    const y = i * rowH;
    const w = r.count === 0 ? 0 : Math.max(2, (barMax * r.count) / max);
    return html`<g class="bar-row"><text class="bar-label" x="0" y="${y + 14}" dominant-baseline="central">${r.label}</text><rect class="bar bar-${r.key}" x="${labelW}" y="${y + 4}" width="${w.toFixed(1)}" height="20" rx="2"></rect><text class="bar-count" x="${(labelW + w + 6).toFixed(1)}" y="${y + 14}" dominant-baseline="central">${formatNumber(r.count, opts)}</text></g>`;
  });
  return html`<section class="totals" aria-labelledby="totals-heading"><h2 id="totals-heading">Reports by result</h2><svg class="bar-chart" viewBox="0 0 360 ${height}" width="360" height="${height}" role="img" aria-label="${summary}">${bars}</svg><table class="visually-hidden"><caption>Reports by result</caption><thead><tr><th scope="col">Result</th><th scope="col">Reports</th></tr></thead><tbody>${rows.map(
    (r) => html`<tr><th scope="row">${r.label}</th><td>${formatNumber(r.count, opts)}</td></tr>`,
  )}</tbody></table></section>`;
}

/**
 * The `<main>` content of the account panel. Credentials are masked here, by field name and by
 * value (`opts.secret`, the connection's key), whatever the caller passed in.
 */
export function renderAccountBody(model: AccountViewModel, opts: RenderOptions = {}): string {
  const account: Record<string, unknown> = isRecord(model?.account) ? withoutSecrets(model.account, opts.secret) : {};
  const name = asText(account.name);
  const email = asText(account.email);
  const heading = name ?? email ?? 'Account';

  const known = KNOWN_FIELDS.filter(([k]) => account[k] !== undefined && account[k] !== null);
  const knownKeys = new Set(known.map(([k]) => k));
  const rest = Object.keys(account).filter((k) => !knownKeys.has(k));

  const keySource = lookup(KEY_SOURCE_TEXT, String(model?.keySource)) ?? 'source unknown';

  return html`<header class="account-header"><h1>${heading}</h1><p class="key-source">${html`<span class="codicon codicon-${model?.keySource === 'environment' ? 'terminal' : 'key'}" aria-hidden="true"></span>`} API key: ${keySource}</p><div class="toolbar" role="toolbar" aria-label="Account actions"><button type="button" class="action" data-action="setApiKey" aria-label="Change API key"><span class="codicon codicon-key" aria-hidden="true"></span><span class="label">Change API key</span></button><button type="button" class="action" data-action="signOut" aria-label="Sign out"><span class="codicon codicon-sign-out" aria-hidden="true"></span><span class="label">Sign out</span></button><button type="button" class="action" data-action="refresh" aria-label="Refresh account"><span class="codicon codicon-refresh" aria-hidden="true"></span><span class="label">Refresh</span></button></div></header>${
    known.length > 0 &&
    html`<section class="account-known" aria-labelledby="known-heading"><h2 id="known-heading" class="visually-hidden">Account</h2><dl class="fields">${known.map(
      ([k, label]) => html`<div class="field"><dt>${label}</dt><dd>${renderValue(account[k], opts, 1)}</dd></div>`,
    )}</dl>${renderMonthlyUsage(account, opts)}</section>`
  }${renderTotalsChart(model?.totals, opts)}${
    rest.length > 0 &&
    html`<section class="details" aria-labelledby="details-heading"><h2 id="details-heading">Details</h2>${renderFields(account, rest, opts)}</section>`
  }`.value;
}

/** The complete document of the account panel. */
export function renderAccountPage(model: AccountViewModel, frame: PageFrame, opts: RenderOptions = {}): string {
  return renderPage(frame, 'account', new TrustedHtml(renderAccountBody(model, opts)));
}
