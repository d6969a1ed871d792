// Registers command handlers wrapped so that nothing escapes unreported: a handler that throws
// (a bug, or a failure a command did not catch) is logged and shown once through reportFailure,
// and the command resolves to undefined instead of rejecting into VS Code's generic error.
import * as vscode from 'vscode';
import { CommandContext } from './context';
import { reportFailure } from './feedback';

export type Handler = (...args: unknown[]) => unknown;

export function registerCommands(ctx: CommandContext, handlers: Record<string, Handler>): vscode.Disposable[] {
  return Object.entries(handlers).map(([id, handler]) =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      try {
        return await handler(...args);
      } catch (error) {
        await reportFailure(ctx, vscode.l10n.t('Website Reports: {0}', id.replace(/^webReports\./, '')), error);
        return undefined;
      }
    }),
  );
}
