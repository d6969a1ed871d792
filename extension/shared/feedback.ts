// How a failed command tells the user: one notification that says what happened and offers the
// next step the error names (`ApiError.next`), as a button. Only a refused key (401) or a missing
// configuration flips the view to signed out, instead of repeating pop-ups.
import * as vscode from 'vscode';
import { COMMAND } from '../ids';
import { ApiError, describeDelay, isSignOut, NextStep } from '../../core/client/errors';
import { displayLocale } from '../../core/text/locale';
import { plainText } from '../../core/text/plainText';
import { CommandContext } from './context';

export function messageOf(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'rate-limited' && error.retryAfterMs !== undefined) {
      const at = new Date(Date.now() + error.retryAfterMs).toLocaleTimeString(displayLocale());
      return vscode.l10n.t(
        'The report service is limiting requests. It will accept them again in {0} (at {1}).',
        describeDelay(error.retryAfterMs),
        at,
      );
    }
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

interface Action {
  label: string;
  run(): void;
}

/** The button for an error's next step; 'Show Log' when it names none that a button can do. */
function actionFor(ctx: CommandContext, next: NextStep | undefined): Action {
  switch (next?.kind) {
    case 'set-api-key':
      return { label: vscode.l10n.t('Set API Key'), run: () => void vscode.commands.executeCommand(COMMAND.setApiKey) };
    case 'open-setting': {
      const setting = next.setting;
      return {
        label: vscode.l10n.t('Open Settings'),
        run: () => void vscode.commands.executeCommand('workbench.action.openSettings', setting),
      };
    }
    case 'refresh':
      return { label: vscode.l10n.t('Refresh'), run: () => void vscode.commands.executeCommand(COMMAND.refresh) };
    default:
      return { label: vscode.l10n.t('Show Log'), run: () => ctx.log.show(true) };
  }
}

/** Reports a failure in one notification (not awaited, so commands return at once). */
export async function reportFailure(ctx: CommandContext, what: string, error: unknown, retry?: () => void): Promise<void> {
  if (error instanceof ApiError && error.kind === 'cancelled') {
    ctx.log.info(`${what}: cancelled.`);
    return;
  }
  // Service text (a 500's message, a 422 reason, a body excerpt) must not become a link here.
  const message = plainText(messageOf(error), 1000);
  ctx.log.error(`${what} failed: ${message}`);
  if (error instanceof ApiError && isSignOut(error)) {
    ctx.model.signOut(error);
    await ctx.view.updateContext();
  }
  const action = actionFor(ctx, error instanceof ApiError ? error.next : undefined);
  const text = vscode.l10n.t('{0} failed. {1}', what, message);
  // Not awaited: the command finishes now; the notification waits for the user on its own.
  // Retry first where trying again can help (not for a refused key or a missing setting).
  const retryLabel = vscode.l10n.t('Retry');
  const canRetry = retry !== undefined && !(error instanceof ApiError && ['auth', 'not-configured', 'not-found'].includes(error.kind));
  const buttons = canRetry ? [retryLabel, action.label] : [action.label];
  ctx.failures.record(text, buttons);
  void vscode.window.showErrorMessage(text, ...buttons).then((choice) => {
    if (choice === retryLabel) retry?.();
    else if (choice === action.label) action.run();
  });
}
