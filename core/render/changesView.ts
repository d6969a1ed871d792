// The "Changes since <previous run>" section of the report panel: the score a → b (±d), the band
// change, the checks newly failing, fixed and still failing, a picker of the earlier run to compare
// with, and a sparkline of the score over the runs (inline SVG with a text alternative). Pure;
// every value escaped by `html`; bounded by MAX_RUNS_DRAWN and the runs' own check bound.

import * as l10n from '@vscode/l10n';
import { html, joinHtml, TrustedHtml } from './html';
import { formatDate, type RenderOptions } from './format';
import { checkName } from '../checks/checkNames';
import { diffRuns } from '../history/diff';
import { scoreChange } from '../history/changeWords';
import type { RunSnapshot } from '../history/snapshot';
import { roundedScore } from '../checks/rating';
import { ratingLabel } from '../checks/ratingWords';
import { ownField, textOf } from '../text/safeText';
import { parseTime } from '../text/serviceTime';

/** Runs drawn (sparkline points, options of the picker) at most: the newest ones. */
export const MAX_RUNS_DRAWN = 100;
/** Checks listed per list at most (a run keeps at most 200 checks; this is the same bound). */
export const MAX_CHECKS_LISTED = 200;

export interface ChangesOptions extends RenderOptions {
  /** A check's name for people; the table of check names by default. */
  checkLabel?: (key: string) => string;
}

const SPARK_WIDTH = 120;
const SPARK_HEIGHT = 32;

function labelOf(key: string, opts: ChangesOptions): string {
  try {
    return textOf((opts.checkLabel ?? checkName)(key)) || key;
  } catch {
    return key;
  }
}

/** A run as the renderer may trust it: its fields checked, whatever the caller passed. */
function runAt(runs: readonly unknown[], index: number): RunSnapshot {
  try {
    return checkedRun(runs[index]);
  } catch {
    // A proxy whose traps throw: a run with nothing known.
    return { generatedAt: '', band: 'unknown', checks: {} };
  }
}

function checkedRun(run: unknown): RunSnapshot {
  const score = ownField(run, 'score');
  const checks = ownField(run, 'checks');
  const band = textOf(ownField(run, 'band'));
  return {
    generatedAt: textOf(ownField(run, 'generatedAt')),
    score: typeof score === 'number' && Number.isFinite(score) ? score : undefined,
    band: band === 'good' || band === 'decent' || band === 'bad' ? band : 'unknown',
    checks: typeof checks === 'object' && checks !== null ? sanitizedChecks(checks) : {},
  };
}

function sanitizedChecks(checks: object): RunSnapshot['checks'] {
  const out: RunSnapshot['checks'] = {};
  let n = 0;
  for (const key of Object.keys(checks)) {
    if (n++ >= MAX_CHECKS_LISTED) break;
    const passed = ownField(ownField(checks, key), 'passed');
    const importance = textOf(ownField(ownField(checks, key), 'importance'));
    if (typeof passed !== 'boolean') continue;
    Object.defineProperty(out, key, {
      value: importance === 'high' || importance === 'medium' || importance === 'low' ? { passed, importance } : { passed },
      enumerable: true,
    });
  }
  return out;
}

function runDate(run: RunSnapshot, opts: ChangesOptions): string {
  const time = parseTime(run.generatedAt);
  if (time === undefined) return run.generatedAt.slice(0, 64) || l10n.t('an earlier run');
  try {
    return formatDate(time, opts);
  } catch {
    return run.generatedAt.slice(0, 64);
  }
}

function checkList(heading: string, cssClass: string, keys: string[], opts: ChangesOptions): TrustedHtml {
  if (keys.length === 0) return html``;
  const items = keys.slice(0, MAX_CHECKS_LISTED).map((key) => html`<li>${labelOf(key, opts)}</li>`);
  // l10n-exempt: markup
  return html`<h3 class="${cssClass}">${heading}</h3><ul class="${cssClass}">${items}</ul>`;
}

/** "Score over 5 runs: 63, 70, 81": the sparkline's text alternative. */
function sparkline(runs: RunSnapshot[]): TrustedHtml {
  const scores = runs.map((run) => run.score).filter((s): s is number => s !== undefined);
  if (scores.length < 2) return html``;
  const step = SPARK_WIDTH / (scores.length - 1);
  const points = scores.map((s, i) => `${(i * step).toFixed(1)},${(SPARK_HEIGHT - (s / 100) * SPARK_HEIGHT).toFixed(1)}`).join(' ');
  const label = l10n.t('Score over {0} runs: {1}', scores.length, scores.map(roundedScore).join(', '));
  // A dot on each run: two runs read as two points joined, not as one line.
  const dots = points.split(' ').map((p) => {
    const [x, y] = p.split(',');
    // l10n-exempt: markup
    return html`<circle cx="${x}" cy="${y}" r="2.5" fill="currentColor"/>`;
  });
  // l10n-exempt: markup
  return html`<svg class="sparkline" role="img" aria-label="${label}" viewBox="-3 -3 ${SPARK_WIDTH + 6} ${SPARK_HEIGHT + 6}" width="${SPARK_WIDTH + 6}" height="${SPARK_HEIGHT + 6}"><polyline fill="none" stroke="currentColor" stroke-width="1.5" points="${points}"/>${dots}</svg>`;
}

/**
 * The changes section for `runs` (oldest first): the newest run against the run at `compareWith`
 * (an index into `runs`; the one before the newest by default).
 */
export function renderChanges(runs: readonly unknown[], compareWith?: number, opts: ChangesOptions = {}): TrustedHtml {
  const list = Array.isArray(runs) ? runs : [];
  const first = Math.max(0, list.length - MAX_RUNS_DRAWN);
  const drawn: RunSnapshot[] = [];
  for (let i = first; i < list.length; i++) drawn.push(runAt(list, i));
  if (drawn.length < 2) {
    return html`<section class="changes"><h2>${l10n.t('Changes')}</h2><p>${l10n.t('No earlier run to compare with yet.')}</p></section>`;
  }
  const last = list.length - 1;
  const picked =
    Number.isInteger(compareWith) && (compareWith as number) >= first && (compareWith as number) < last
      ? (compareWith as number)
      : last - 1;
  const previous = drawn[picked - first];
  const current = drawn[drawn.length - 1];
  const diff = diffRuns(previous, current);
  const band =
    diff.bandBefore === diff.bandAfter
      ? l10n.t('Rating: {0} (unchanged)', ratingLabel(diff.bandAfter))
      : l10n.t('Rating: {0} → {1}', ratingLabel(diff.bandBefore), ratingLabel(diff.bandAfter));
  const options = [];
  for (let i = last - 1; i >= first; i--) {
    const run = drawn[i - first];
    const text = run.score === undefined ? runDate(run, opts) : l10n.t('{0} (score {1})', runDate(run, opts), roundedScore(run.score));
    // l10n-exempt: markup
    options.push(html`<option value="${i}"${i === picked ? new TrustedHtml(' selected') : ''}>${text}</option>`);
  }
  return html`<section class="changes">
<h2>${l10n.t('Changes since {0}', runDate(previous, opts))}</h2>
<p class="score-change">${l10n.t('Score: {0}', scoreChange(diff.scoreBefore, diff.scoreAfter))}</p>
<p class="band-change">${band}</p>
${sparkline(drawn)}
${checkList(l10n.t('Newly failing ({0})', diff.newlyFailing.length), 'newly-failing', diff.newlyFailing, opts)}
${checkList(l10n.t('Fixed ({0})', diff.fixed.length), 'fixed', diff.fixed, opts)}
${checkList(l10n.t('Still failing ({0})', diff.stillFailing.length), 'still-failing', diff.stillFailing, opts)}
${checkList(l10n.t('Failing, not checked before ({0})', diff.failingUnjudgedBefore.length), 'failing-unjudged', diff.failingUnjudgedBefore, opts)}
<div class="compare"><label>${l10n.t('Compare with')} <select data-action="compareWith">${joinHtml(options)}</select></label>
<button type="button" class="action" data-action="copyChanges"><span class="codicon codicon-copy" aria-hidden="true"></span><span class="label">${l10n.t('Copy changes')}</span></button></div>
</section>`;
}
