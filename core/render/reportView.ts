// The report detail webview: a pure function from a (tolerantly read) report record to HTML.
// No 'vscode' import; every server value is escaped by `html`.

import * as l10n from '@vscode/l10n';
import { EMPTY, html, TrustedHtml } from './html';
import { asNumber, asText, isRecord, renderDate, RenderContext, RenderOptions } from './format';
import { parseTime } from '../text/serviceTime';
import { MAX_STRING, renderFields } from './values';
import { RenderBudget, REPORT_LIMITS } from './budget';
import { renderAnalysis } from './analysisView';
import { maskSecrets } from './secrets';
import { PageFrame, renderPage } from './page';
import { Rating, ratingOf, roundedScore } from '../checks/rating';
import { isWebUrl, PRIVACY_ICONS, privacyLabel, privacyName, tooLargeNote } from '../text/vocabulary';
import { ratingLabel } from '../checks/ratingWords';
import { oversizedOf, type Report } from '../client/types';

export type { RenderOptions } from './format';

function icon(name: string): TrustedHtml {
  // l10n-exempt: markup
  return html`<span class="codicon codicon-${name}" aria-hidden="true"></span>`;
}

function actionButton(action: string, label: string, iconName: string, ariaLabel = label): TrustedHtml {
  // l10n-exempt: markup; the label and its accessible name are localised by the caller
  return html`<button type="button" class="action" data-action="${action}" aria-label="${ariaLabel}">${icon(iconName)}<span class="label">${label}</span></button>`;
}

/**
 * An SVG ring gauge for a 0–100 score, coloured by the rating's band (CSS class, no inline
 * style); the number is rounded for people (73.68… → 74).
 */
export function renderGauge(rating: Rating & { score: number }): TrustedHtml {
  const clamped = Math.min(100, Math.max(0, rating.score));
  const shown = roundedScore(rating.score);
  const r = 52;
  const circumference = 2 * Math.PI * r;
  const filled = (circumference * clamped) / 100;
  const label = l10n.t('Score {0} of 100', shown);
  // l10n-exempt: markup; its words are the label above
  return html`<svg class="gauge gauge-${rating.band}" viewBox="0 0 120 120" width="96" height="96" role="img" aria-label="${label}"><circle class="gauge-track" cx="60" cy="60" r="${r}" fill="none" stroke-width="12"></circle><circle class="gauge-value" cx="60" cy="60" r="${r}" fill="none" stroke-width="12" stroke-linecap="round" stroke-dasharray="${filled.toFixed(2)} ${circumference.toFixed(2)}" transform="rotate(-90 60 60)"></circle><text class="gauge-text" x="60" y="60" text-anchor="middle" dominant-baseline="central" aria-hidden="true">${shown}</text></svg>`;
}

/**
 * A score in prose: one decimal at most (73.7, never 73.68421052631578), two where one would read
 * as the other band (79.01 is Good; "79.0" would read as Decent). The gauge shows it whole.
 */
export function proseScore(rating: Rating & { score?: number }): string {
  const score = rating.score ?? 0;
  const one = Math.round(score * 10) / 10;
  return String(ratingOf({ result: one }).band === rating.band ? one : Math.round(score * 100) / 100);
}

/** The badge: the band's word from the one rating function, or an unknown word as it came. */
function renderBadge(rating: Rating, result: unknown, ctx: RenderContext): TrustedHtml {
  const word = asText(result);
  const text = rating.band !== 'unknown' ? ratingLabel(rating.band) : word && ctx.budget.text(word, MAX_STRING);
  if (text === undefined) return EMPTY;
  // l10n-exempt: markup
  return html`<span class="badge result result-${rating.band}"><span class="visually-hidden">${l10n.t('Result:')} </span>${text}</span>`;
}

/** The `<main>` content of the report panel. */
export interface ReportBodyOptions extends RenderOptions {
  /** The "Changes since …" section (changesView.ts), shown under the header. */
  changes?: TrustedHtml;
}

export function renderReportBody(report: Record<string, unknown>, opts: ReportBodyOptions = {}): string {
  // One budget for everything this body renders (budget.ts).
  const ctx: RenderContext = { ...opts, budget: opts.budget ?? new RenderBudget(REPORT_LIMITS) };
  // A service that echoes the key anywhere in a record must not get it onto the screen.
  const rec: Record<string, unknown> = isRecord(report) ? maskSecrets(report, { key: opts.secret }) : {};
  const cut = (text: string | undefined): string | undefined => (text === undefined ? undefined : ctx.budget.text(text, MAX_STRING));
  const shown = new Set<string>();
  const summary: TrustedHtml[] = [];
  const field = (label: string, value: TrustedHtml | string, className?: string): void => {
    // l10n-exempt: markup
    summary.push(html`<div class="field"><dt>${label}</dt><dd${className && html` class="${className}"`}>${value}</dd></div>`);
  };

  const fullUrl = asText(rec.url);
  const url = cut(fullUrl);
  if (url !== undefined) shown.add('url');
  const id = cut(asText(rec.id));
  const heading = url ?? (id !== undefined ? l10n.t('Report {0}', id) : l10n.t('Report'));

  // The rating: badge and gauge from the one rating function; the exact score in the list.
  const rating = ratingOf(rec);
  const badge = renderBadge(rating, rec.result, ctx);
  if (badge !== EMPTY) shown.add('result');
  const gauge = rating.score !== undefined ? renderGauge({ ...rating, score: rating.score }) : EMPTY;
  if (rating.score !== undefined) {
    if (asNumber(rec.score) === rating.score) shown.add('score');
    field(l10n.t('Score'), l10n.t('{0} of 100', proseScore(rating)), 'score');
  }

  const generated = parseTime(rec.generated_at);
  if (generated) {
    shown.add('generated_at');
    field(
      l10n.t({ message: 'Generated', comment: ['the label of a field of a report: when its analysis was made'] }),
      renderDate(generated, ctx),
    );
  }

  const privacyNumber = asNumber(rec.privacy);
  if (privacyNumber === 0 || privacyNumber === 1 || privacyNumber === 2) {
    const name = privacyName(privacyNumber);
    shown.add('privacy');
    field(l10n.t('Privacy'), html`${icon(PRIVACY_ICONS[name])} ${privacyLabel(name)}`, 'privacy');
  }

  const project = cut(asText(rec.project));
  if (project !== undefined) {
    shown.add('project');
    field(l10n.t('Project'), project);
  }

  // The analysis, for a list or an object of checks; anything else is listed as an ordinary field.
  // A record too large to show (the client kept its facts only) says so where the analysis goes.
  const oversized = isRecord(report) ? oversizedOf(report as Report) : undefined;
  const analysis = oversized
    ? html`<p class="notice" role="note">${icon('warning')} ${tooLargeNote(oversized)}</p>`
    : (renderAnalysis(rec.results, ctx) ?? EMPTY);
  if (analysis !== EMPTY) shown.add('results');

  // l10n-exempt: markup
  const toolbar = html`<div class="toolbar" role="toolbar" aria-label="${l10n.t('Report actions')}">${[
    // First is primary: re-running is what a person does after a fix.
    actionButton('rerun', l10n.t('Re-run analysis'), 'debug-rerun'),
    actionButton('changePrivacy', l10n.t('Change privacy'), 'shield'),
    actionButton('delete', l10n.t('Delete'), 'trash', l10n.t('Delete report')),
    isWebUrl(fullUrl) && actionButton('openSite', l10n.t('Open site'), 'link-external', l10n.t('Open site in browser')),
    url !== undefined && actionButton('copyUrl', l10n.t('Copy URL'), 'copy'),
    actionButton('refresh', l10n.t('Refresh'), 'refresh', l10n.t('Refresh report')),
  ]}</div>`;

  const otherKeys = Object.keys(rec).filter((k) => !shown.has(k));

  // l10n-exempt: markup
  return html`<header class="report-header"><div class="title-row"><div class="title-text"><h1 class="report-url">${heading}</h1>${
    summary.length > 0 && html`<dl class="summary">${summary}</dl>`
  }</div><div class="rating">${badge}${gauge}</div></div>${toolbar}</header>${opts.changes ?? EMPTY}${analysis}${
    otherKeys.length > 0 &&
    html`<section class="details" aria-labelledby="details-heading"><h2 id="details-heading">${l10n.t('Details')}</h2>${renderFields(rec, otherKeys, ctx)}</section>`
  }`.value;
}

/** The complete document of the report panel. */
export function renderReportPage(report: Record<string, unknown>, frame: PageFrame, opts: RenderOptions = {}): string {
  // The id rides on <body> so the webview can keep it in its state for the panel serializer.
  const full = isRecord(report) ? asText(report.id) : undefined;
  const id = full !== undefined && full.length <= MAX_STRING ? full : undefined;
  return renderPage(frame, 'report', new TrustedHtml(renderReportBody(report, opts)), id);
}
