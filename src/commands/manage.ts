// Commands on existing reports: privacy, re-run, delete, open the site, copy the URL.
import * as vscode from 'vscode';
import { Privacy, Report } from '../api/types';
import { isPrivacy } from '../api/validate';
import { plainText } from '../model/plainText';
import { actionOn, rerunOutcomeText } from '../model/outcomeText';
import { isWebUrl, privacyName, reportLabel } from '../model/vocabulary';
import { CommandContext } from './context';
import { reportFailure } from './feedback';
import { askPassword, askPrivacy } from './prompts';
import { pickReport, resolveTargets, targetOrPick } from './targets';

/** The report a command acts on; a failure to find it (404, key, network) is reported. */
async function reportFor(ctx: CommandContext, target: unknown, title: string): Promise<Report | undefined> {
  try {
    return await targetOrPick(ctx, target, title);
  } catch (error) {
    await reportFailure(ctx, vscode.l10n.t({ message: 'Finding the report', comment: ['an action, as the subject of "… failed"'] }), error);
    return undefined;
  }
}

/** The reports of a (clicked, selected[]) pair; undefined, after telling the user, when one cannot be found. */
export async function reportsFor(
  ctx: CommandContext,
  target: unknown,
  selected: unknown,
  what = vscode.l10n.t({ message: 'Finding the report', comment: ['an action, as the subject of "… failed"'] }),
): Promise<Report[] | undefined> {
  try {
    return await resolveTargets(ctx, target, selected);
  } catch (error) {
    await reportFailure(ctx, what, error);
    return undefined;
  }
}

export async function changePrivacy(
  ctx: CommandContext,
  target?: unknown,
  privacyArg?: unknown,
  passwordArg?: unknown,
): Promise<Report | undefined> {
  // From a tree's context menu VS Code passes (clicked, selected[]): one choice for all of them.
  if (Array.isArray(privacyArg)) {
    const reports = await reportsFor(ctx, target, privacyArg);
    if (!reports) return undefined;
    if (reports.length <= 1) return changePrivacy(ctx, reports[0] ?? target);
    const privacy = await askPrivacy(vscode.l10n.t('Website Reports: Privacy of {0} reports', reports.length));
    if (privacy === undefined) return undefined;
    const password =
      privacy === 2 ? await askPassword(vscode.l10n.t('Website Reports: Password for {0} reports', reports.length)) : undefined;
    if (privacy === 2 && password === undefined) return undefined;
    let last: Report | undefined;
    for (const report of reports) last = (await changePrivacy(ctx, report, privacy, password)) ?? last;
    return last;
  }
  const report = await reportFor(ctx, target, vscode.l10n.t('Website Reports: Change privacy of which report?'));
  if (!report) return undefined;
  if (privacyArg !== undefined && !isPrivacy(privacyArg)) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Website Reports: privacy must be 0 (public), 1 (private) or 2 (password).'));
    return undefined;
  }
  const label = plainText(reportLabel(report));
  const privacy: Privacy | undefined =
    (privacyArg as Privacy | undefined) ??
    (await askPrivacy(vscode.l10n.t('Website Reports: Privacy of {0}', label), Number(report.privacy ?? 0)));
  if (privacy === undefined) return undefined;
  let password = typeof passwordArg === 'string' && passwordArg ? passwordArg : undefined;
  // Already password-protected and privacy 2 given as an argument: keep the current password.
  const keepPassword = privacyArg === 2 && !password && privacyName(report.privacy) === 'password';
  if (privacy === 2 && !password && !keepPassword) {
    password = await askPassword(vscode.l10n.t('Website Reports: Password for {0}', label));
    if (password === undefined) return undefined;
  }
  const outcome = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Website Reports: changing privacy…') },
    () => ctx.actions.changePrivacy(report, privacy, password, keepPassword),
  );
  if (outcome.kind === 'updated') {
    ctx.log.info(`Report ${report.id}: privacy is now ${privacyName(outcome.report.privacy)}.`); // the log stays English
    return outcome.report;
  }
  if (outcome.kind !== 'cancelled') await reportFailure(ctx, actionOn.changePrivacy(label), outcome.error);
  return undefined;
}

export async function rerunReport(ctx: CommandContext, target?: unknown, selected?: unknown): Promise<Report | undefined> {
  // From a tree's context menu with several reports selected: re-run each, one after another.
  if (Array.isArray(selected) && selected.length > 1) {
    const reports = await reportsFor(ctx, target, selected);
    if (!reports) return undefined;
    let last: Report | undefined;
    for (const report of reports) last = (await rerunReport(ctx, report)) ?? last;
    return last;
  }
  const report = await reportFor(ctx, target, vscode.l10n.t('Website Reports: Re-run the analysis of which report?'));
  if (!report) return undefined;
  const label = plainText(reportLabel(report));
  const outcome = await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: vscode.l10n.t('Website Reports: re-running the analysis of {0}…', label),
      cancellable: true,
    },
    (_p, token) => {
      const controller = new AbortController();
      token.onCancellationRequested(() => controller.abort());
      return ctx.actions.rerun(report, { signal: controller.signal });
    },
  );
  if (outcome.kind === 'updated') {
    void vscode.window.showInformationMessage(rerunOutcomeText(label, outcome.before, outcome.after));
    return outcome.report;
  }
  if (outcome.kind !== 'cancelled') await reportFailure(ctx, actionOn.rerun(label), outcome.error);
  return undefined;
}

export async function setPrivacyQuick(ctx: CommandContext, privacy: 0 | 1, target?: unknown, selected?: unknown): Promise<void> {
  const reports = await reportsFor(ctx, target, selected);
  if (!reports) return;
  const list = reports.length
    ? reports
    : await pickReport(
        ctx,
        privacy === 0
          ? vscode.l10n.t('Website Reports: Make which reports public?')
          : vscode.l10n.t('Website Reports: Make which reports private?'),
        true,
      );
  for (const report of list) await changePrivacy(ctx, report, privacy);
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
