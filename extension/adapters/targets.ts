// Turns a command's target argument into reports: a tree node, a report object, or an id. With
// none given, asks with a QuickPick of the reports loaded in the tree.
import * as vscode from 'vscode';
import { normaliseId } from '../../core/client/envelope';
import { Report, RESULT_VALUES } from '../../core/client/types';
import { plainText } from '../../core/text/plainText';
import { PRIVACY_ICONS, privacyName, ratingText, relativeTime, reportLabel } from '../../core/text/vocabulary';
import { isReportNode, isWorkspaceUrlNode } from '../../core/list/treeNodes';
import { CommandContext } from './context';

/** The report a target names, read from the tree or, for a bare id, from the service. */
export async function resolveTarget(ctx: CommandContext, target: unknown): Promise<Report | undefined> {
  if (isReportNode(target)) return target.report;
  if (isWorkspaceUrlNode(target)) {
    const id = normaliseId(target.reportId);
    return id === undefined ? undefined : (ctx.model.find(id) ?? ctx.connection.get().getReport(id));
  }
  if (typeof target === 'object' && target !== null && normaliseId((target as Report).id) !== undefined) {
    const report = target as Report;
    return ctx.model.find(report.id) ?? report;
  }
  const id = normaliseId(target);
  if (id !== undefined) return ctx.model.find(id) ?? ctx.connection.get().getReport(id);
  return undefined;
}

/** Every report the command should act on: `selected` (multi-select) wins over the clicked one. */
export async function resolveTargets(ctx: CommandContext, target: unknown, selected: unknown): Promise<Report[]> {
  const list = Array.isArray(selected) && selected.length ? selected : target === undefined ? [] : [target];
  const reports: Report[] = [];
  for (const item of list) {
    const report = await resolveTarget(ctx, item);
    if (report && !reports.some((r) => String(r.id) === String(report.id))) reports.push(report);
  }
  return reports;
}

/** Asks which loaded report to act on (Command Palette without a target). */
export async function pickReport(ctx: CommandContext, title: string, canPickMany = false): Promise<Report[]> {
  const loaded = RESULT_VALUES.flatMap((r) => ctx.model.groups[r].items);
  if (!loaded.length) {
    const id = await vscode.window.showInputBox({
      title,
      prompt: vscode.l10n.t('No reports are loaded in the Website Reports view. Enter a report id.'),
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() && !/[/?#\s]/.test(v.trim()) ? undefined : vscode.l10n.t('Enter a report id.')),
    });
    if (!id) return [];
    const report = await resolveTarget(ctx, id.trim());
    return report ? [report] : [];
  }
  type Item = vscode.QuickPickItem & { report: Report };
  const items: Item[] = loaded.map((report) => ({
    label: `$(${PRIVACY_ICONS[privacyName(report.privacy)]}) ${plainText(reportLabel(report))}`,
    description: ratingText(report),
    detail: relativeTime(report.generated_at),
    report,
  }));
  if (canPickMany) {
    const picked = await vscode.window.showQuickPick(items, { title, canPickMany: true, matchOnDescription: true });
    return picked?.map((p) => p.report) ?? [];
  }
  const picked = await vscode.window.showQuickPick(items, { title, matchOnDescription: true });
  return picked ? [picked.report] : [];
}

export async function targetOrPick(ctx: CommandContext, target: unknown, title: string): Promise<Report | undefined> {
  return (await resolveTarget(ctx, target)) ?? (await pickReport(ctx, title))[0];
}
