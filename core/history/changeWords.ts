// The change between two runs in words: the one-line summary of a notification
// ("63 → 81 (+18): 3 checks fixed, 1 newly failing") and the Markdown of copyChanges. Pure.

import * as l10n from '@vscode/l10n';
import { displayLocale } from '../text/locale';
import { relativeTime } from '../text/vocabulary';
import { codeSpan, markdownCell } from '../text/markdownText';
import { plainText } from '../text/plainText';
import { shortText } from '../text/safeText';
import { roundedScore } from '../checks/rating';
import { changedChecks, diffRuns, type RunDiff } from './diff';
import type { RunSnapshot } from './snapshot';

/** Characters of a check's label in a Markdown table cell. */
export const MAX_LABEL = 200;

/** A whole-number difference with its sign: "+18", "-3", "0". */
export function signedDelta(delta: number): string {
  return new Intl.NumberFormat(displayLocale(), { signDisplay: 'exceptZero', maximumFractionDigits: 0 }).format(Math.round(delta));
}

/** "63 → 81 (+18)", or the score that is known, or "no score". */
export function scoreChange(before: number | undefined, after: number | undefined): string {
  if (before !== undefined && after !== undefined) {
    const a = roundedScore(before);
    const b = roundedScore(after);
    return l10n.t({
      message: '{0} → {1} ({2})',
      args: [a, b, signedDelta(Number(b) - Number(a))],
      comment: ['a score before and after, and the difference'],
    });
  }
  if (after !== undefined) return l10n.t('now {0}', roundedScore(after));
  if (before !== undefined) return l10n.t('was {0}', roundedScore(before));
  return l10n.t('no score');
}

/** "63 → 81 (+18) against the run 2 days ago": a URL's score against its run before the newest. */
export function trendSince(previous: RunSnapshot, current: RunSnapshot, now?: Date): string {
  const score = scoreChange(previous.score, current.score);
  const when = relativeTime(previous.generatedAt, now);
  return when === undefined
    ? l10n.t('{0} against the run before', score)
    : l10n.t({ message: '{0} against the run {1}', args: [score, when], comment: ['{1} is a relative time such as "2 days ago"'] });
}

function fixedCount(n: number): string {
  return n === 1 ? l10n.t('1 check fixed') : l10n.t('{0} checks fixed', n);
}

function failingCount(n: number): string {
  return n === 1 ? l10n.t('1 newly failing') : l10n.t('{0} newly failing', n);
}

/** "<score>: 3 checks fixed, 1 newly failing", a count of 0 left out ("no check changed" when both are). */
function withChanges(score: string, diff: RunDiff): string {
  const fixed = diff.fixed.length;
  const failing = diff.newlyFailing.length;
  if (fixed > 0 && failing > 0) return l10n.t('{0}: {1}, {2}', score, fixedCount(fixed), failingCount(failing));
  if (fixed > 0) return l10n.t('{0}: {1}', score, fixedCount(fixed));
  if (failing > 0) return l10n.t('{0}: {1}', score, failingCount(failing));
  return l10n.t('{0}: no check changed', score);
}

/** "63 → 81 (+18): 3 checks fixed, 1 newly failing". */
export function changeSummary(diff: RunDiff): string {
  return withChanges(scoreChange(diff.scoreBefore, diff.scoreAfter), diff);
}

/**
 * A page's local result beside its published one, "Local 87 · published 73 (+14): 2 checks fixed"
 * (`diff` from the published run to the local one; the scores rounded first). Short: it shares a
 * CodeLens line with the page's own and the quick fixes'.
 */
export function localVersusPublished(diff: RunDiff): string {
  const local = diff.scoreAfter === undefined ? '?' : roundedScore(diff.scoreAfter);
  const published = diff.scoreBefore === undefined ? '?' : roundedScore(diff.scoreBefore);
  const delta = diff.scoreAfter !== undefined && diff.scoreBefore !== undefined ? signedDelta(Number(local) - Number(published)) : '?';
  const scores = l10n.t({
    message: 'Local {0} · published {1} ({2})',
    args: [local, published, delta],
    comment: ["{0} the page's score from its local checks, {1} its published report's score, {2} the difference"],
  });
  return withChanges(scores, diff);
}

/** A check's label in a Markdown table cell (cut to MAX_LABEL): no markup, link or live @mention or #123. */
export function tableCell(text: string): string {
  return markdownCell(shortText(text, MAX_LABEL));
}

function stateWord(state: { passed: boolean } | undefined): string {
  if (state === undefined) return l10n.t({ message: 'not checked', comment: ['a check that was not part of a run of a report'] });
  return state.passed
    ? l10n.t({ message: 'Passed', comment: ['the status of one check of a web page'] })
    : l10n.t({ message: 'Failed', comment: ['the status of one check of a web page'] });
}

function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/**
 * The change between two runs as Markdown: a header line with the URL and both scores, then a
 * table of the checks that changed (at most 2 × MAX_CHECKS_PER_RUN rows: the runs' own bound).
 */
export function changesMarkdown(url: string, previous: RunSnapshot, current: RunSnapshot, checkLabel: (key: string) => string): string {
  const diff = diffRuns(previous, current);
  const lines = [l10n.t('Changes of {0}: {1}', codeSpan(plainText(url, 2000)), scoreChange(diff.scoreBefore, diff.scoreAfter)), ''];
  const changed = changedChecks(previous, current);
  if (changed.length === 0) {
    lines.push(l10n.t('No check changed.'));
    return `${lines.join('\n')}\n`;
  }
  lines.push(`| ${l10n.t('Check')} | ${l10n.t('Before')} | ${l10n.t('After')} |`, '|---|---|---|');
  for (const key of changed) {
    let label: string;
    try {
      label = checkLabel(key);
    } catch {
      label = key;
    }
    lines.push(`| ${tableCell(label)} | ${stateWord(own(previous.checks, key))} | ${stateWord(own(current.checks, key))} |`);
  }
  return `${lines.join('\n')}\n`;
}
