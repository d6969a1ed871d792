// What the status bar item and the tree's badge say, from the totals the tree already loaded.
// Pure: no 'vscode'; the adapters are extension/reports/statusBar.ts and extension/reports/badge.ts.
import * as l10n from '@vscode/l10n';
import type { ReportResult } from '../client/types';
import { displayLocale } from '../text/locale';
import { plainText } from '../text/plainText';

export type Totals = Record<ReportResult, number | undefined>;

/** The three totals, or undefined until every group has said how many it holds. */
function known(totals: Totals): Record<ReportResult, number> | undefined {
  const { good, decent, bad } = totals;
  return good === undefined || decent === undefined || bad === undefined ? undefined : { good, decent, bad };
}

export interface StatusSummary {
  /**
   * The extension's globe and words, e.g. `$(globe) 30 good · 7 decent · 4 bad`: the Problems
   * icons would read as a second error counter beside VS Code's own.
   */
  text: string;
  /** The same for screen readers. */
  label: string;
  tooltip: string;
}

/**
 * The status bar's content, or undefined when there is nothing to show (totals not loaded).
 * `accountName` comes from the service: neutralised, as it lands next to text VS Code renders.
 * `filter` (describeNarrowing) says the totals are those of a searched or filtered list: the
 * item says "(filtered)" and its tooltip names the filter, so a search's counts never pass for
 * the account's.
 */
export function statusSummary(totals: Totals, accountName?: string, loadedAt?: Date, filter?: string): StatusSummary | undefined {
  const t = known(totals);
  if (!t) return undefined;
  const label =
    filter === undefined
      ? l10n.t('Website Reports: {0} good, {1} decent, {2} bad', t.good, t.decent, t.bad)
      : l10n.t('Website Reports, filtered list: {0} good, {1} decent, {2} bad', t.good, t.decent, t.bad);
  const lines = [label];
  if (filter !== undefined) lines.push(l10n.t('Filter: {0}', plainText(filter, 200)));
  const name = accountName === undefined ? '' : plainText(accountName, 200).trim();
  if (name) lines.push(l10n.t('Account: {0}', name));
  if (loadedAt) lines.push(l10n.t('Last refreshed {0}', loadedAt.toLocaleTimeString(displayLocale())));
  lines.push(l10n.t('Click to open the account.'));
  const counts = l10n.t({
    message: '{0} good · {1} decent · {2} bad',
    args: [t.good, t.decent, t.bad],
    comment: ['the status bar: reports per rating'],
  });
  const shown =
    filter === undefined
      ? counts
      : l10n.t({ message: '{0} (filtered)', args: [counts], comment: ['the status bar: the counts of a searched or filtered list'] });
  return { text: `$(globe) ${shown}`, label, tooltip: lines.join('\n') };
}

/**
 * The tree view's badge: the number of bad reports, or undefined when none (or not known). Its
 * tooltip names `filter` when the list is searched or filtered (see statusSummary).
 */
export function badReportsBadge(totals: Totals, filter?: string): { value: number; tooltip: string } | undefined {
  const bad = totals.bad;
  if (bad === undefined || bad <= 0) return undefined;
  const counted = bad === 1 ? l10n.t('1 report rated bad') : l10n.t('{0} reports rated bad', bad);
  if (filter === undefined) return { value: bad, tooltip: counted };
  return { value: bad, tooltip: l10n.t('{0} (filtered: {1})', counted, plainText(filter, 200)) };
}
