// What the report panel's buttons do: the typed report actions (no command strings), with the
// same prompts as the commands, and the outcome shown in the panel and, on failure, the way
// every other surface shows it.
import * as vscode from 'vscode';
import { Report } from '../../core/client/types';
import { plainText } from '../../core/text/plainText';
import { actionOn } from '../../core/reports/outcomeText';
import { copyChanges, showRerunOutcome } from '../shared/reportChanges';
import { reportLabel } from '../../core/text/vocabulary';
import { CommandContext } from '../shared/context';
import { messageOf, reportFailure } from '../shared/feedback';
import { copyReportUrl, openReportUrl } from '../shared/reportUrl';
import { askPassword, askPrivacy, confirmDeletion } from '../shared/prompts';
import { HostMessage, WebviewAction } from '../../core/render/messages';
import type { OpenPanel } from './openPanel';

export interface PanelHooks {
  render(open: OpenPanel, report: Report): void;
  reload(open: OpenPanel): Promise<void>;
  post(open: OpenPanel, message: HostMessage): void;
  isOpen(open: OpenPanel): boolean;
}

export async function runReportAction(ctx: CommandContext, open: OpenPanel, action: WebviewAction, hooks: PanelHooks): Promise<void> {
  const report = open.report;
  if (action === 'openSite') {
    await openReportUrl(ctx, report);
    return;
  }
  if (action === 'copyUrl') {
    await copyReportUrl(ctx, report);
    return;
  }
  if (action === 'copyChanges') {
    await copyChanges(ctx, report, open.compareWith);
    return;
  }
  if (action !== 'changePrivacy' && action !== 'rerun' && action !== 'delete') return;
  const label = plainText(reportLabel(report));
  const fail = async (what: string, error: unknown): Promise<void> => {
    hooks.post(open, { type: 'error', message: vscode.l10n.t('{0} failed: {1}', what, messageOf(error)) });
    await reportFailure(ctx, what, error);
  };
  hooks.post(open, { type: 'busy', busy: true });
  open.acting = true;
  try {
    if (action === 'changePrivacy') {
      const privacy = await askPrivacy(vscode.l10n.t('Website Reports: Privacy of {0}', label), Number(report.privacy ?? 0));
      if (privacy === undefined) return;
      const password = privacy === 2 ? await askPassword(vscode.l10n.t('Website Reports: Password for {0}', label)) : undefined;
      if (privacy === 2 && password === undefined) return;
      const outcome = await ctx.actions.changePrivacy(report, privacy, password);
      if (outcome.kind === 'updated') hooks.render(open, { ...open.report, ...outcome.report });
      else if (outcome.kind !== 'cancelled') await fail(actionOn.changePrivacy(label), outcome.error);
    } else if (action === 'rerun') {
      const outcome = await ctx.actions.rerun(report);
      if (outcome.kind === 'updated') {
        // The answer to a re-run may be sparse: the panel shows the full record, read again.
        await hooks.reload(open);
        // The record read again when that worked (it carries the analysis), else the answer.
        await showRerunOutcome(ctx, open.report !== report ? open.report : outcome.report, outcome.before, outcome.after);
      } else if (outcome.kind !== 'cancelled') await fail(actionOn.rerun(label), outcome.error);
    } else {
      if (!(await confirmDeletion([label]))) return;
      const outcome = await ctx.actions.delete([report]);
      if (outcome.deleted.length) open.panel.dispose();
      else if (outcome.failed.length) await fail(actionOn.delete(label), outcome.failed[0].error);
    }
  } finally {
    open.acting = false;
    if (hooks.isOpen(open)) hooks.post(open, { type: 'busy', busy: false });
  }
}
