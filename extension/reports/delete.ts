// Delete Report(s): the targets (clicked, multi-selection, tree selection from the key binding,
// else a pick), one modal confirmation, the typed delete action under a cancellable progress,
// and the whole outcome told: how many of how many, each failure with its own reason.
import * as vscode from 'vscode';
import { COMMAND } from '../ids';
import type { CommandTable } from '../shared/register';
import { DeleteOutcome } from '../../core/reports/outcomes';
import { ReportId } from '../../core/client/types';
import { plainText } from '../../core/text/plainText';
import { reportLabel } from '../../core/text/vocabulary';
import { isReportNode } from '../../core/list/treeNodes';
import { CommandContext } from '../shared/context';
import { messageOf, reportFailure } from '../shared/feedback';
import { reportsFor } from './manage';
import { confirmDeletion } from '../shared/prompts';
import { pickReport } from '../shared/targets';

/** What the delete command returns to its caller (a key binding, another extension, a test). */
export interface DeleteSummary {
  deleted: ReportId[];
  failed: { id: ReportId; url?: string; kind: string; message: string }[];
  skipped: ReportId[];
}

export async function deleteReport(ctx: CommandContext, target?: unknown, selected?: unknown): Promise<DeleteSummary | undefined> {
  let reports = await reportsFor(
    ctx,
    target,
    selected,
    vscode.l10n.t({ message: 'Finding the report to delete', comment: ['an action, as the subject of "… failed"'] }),
  );
  if (!reports) return undefined;
  // From a key binding no target is passed: act on what is selected in the tree.
  if (!reports.length && target === undefined) reports = ctx.view.treeView.selection.filter(isReportNode).map((n) => n.report);
  if (!reports.length) reports = await pickReport(ctx, vscode.l10n.t('Website Reports: Delete which reports?'), true);
  if (!reports.length) return undefined;

  if (!(await confirmDeletion(reports.map(reportLabel)))) return undefined;

  const all = reports;
  const outcome = await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title:
        all.length === 1
          ? vscode.l10n.t('Website Reports: deleting 1 report…')
          : vscode.l10n.t('Website Reports: deleting {0} reports…', all.length),
      cancellable: all.length > 1,
    },
    (progress, token) => {
      const controller = new AbortController();
      token.onCancellationRequested(() => controller.abort());
      let reported = 0;
      return ctx.actions.delete(all, {
        signal: controller.signal,
        onProgress: (done) => {
          progress.report({ increment: ((done - reported) * 100) / all.length });
          reported = done;
        },
      });
    },
  );
  await showDeleteOutcome(ctx, all.length, outcome);
  return {
    deleted: outcome.deleted.map((r) => r.id),
    failed: outcome.failed.map((f) => ({ id: f.report.id, url: f.report.url, kind: f.error.kind, message: messageOf(f.error) })),
    skipped: outcome.skipped.map((r) => r.id),
  };
}

/**
 * Always the whole story: how many of how many, and each failure with its own reason. Only a
 * rejected key (401) signs out; a 403 on one report is that report's problem.
 */
async function showDeleteOutcome(ctx: CommandContext, total: number, outcome: DeleteOutcome): Promise<void> {
  const { deleted, failed, skipped } = outcome;
  if (!failed.length && !skipped.length) {
    ctx.log.info(`Deleted ${deleted.length} report(s): ${deleted.map((r) => r.id).join(', ')}.`);
    vscode.window.setStatusBarMessage(
      deleted.length === 1 ? vscode.l10n.t('$(trash) Deleted 1 report') : vscode.l10n.t('$(trash) Deleted {0} reports', deleted.length),
      4000,
    );
    return;
  }
  const reasons = failed.map((f) => `${plainText(reportLabel(f.report), 120)} (${plainText(messageOf(f.error), 200)})`);
  const parts = [
    total === 1 && failed.length === 1
      ? vscode.l10n.t('Could not delete {0}.', reasons[0])
      : vscode.l10n.t('Deleted {0} of {1} reports.', deleted.length, total),
  ];
  if (total > 1 && failed.length) parts.push(vscode.l10n.t('Not deleted: {0}.', reasons.join('; ')));
  if (skipped.length) parts.push(vscode.l10n.t('{0} not attempted (cancelled).', skipped.length));
  const summary = parts.join(' ');
  ctx.log.error(summary);
  const rejectedKey = failed.find((f) => f.error.kind === 'auth');
  if (rejectedKey) {
    await reportFailure(
      ctx,
      vscode.l10n.t({ message: 'Deleting reports: {0}', args: [summary], comment: ['an action, as the subject of "… failed"'] }),
      rejectedKey.error,
    );
    return;
  }
  const showLog = vscode.l10n.t('Show Log');
  const text = vscode.l10n.t('Website Reports: {0}', summary);
  ctx.failures.record(text);
  void vscode.window.showErrorMessage(text, showLog).then((choice) => {
    if (choice === showLog) ctx.log.show(true);
  });
}

/** This family's commands, for the composition root's table. */
export const deleteCommands = (ctx: CommandContext) =>
  ({
    [COMMAND.deleteReport]: (target, selected) => deleteReport(ctx, target, selected),
  }) satisfies CommandTable;
