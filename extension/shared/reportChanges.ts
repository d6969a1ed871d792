// What changed between a report's runs, on VS Code's surfaces: "Copy Changes" (Markdown on the
// clipboard) and the notification after a re-run. Shared by the commands and the report panel.
import * as vscode from 'vscode';
import type { Report } from '../../core/client/types';
import { carriesRun, type RunChange } from '../../core/history/runHistory';
import { checkName } from '../../core/checks/checkNames';
import { changesMarkdown } from '../../core/history/changeWords';
import { rerunChangeText, rerunOutcomeText } from '../../core/reports/outcomeText';
import { plainText } from '../../core/text/plainText';
import type { Rating } from '../../core/checks/rating';
import { reportLabel } from '../../core/text/vocabulary';
import { COMMAND } from '../ids';
import { CommandContext } from './context';
import { reportFor } from './reportUrl';

/**
 * Puts the change between a report's last two runs (or its newest and the run at `compareWith`)
 * on the clipboard as Markdown, and returns it; undefined when there is no earlier run.
 */
export async function copyChanges(ctx: CommandContext, target?: unknown, compareWith?: number): Promise<string | undefined> {
  const origin = ctx.connection.origin();
  // Asked without a report: only those with an earlier run to compare with are offered.
  const hasChanges = async (r: Report) => !!origin && typeof r.url === 'string' && !!(await ctx.history.latestChange(origin, r.url));
  const report = await reportFor(ctx, target, vscode.l10n.t('Website Reports: Copy the changes of which report?'), hasChanges);
  if (!report) return undefined;
  const url = typeof report.url === 'string' ? report.url : '';
  const change = origin && url ? await ctx.history.latestChange(origin, url, compareWith) : undefined;
  if (!change) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        'Website Reports: no earlier run of {0} is known to compare with. Re-run its analysis, and the next change can be copied.',
        plainText(reportLabel(report), 200),
      ),
    );
    return undefined;
  }
  const markdown = changesMarkdown(change.url, change.previous, change.current, checkName);
  await vscode.env.clipboard.writeText(markdown);
  vscode.window.setStatusBarMessage(vscode.l10n.t('$(copy) Changes copied as Markdown'), 3000);
  return markdown;
}

/** The change a re-run made, read from the history (the full record is read when the answer was sparse). */
export async function changeOfRerun(ctx: CommandContext, report: Report): Promise<RunChange | undefined> {
  const origin = ctx.connection.origin();
  if (!origin) return undefined;
  try {
    // The service may answer a re-run without the analysis: then the record is read once more.
    const full = carriesRun(report) ? report : await ctx.connection.get().getReport(report.id);
    return await ctx.history.changeOf(origin, full);
  } catch {
    return undefined; // the rating change is said without the history
  }
}

/**
 * The notification after a re-run: "63 → 81 (+18): 3 checks fixed, 1 newly failing" with Show
 * Changes when an earlier run is known, else the rating and what it was.
 */
export async function showRerunOutcome(ctx: CommandContext, report: Report, before: Rating, after: Rating): Promise<void> {
  const label = plainText(reportLabel(report));
  const change = await changeOfRerun(ctx, report);
  if (!change) {
    void vscode.window.showInformationMessage(rerunOutcomeText(label, before, after));
    return;
  }
  const show = vscode.l10n.t('Show Changes');
  const copy = vscode.l10n.t('Copy Changes');
  void vscode.window.showInformationMessage(rerunChangeText(label, change.diff), show, copy).then((choice) => {
    if (choice === show) void vscode.commands.executeCommand(COMMAND.openReport, report);
    else if (choice === copy) void copyChanges(ctx, report);
  });
}
