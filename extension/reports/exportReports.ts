// Website Reports: Export Reports. Every report of the list as the view shows it (search, project
// and sort applied, all pages) written to a file as CSV or JSON, streamed page by page to a
// temporary file beside the target that replaces it only when the export is complete (core's atomic write).
import * as vscode from 'vscode';
import { ExportFormat, exportReportsToFile } from '../../core/reports/exportAll';
import { COMMAND } from '../ids';
import type { CommandTable } from '../shared/register';
import { CommandContext } from '../shared/context';
import { reportFailure } from '../shared/feedback';
import { toQuery } from '../../core/list/filters';

export interface ExportResult {
  written: number;
  uri: vscode.Uri;
}

async function askFormat(): Promise<ExportFormat | undefined> {
  const picked = await vscode.window.showQuickPick(
    [
      { label: 'CSV', description: vscode.l10n.t('one row per report, for spreadsheets'), format: 'csv' as const },
      { label: 'JSON', description: vscode.l10n.t('the records as the service sent them'), format: 'json' as const },
    ],
    { title: vscode.l10n.t('Website Reports: Export the reports as') },
  );
  return picked?.format;
}

export async function exportReportsCommand(
  ctx: CommandContext,
  formatArg?: unknown,
  targetArg?: unknown,
): Promise<ExportResult | undefined> {
  const format = formatArg === 'csv' || formatArg === 'json' ? formatArg : formatArg === undefined ? await askFormat() : undefined;
  if (!format) {
    if (formatArg !== undefined) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Website Reports: the export format must be "csv" or "json".'));
    }
    return undefined;
  }
  let target = targetArg instanceof vscode.Uri ? targetArg : undefined;
  if (!target) {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    target = await vscode.window.showSaveDialog({
      title: vscode.l10n.t('Website Reports: Export Reports'),
      defaultUri: folder && vscode.Uri.joinPath(folder, `website-reports.${format}`),
      filters: format === 'csv' ? { CSV: ['csv'] } : { JSON: ['json'] },
    });
    if (!target) return undefined;
  }
  if (target.scheme !== 'file') {
    void vscode.window.showErrorMessage(vscode.l10n.t('Website Reports: reports can be exported to a file on this machine only.'));
    return undefined;
  }
  const query = toQuery(ctx.view.filters, ctx.view.defaults());
  const file = target.fsPath;
  try {
    const client = ctx.connection.get();
    const written = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Website Reports: exporting reports'), cancellable: true },
      async (progress, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        const result = await exportReportsToFile(
          file,
          { source: client, query, format },
          {
            signal: controller.signal,
            onProgress: (count, total) => progress.report({ message: total ? vscode.l10n.t('{0} of {1}', count, total) : `${count}` }),
          },
        );
        return result.written;
      },
    );
    const open = vscode.l10n.t('Open File');
    const where = vscode.workspace.asRelativePath(target);
    void vscode.window
      .showInformationMessage(
        written === 1
          ? vscode.l10n.t('Website Reports: exported 1 report to {0}.', where)
          : vscode.l10n.t('Website Reports: exported {0} reports to {1}.', written, where),
        open,
      )
      .then((c) => {
        if (c === open) void vscode.window.showTextDocument(target as vscode.Uri);
      });
    return { written, uri: target };
  } catch (error) {
    await reportFailure(
      ctx,
      vscode.l10n.t({ message: 'Exporting the reports', comment: ['an action, as the subject of "… failed"'] }),
      error,
    );
    return undefined;
  }
}

/** This family's commands, for the composition root's table. */
export const exportCommands = (ctx: CommandContext) =>
  ({
    [COMMAND.exportReports]: (format, target) => exportReportsCommand(ctx, format, target),
  }) satisfies CommandTable;
