// Turns a command's target argument into reports: a tree node, a report object, or an id. With
// none given, asks with a QuickPick of the reports loaded in the tree and those a search finds.
import { normaliseId } from '../../core/client/envelope';
import { Report } from '../../core/client/types';
import { isReportNode, isWorkspaceUrlNode } from '../../core/list/treeNodes';
import { CommandContext } from './context';
import { pickReports } from './reportPicker';

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

/** Asks which report to act on (Command Palette without a target): loaded ones, then searched ones. */
export async function pickReport(ctx: CommandContext, title: string, canPickMany = false): Promise<Report[]> {
  return pickReports(ctx, { title, canPickMany });
}

export async function targetOrPick(
  ctx: CommandContext,
  target: unknown,
  title: string,
  accept?: (report: Report) => Promise<boolean>,
): Promise<Report | undefined> {
  return (await resolveTarget(ctx, target)) ?? (await pickReports(ctx, { title, accept }))[0];
}
