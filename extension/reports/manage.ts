// Commands on existing reports: privacy and re-run (open the site and copy the URL are in
// shared/reportUrl.ts, shared with the report panel).
import * as vscode from 'vscode';
import { COMMAND } from '../ids';
import type { CommandTable } from '../shared/register';
import { copyReportUrl, openReportUrl } from '../shared/reportUrl';
import { Privacy, Report } from '../../core/client/types';
import { isPrivacy } from '../../core/client/validateInput';
import { plainText } from '../../core/text/plainText';
import { actionOn } from '../../core/reports/outcomeText';
import { showRerunOutcome } from '../shared/reportChanges';
import { privacyName, reportLabel } from '../../core/text/vocabulary';
import { CommandContext } from '../shared/context';
import { reportFailure } from '../shared/feedback';
import { askPassword, askPrivacy } from '../shared/prompts';
import { reportFor } from '../shared/reportUrl';
import { pickReport, resolveTargets } from '../shared/targets';

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
    await showRerunOutcome(ctx, outcome.report, outcome.before, outcome.after);
    return outcome.report;
  }
  if (outcome.kind !== 'cancelled') {
    await reportFailure(ctx, actionOn.rerun(label), outcome.error, () => void rerunReport(ctx, report));
  }
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

/** This family's commands, for the composition root's table. */
export const manageCommands = (ctx: CommandContext) =>
  ({
    [COMMAND.changePrivacy]: (target, privacy, password) => changePrivacy(ctx, target, privacy, password),
    [COMMAND.makePublic]: (target, selected) => setPrivacyQuick(ctx, 0, target, selected),
    [COMMAND.makePrivate]: (target, selected) => setPrivacyQuick(ctx, 1, target, selected),
    [COMMAND.rerunReport]: (target, selected) => rerunReport(ctx, target, selected),
    [COMMAND.openReportUrl]: (target) => openReportUrl(ctx, target),
    [COMMAND.copyReportUrl]: (target) => copyReportUrl(ctx, target),
  }) satisfies CommandTable;
