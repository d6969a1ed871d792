// Registers command handlers wrapped so that nothing escapes unreported: a handler that throws
// (a bug, or a failure a command did not catch) is logged and shown once through reportFailure,
// named by the command's title, and the command resolves to undefined instead of rejecting into
// VS Code's generic error.
import * as vscode from 'vscode';
import type { CommandId } from '../ids';
import type { TitleOf } from './commandTitles';
import { CommandContext } from './context';
import { reportFailure } from './feedback';

export type Handler = (...args: unknown[]) => unknown;

/** Some commands' handlers, as a command family exports them (`satisfies CommandTable`). */
export type CommandTable = Partial<Record<CommandId, Handler>>;

/**
 * What a feature folder's entry file returns (`satisfies Feature`, so its table keeps its ids for the
 * composition root's exhaustive check): its commands, what goes when the extension does, and any
 * object another feature or the tests need.
 */
export interface Feature {
  readonly commands: CommandTable;
  readonly disposables: vscode.Disposable[];
  readonly [other: string]: unknown;
}

export function registerCommands(ctx: CommandContext, handlers: Record<CommandId, Handler>, titleOf: TitleOf): vscode.Disposable[] {
  return (Object.entries(handlers) as [CommandId, Handler][]).map(([id, handler]) =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      try {
        return await handler(...args);
      } catch (error) {
        await reportFailure(ctx, vscode.l10n.t('The command “{0}”', titleOf(id)), error);
        return undefined;
      }
    }),
  );
}
