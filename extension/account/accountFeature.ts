// The account: setting the API key, signing out, and the account panel that shows who is signed in.
import * as vscode from 'vscode';
import { ACCOUNT_VIEW_TYPE, COMMAND } from '../ids';
import type { CommandContext } from '../shared/context';
import type { CommandTable, Feature } from '../shared/register';
import { AccountPanel } from './accountPanel';
import { authCommands, setApiKey, signOut } from './auth';

export function accountFeature(ctx: CommandContext, extensionUri: vscode.Uri) {
  const panel = new AccountPanel(extensionUri, ctx, {
    setApiKey: () => setApiKey(ctx),
    signOut: async () => void (await signOut(ctx)),
  });
  const commands = {
    ...authCommands(ctx),
    [COMMAND.showAccount]: () => panel.show(),
  } satisfies CommandTable;
  const disposables = [panel, vscode.window.registerWebviewPanelSerializer(ACCOUNT_VIEW_TYPE, panel)];
  return { commands, disposables, panel } satisfies Feature;
}
