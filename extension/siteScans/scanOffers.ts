// The questions a scan asks when it ends or is found left from before, each one notification whose
// exact words the window keeps (ctx.failures, for support and the in-editor tests): a finished job
// with failures offers Retry Failed (the one way to send them again); a stopped one offers Resume
// for the URLs it has still to do, never for those that failed.
import * as vscode from 'vscode';
import type { Privacy } from '../../core/client/types';
import type { CommandContext } from '../shared/context';
import { askPassword } from '../shared/prompts';

export type RetryAnswer = 'retry' | 'details' | undefined;
export type ResumeAnswer = 'resume' | 'cancel' | undefined;

/** "1 found: 0 created, 0 skipped, 1 failed." with Retry Failed and Show Details. */
export async function askRetryFailed(ctx: CommandContext, words: string): Promise<RetryAnswer> {
  const retry = vscode.l10n.t('Retry Failed');
  const details = vscode.l10n.t('Show Details');
  const text = vscode.l10n.t('Website Reports: {0}.', words);
  ctx.failures.record(text, [retry, details]);
  const choice = await vscode.window.showWarningMessage(text, retry, details);
  return choice === retry ? 'retry' : choice === details ? 'details' : undefined;
}

/** "The scan of X stopped with N of M URLs to go. Resume it?" — N counts only the URLs still to do. */
export async function askResume(ctx: CommandContext, name: string, todo: number, total: number, always: boolean): Promise<ResumeAnswer> {
  const resume = vscode.l10n.t('Resume');
  const cancel = vscode.l10n.t('Cancel Scan');
  const later = vscode.l10n.t('Later');
  const text = vscode.l10n.t('Website Reports: the scan of {0} stopped with {1} of {2} URLs to go. Resume it?', name, todo, total);
  const buttons = always ? [resume, cancel] : [resume, cancel, later];
  ctx.failures.record(text, buttons);
  const choice = await vscode.window.showInformationMessage(text, ...buttons);
  return choice === resume ? 'resume' : choice === cancel ? 'cancel' : undefined;
}

/** A password-protected job's password (never stored): the one known, else asked; null when none was given. */
export async function passwordFor(privacy: Privacy, known?: string): Promise<string | undefined | null> {
  if (privacy !== 2) return undefined;
  return (known ?? (await askPassword(vscode.l10n.t('Website Reports: Password for the new reports')))) || null;
}

/** "Scan paused; 3 found: …. Its queue is kept." with Resume: true when Resume was chosen. */
export async function askResumePaused(why: string, words: string): Promise<boolean> {
  const resume = vscode.l10n.t('Resume');
  const choice = await vscode.window.showInformationMessage(
    vscode.l10n.t('Website Reports: scan {0}; {1}. Its queue is kept.', why, words),
    resume,
  );
  return choice === resume;
}

/** Pause or cancel the running scan, in a quick pick. */
export async function askRunning(): Promise<'pause' | 'cancel' | undefined> {
  const pause = vscode.l10n.t('Pause (keep the rest for later)');
  const cancel = vscode.l10n.t('Cancel (create nothing more)');
  const choice = await vscode.window.showQuickPick([pause, cancel], { title: vscode.l10n.t('Website Reports: the running site scan') });
  return choice === pause ? 'pause' : choice === cancel ? 'cancel' : undefined;
}
