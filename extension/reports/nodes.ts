// The tree's nodes: a group per result, its reports, and "Load more…" or an error row at its end.
import * as vscode from 'vscode';
import { oversizedOf, Report, ReportResult } from '../../core/client/types';
import { cutNotice, PagingLimits } from '../../core/list/paging';
import { GroupState } from '../../core/list/reportsModel';
import { COMMAND } from '../ids';
import { contextValue, PRIVACY_ICONS, privacyName, relativeTime, reportLabel, tooLargeShort } from '../../core/text/vocabulary';
import { accessibleLabel, countOf, RATING_ICONS, ratingLabel } from '../../core/checks/ratingWords';
import { plainText } from '../../core/text/plainText';
import { ratingOf } from '../../core/checks/rating';
import { reportTooltipMarkdown } from '../../core/list/reportTooltip';
import { textOf } from '../../core/text/safeText';
import { pageRow } from '../../core/list/rowLabel';

export { isReportNode, type ReportsNode } from '../../core/list/treeNodes';

/** "Good reports": a group for screen readers. */
function bandReports(result: ReportResult): string {
  switch (result) {
    case 'good':
      return vscode.l10n.t('Good reports');
    case 'decent':
      return vscode.l10n.t('Decent reports');
    default:
      return vscode.l10n.t('Bad reports');
  }
}

/** "Load more good reports": the paging row for screen readers. */
function loadMoreLabel(result: ReportResult): string {
  switch (result) {
    case 'good':
      return vscode.l10n.t('Load more good reports');
    case 'decent':
      return vscode.l10n.t('Load more decent reports');
    default:
      return vscode.l10n.t('Load more bad reports');
  }
}

export function groupItem(group: GroupState, limits: PagingLimits): vscode.TreeItem {
  const item = new vscode.TreeItem(ratingLabel(group.result), vscode.TreeItemCollapsibleState.Expanded);
  item.id = `group:${group.result}`;
  const shown = group.items.length;
  const count = group.total !== undefined ? String(group.total) : shown ? `${shown}+` : '';
  // A list the model stopped paging (a service that never ends, or a cap) says so on its group.
  item.description = group.cut ? [count, vscode.l10n.t('{0} shown, list cut', shown)].filter(Boolean).join(' · ') : count;
  const { icon, color } = RATING_ICONS[group.result];
  // A group whose page is still on its way spins; the others already show what they hold.
  item.iconPath = group.loading ? new vscode.ThemeIcon('loading~spin') : new vscode.ThemeIcon(icon, new vscode.ThemeColor(color));
  item.contextValue = `group:${group.result}`;
  const counted = group.total !== undefined ? countOf(group.total, group.result) : undefined;
  const cut = group.cut ? vscode.l10n.t('List cut after {0}: {1}.', shown, cutNotice(group.cut, limits)) : undefined;
  item.tooltip = [counted, cut].filter(Boolean).join('\n\n') || undefined;
  let label = bandReports(group.result);
  if (group.total !== undefined) label = `${label}, ${group.total}`;
  if (group.cut) label = vscode.l10n.t('{0}, list cut after {1}', label, shown);
  if (group.loading) label = vscode.l10n.t('{0}, loading', label);
  item.accessibilityInformation = { label, role: 'treeitem' };
  return item;
}

/** The Markdown tooltip (reportTooltip.ts): untrusted, no HTML, every server value in a code span. */
export function reportTooltip(report: Report, trend?: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString(reportTooltipMarkdown(report, undefined, trend), false);
  md.isTrusted = false;
  md.supportHtml = false;
  return md;
}

/** Characters of a report's spoken label at most. */
const ACCESSIBLE_LABEL_CHARS = 500;

export function reportItem(report: Report, result: ReportResult): vscode.TreeItem {
  // "81 · /news/launch-8" with "www.example.com · 2 weeks ago" beside it: the score first, the
  // page's path, then its site; VS Code cuts what a side bar cannot show at the row's end, so a
  // wide one shows it all. The whole URL is in the tooltip and the spoken label.
  const row = pageRow(reportLabel(report), ratingOf(report).score);
  const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.None);
  item.id = `report:${textOf(report.id)}`;
  const parts = [row.site, relativeTime(report.generated_at), oversizedOf(report) && tooLargeShort()];
  item.description = parts.filter((part): part is string => typeof part === 'string' && part !== '').join(' · ');
  const privacy = privacyName(report.privacy);
  item.iconPath = new vscode.ThemeIcon(PRIVACY_ICONS[privacy]);
  item.contextValue = contextValue(report);
  item.tooltip = reportTooltip(report);
  // Read aloud, never rendered: only cut (a screen reader would spell out plainText's look-alikes).
  const spoken = accessibleLabel(report);
  item.accessibilityInformation = {
    label: spoken.length > ACCESSIBLE_LABEL_CHARS ? `${spoken.slice(0, ACCESSIBLE_LABEL_CHARS)}…` : spoken,
    role: 'treeitem',
  };
  item.command = {
    command: COMMAND.openReport,
    title: vscode.l10n.t('Open Report'),
    arguments: [{ kind: 'report', result, report }],
  };
  return item;
}

export function loadMoreItem(group: GroupState): vscode.TreeItem {
  const item = new vscode.TreeItem(
    group.loadingMore ? vscode.l10n.t('Loading…') : vscode.l10n.t('Load more…'),
    vscode.TreeItemCollapsibleState.None,
  );
  item.id = `loadMore:${group.result}`;
  item.iconPath = new vscode.ThemeIcon(group.loadingMore ? 'loading~spin' : 'more');
  item.contextValue = 'loadMore';
  const left = group.total !== undefined ? group.total - group.items.length : undefined;
  item.description = left !== undefined && left > 0 ? vscode.l10n.t('{0} more', left) : '';
  item.command = {
    command: COMMAND.loadMore,
    title: vscode.l10n.t('Load More'),
    arguments: [{ kind: 'loadMore', result: group.result }],
  };
  item.accessibilityInformation = { label: loadMoreLabel(group.result), role: 'button' };
  return item;
}

export function errorItem(message: string, result: ReportResult): vscode.TreeItem {
  const item = new vscode.TreeItem(plainText(message), vscode.TreeItemCollapsibleState.None);
  item.id = `error:${result}`;
  item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
  item.tooltip = plainText(message);
  item.contextValue = 'error';
  item.command = { command: COMMAND.refresh, title: vscode.l10n.t('Retry') };
  return item;
}
