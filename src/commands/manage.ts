// Commands on existing reports: privacy, re-run, delete, open the site, copy the URL.
import * as vscode from 'vscode';
import { ApiError } from '../api/errors';
import { Privacy, Report, ReportId } from '../api/types';
import { isPrivacy } from '../api/validate';
import { isWebUrl, PRIVACY_LABELS, privacyName, ratingText, reportLabel } from '../model/vocabulary';
import { readSettings } from '../platform/settings';
import { CommandContext } from './context';
import { messageOf, reportFailure } from './feedback';
import { askPassword, askPrivacy } from './prompts';
import { pickReport, resolveTargets, targetOrPick } from './targets';
import { isReportNode } from '../views/nodes';

/** The report as the service now has it, merged over what the tree had (a sparse answer loses nothing). */
function merged(before: Report, after: Report): Report {
  return { ...before, ...after };
}

/** The report a command acts on; a failure to find it (404, key, network) is reported. */
async function reportFor(ctx: CommandContext, target: unknown, title: string): Promise<Report | undefined> {
  try {
    return await targetOrPick(ctx, target, title);
  } catch (error) {
    await reportFailure(ctx, 'Finding the report', error);
    return undefined;
  }
}

/** The reports of a (clicked, selected[]) pair; undefined, after telling the user, when one cannot be found. */
async function reportsFor(
  ctx: CommandContext,
  target: unknown,
  selected: unknown,
  what = 'Finding the report',
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
    const privacy = await askPrivacy(`Website Reports: Privacy of ${reports.length} reports`);
    if (privacy === undefined) return undefined;
    const password = privacy === 2 ? await askPassword(`Website Reports: Password for ${reports.length} reports`) : undefined;
    if (privacy === 2 && password === undefined) return undefined;
    let last: Report | undefined;
    for (const report of reports) last = (await changePrivacy(ctx, report, privacy, password)) ?? last;
    return last;
  }
  const report = await reportFor(ctx, target, 'Website Reports: Change privacy of which report?');
  if (!report) return undefined;
  if (privacyArg !== undefined && !isPrivacy(privacyArg)) {
    void vscode.window.showErrorMessage('Website Reports: privacy must be 0 (public), 1 (private) or 2 (password).');
    return undefined;
  }
  const privacy: Privacy | undefined =
    (privacyArg as Privacy | undefined) ??
    (await askPrivacy(`Website Reports: Privacy of ${reportLabel(report)}`, Number(report.privacy ?? 0)));
  if (privacy === undefined) return undefined;
  let password = typeof passwordArg === 'string' && passwordArg ? passwordArg : undefined;
  // Already password-protected and privacy 2 given as an argument: keep the current password.
  const keepPassword = privacyArg === 2 && !password && privacyName(report.privacy) === 'password';
  if (privacy === 2 && !password && !keepPassword) {
    password = await askPassword(`Website Reports: Password for ${reportLabel(report)}`);
    if (password === undefined) return undefined;
  }
  try {
    const updated = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: 'Website Reports: changing privacy…' },
      () => ctx.connection.get().updateReport(report.id, { privacy, password }, { passwordKnown: keepPassword }),
    );
    const next = merged(report, { ...updated, privacy: updated.privacy ?? privacy });
    ctx.model.upsert(next);
    ctx.log.info(`Report ${report.id} is now ${PRIVACY_LABELS[privacyName(next.privacy)].toLowerCase()}.`);
    return next;
  } catch (error) {
    await handleGone(ctx, report.id, error);
    await reportFailure(ctx, `Changing the privacy of ${reportLabel(report)}`, error);
    return undefined;
  }
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
  const report = await reportFor(ctx, target, 'Website Reports: Re-run the analysis of which report?');
  if (!report) return undefined;
  try {
    const updated = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: `Website Reports: re-running the analysis of ${reportLabel(report)}…`,
        cancellable: true,
      },
      (_p, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        return ctx.connection.get().updateReport(report.id, { results: 1 }, { signal: controller.signal });
      },
    );
    const next = merged(report, updated);
    ctx.model.upsert(next);
    const before = ratingText(report);
    const after = ratingText(next);
    void vscode.window.showInformationMessage(
      `Website Reports: ${reportLabel(next)} is ${after}${before !== after ? ` (was ${before})` : ''}.`,
    );
    return next;
  } catch (error) {
    await handleGone(ctx, report.id, error);
    await reportFailure(ctx, `Re-running ${reportLabel(report)}`, error);
    return undefined;
  }
}

export interface DeleteOutcome {
  deleted: ReportId[];
  failed: { id: ReportId; url?: string; kind?: string; message: string }[];
}

export async function deleteReport(ctx: CommandContext, target?: unknown, selected?: unknown): Promise<DeleteOutcome | undefined> {
  let reports = await reportsFor(ctx, target, selected, 'Finding the report to delete');
  if (!reports) return undefined;
  // From a key binding no target is passed: act on what is selected in the tree.
  if (!reports.length && target === undefined) reports = ctx.view.treeView.selection.filter(isReportNode).map((n) => n.report);
  if (!reports.length) reports = await pickReport(ctx, 'Website Reports: Delete which reports?', true);
  if (!reports.length) return undefined;

  if (readSettings().confirmDelete) {
    const names = reports.slice(0, 10).map(reportLabel).join('\n') + (reports.length > 10 ? `\n… and ${reports.length - 10} more` : '');
    const verb = reports.length === 1 ? 'Delete this report?' : `Delete these ${reports.length} reports?`;
    const ok = await vscode.window.showWarningMessage(verb, { modal: true, detail: `${names}\n\nThis cannot be undone.` }, 'Delete');
    if (ok !== 'Delete') return undefined;
  }

  let client;
  try {
    client = ctx.connection.get();
  } catch (error) {
    await reportFailure(ctx, 'Deleting reports', error);
    return undefined;
  }
  const outcome: DeleteOutcome = { deleted: [], failed: [] };
  await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: `Website Reports: deleting ${reports.length} report${reports.length === 1 ? '' : 's'}…`,
    },
    async (progress) => {
      // A few at a time: quick for a handful, gentle on the service for many.
      const queue = [...reports];
      const worker = async () => {
        for (let report = queue.shift(); report; report = queue.shift()) {
          try {
            await client.deleteReport(report.id);
            outcome.deleted.push(report.id);
            ctx.model.remove(report.id);
          } catch (error) {
            if (error instanceof ApiError && error.kind === 'not-found') {
              // Already gone: what the user wanted; take it out of the tree.
              outcome.deleted.push(report.id);
              ctx.model.remove(report.id);
            } else {
              outcome.failed.push({
                id: report.id,
                url: report.url,
                kind: error instanceof ApiError ? error.kind : undefined,
                message: messageOf(error),
              });
            }
          }
          progress.report({ increment: 100 / reports.length });
        }
      };
      await Promise.all(Array.from({ length: Math.min(4, reports.length) }, worker));
    },
  );

  if (outcome.failed.length) {
    const first = outcome.failed[0];
    const authFailure = outcome.failed.some((f) => f.kind === 'auth');
    const summary =
      reports.length === 1
        ? `Could not delete ${first.url ?? first.id}: ${first.message}`
        : `Deleted ${outcome.deleted.length} of ${reports.length} reports. Not deleted: ${outcome.failed.map((f) => `${f.url ?? f.id} (${f.message})`).join('; ')}`;
    ctx.log.error(summary);
    if (authFailure) await reportFailure(ctx, 'Deleting reports', new ApiError('auth', outcome.failed[0].message));
    else void vscode.window.showErrorMessage(`Website Reports: ${summary}`);
  } else {
    ctx.log.info(`Deleted ${outcome.deleted.length} report(s): ${outcome.deleted.join(', ')}.`);
    vscode.window.setStatusBarMessage(`$(trash) Deleted ${outcome.deleted.length} report${outcome.deleted.length === 1 ? '' : 's'}`, 4000);
  }
  return outcome;
}

export async function setPrivacyQuick(ctx: CommandContext, privacy: 0 | 1, target?: unknown, selected?: unknown): Promise<void> {
  const reports = await reportsFor(ctx, target, selected);
  if (!reports) return;
  const list = reports.length
    ? reports
    : await pickReport(ctx, `Website Reports: Make which reports ${privacy === 0 ? 'public' : 'private'}?`, true);
  for (const report of list) await changePrivacy(ctx, report, privacy);
}

export async function openReportUrl(ctx: CommandContext, target?: unknown): Promise<boolean> {
  const report = await reportFor(ctx, target, 'Website Reports: Open the site of which report?');
  if (!report) return false;
  if (!isWebUrl(report.url)) {
    void vscode.window.showWarningMessage(
      `Website Reports: only http and https addresses are opened; this report's URL is "${String(report.url ?? '')}".`,
    );
    return false;
  }
  return vscode.env.openExternal(vscode.Uri.parse(report.url, true));
}

export async function copyReportUrl(ctx: CommandContext, target?: unknown): Promise<string | undefined> {
  const report = await reportFor(ctx, target, 'Website Reports: Copy the URL of which report?');
  if (!report || typeof report.url !== 'string') return undefined;
  await vscode.env.clipboard.writeText(report.url);
  vscode.window.setStatusBarMessage('$(copy) Report URL copied', 3000);
  return report.url;
}

/** A report the service no longer has leaves the tree too. */
async function handleGone(ctx: CommandContext, id: ReportId, error: unknown): Promise<void> {
  if (error instanceof ApiError && error.kind === 'not-found') ctx.model.remove(id);
}
