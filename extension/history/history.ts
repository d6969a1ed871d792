// The history commands: copy what changed between a report's runs, clear the whole history.
import * as vscode from 'vscode';
import { COMMAND } from '../ids';
import type { CommandTable } from '../shared/register';
import { CommandContext } from '../shared/context';
import { reportFailure } from '../shared/feedback';
import { copyChanges } from '../shared/reportChanges';

/** Clears the history after a modal confirmation; true when it was cleared. */
export async function clearHistory(ctx: CommandContext): Promise<boolean> {
  const clear = vscode.l10n.t({ message: 'Clear History', comment: ['the button that clears the history of report runs'] });
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('Clear the history of report runs?'),
    {
      modal: true,
      detail: vscode.l10n.t(
        'Every earlier score and check kept on this computer is removed, for all services. The reports on the service stay. This cannot be undone.',
      ),
    },
    clear,
  );
  if (choice !== clear) return false;
  try {
    await ctx.history.clear();
  } catch (error) {
    await reportFailure(
      ctx,
      vscode.l10n.t({ message: 'Clearing the history', comment: ['an action, as the subject of "… failed"'] }),
      error,
    );
    return false;
  }
  vscode.window.setStatusBarMessage(vscode.l10n.t('$(history) History of report runs cleared'), 3000);
  return true;
}

/** This family's commands, for the composition root's table. */
export const historyCommands = (ctx: CommandContext) =>
  ({
    [COMMAND.copyChanges]: (target) => copyChanges(ctx, target),
    [COMMAND.clearHistory]: () => clearHistory(ctx),
  }) satisfies CommandTable;
