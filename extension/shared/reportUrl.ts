// Open a report's site, copy its URL: small enough to be shared by the commands and the report
// panel's buttons, so both live here with the other helpers every feature may use.
import * as vscode from 'vscode';
import { Report } from '../../core/client/types';
import { plainText } from '../../core/text/plainText';
import { isWebUrl } from '../../core/text/vocabulary';
import { CommandContext } from './context';
import { reportFailure } from './feedback';
import { targetOrPick } from './targets';

/** The report a command acts on; a failure to find it (404, key, network) is reported. */
export async function reportFor(
  ctx: CommandContext,
  target: unknown,
  title: string,
  accept?: (report: Report) => Promise<boolean>,
): Promise<Report | undefined> {
  try {
    return await targetOrPick(ctx, target, title, accept);
  } catch (error) {
    await reportFailure(ctx, vscode.l10n.t({ message: 'Finding the report', comment: ['an action, as the subject of "… failed"'] }), error);
    return undefined;
  }
}

export async function openReportUrl(ctx: CommandContext, target?: unknown): Promise<boolean> {
  const report = await reportFor(ctx, target, vscode.l10n.t('Website Reports: Open the site of which report?'));
  if (!report) return false;
  if (!isWebUrl(report.url)) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t(
        'Website Reports: only http and https addresses are opened; this report\'s URL is "{0}".',
        plainText(report.url ?? '', 200),
      ),
    );
    return false;
  }
  return vscode.env.openExternal(vscode.Uri.parse(report.url, true));
}

export async function copyReportUrl(ctx: CommandContext, target?: unknown): Promise<string | undefined> {
  const report = await reportFor(ctx, target, vscode.l10n.t('Website Reports: Copy the URL of which report?'));
  if (!report || typeof report.url !== 'string') return undefined;
  await vscode.env.clipboard.writeText(report.url);
  vscode.window.setStatusBarMessage(vscode.l10n.t('$(copy) Report URL copied'), 3000);
  return report.url;
}
