// How a failed command tells the user: one notification that says what happened and offers the
// next step. Auth failures flip the view to signed out instead of repeating pop-ups.
import * as vscode from 'vscode';
import { ApiError, describeDelay } from '../api/errors';
import { plainText } from '../model/plainText';
import { CommandContext } from './context';

export function messageOf(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'rate-limited' && error.retryAfterMs !== undefined) {
      const at = new Date(Date.now() + error.retryAfterMs).toLocaleTimeString();
      return `The report service is limiting requests. It will accept them again in ${describeDelay(error.retryAfterMs)} (at ${at}).`;
    }
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Reports a failure in one notification (not awaited, so commands return at once). */
export async function reportFailure(ctx: CommandContext, what: string, error: unknown): Promise<void> {
  if (error instanceof ApiError && error.kind === 'cancelled') {
    ctx.log.info(`${what}: cancelled.`);
    return;
  }
  // Service text (a 500's message, a 422 reason, a body excerpt) must not become a link here.
  const message = plainText(messageOf(error), 1000);
  ctx.log.error(`${what} failed: ${message}`);
  if (error instanceof ApiError && (error.kind === 'auth' || error.kind === 'not-configured')) {
    ctx.model.signOut(error);
    await ctx.view.updateContext();
    const setKey = 'Set API Key';
    const openSettings = 'Open Settings';
    const actions = /baseUrl/.test(message) ? [openSettings] : [setKey];
    void vscode.window.showErrorMessage(`${what} failed. ${message}`, ...actions).then((choice) => {
      if (choice === setKey) void vscode.commands.executeCommand('webReports.setApiKey');
      if (choice === openSettings) void vscode.commands.executeCommand('workbench.action.openSettings', 'webReports.baseUrl');
    });
    return;
  }
  // Not awaited: the command finishes now; the notification waits for the user on its own.
  const showLog = 'Show Log';
  void vscode.window.showErrorMessage(`${what} failed. ${message}`, showLog).then((choice) => {
    if (choice === showLog) ctx.log.show(true);
  });
}
