// Signing in and out: the key is checked against the account endpoint before it is stored.
import * as vscode from 'vscode';
import { ApiError } from '../api/errors';
import { ENV_KEY_NAME } from '../platform/keyStore';
import { CommandContext } from './context';
import { messageOf, reportFailure } from './feedback';

async function ensureBaseUrl(ctx: CommandContext): Promise<boolean> {
  if (ctx.connection.baseUrlSet()) return true;
  const value = await vscode.window.showInputBox({
    title: 'Website Reports: Base URL of the report service',
    prompt: 'The address of your report service (the API lives under /api/v1/).',
    placeHolder: 'https://reports.example.com',
    ignoreFocusOut: true,
    validateInput: (v) => (/^https?:\/\/[^\s/]+/i.test(v.trim()) ? undefined : 'Enter an http:// or https:// address.'),
  });
  if (!value) return false;
  await vscode.workspace.getConfiguration('webReports').update('baseUrl', value.trim(), vscode.ConfigurationTarget.Global);
  return true;
}

/** Checks `key` with GET account; undefined when accepted, else why not. */
async function checkKey(ctx: CommandContext, key: string, signal?: AbortSignal): Promise<string | undefined> {
  const client = ctx.connection.withKey(key);
  try {
    await client.getAccount({ signal });
    return undefined;
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'auth') return 'The report service did not accept this key. Check it and try again.';
    return messageOf(error);
  } finally {
    void client.dispose();
  }
}

async function accept(ctx: CommandContext, key: string): Promise<void> {
  await ctx.keys.store(key);
  ctx.model.signOut(); // forget the last auth failure and the old key's list
  ctx.log.info('API key checked with the account endpoint and stored in secret storage.');
  await ctx.view.updateContext();
  void ctx.view.refresh();
}

/** Asks in a password box that stays open, with the reason, until a key is accepted or the user gives up. */
function promptForKey(ctx: CommandContext): Promise<boolean> {
  return new Promise((resolve) => {
    const box = vscode.window.createInputBox();
    box.title = 'Website Reports: Set API Key';
    box.prompt = 'Paste the API key from your report service account. It is checked, then kept in VS Code\'s secret storage.';
    box.password = true;
    box.ignoreFocusOut = true;
    let settled = false;
    let controller: AbortController | undefined;
    const finish = (stored: boolean) => {
      if (settled) return;
      settled = true;
      controller?.abort();
      box.dispose();
      resolve(stored);
    };
    box.onDidChangeValue(() => (box.validationMessage = undefined));
    box.onDidAccept(async () => {
      const key = box.value.trim();
      if (!key) {
        box.validationMessage = 'Enter the API key.';
        return;
      }
      box.busy = true;
      box.enabled = false;
      controller = new AbortController();
      const problem = await checkKey(ctx, key, controller.signal);
      if (settled) return;
      box.busy = false;
      box.enabled = true;
      if (problem) {
        box.validationMessage = { message: problem, severity: vscode.InputBoxValidationSeverity.Error };
        return;
      }
      await accept(ctx, key);
      finish(true);
      void vscode.window.showInformationMessage('Website Reports: signed in.');
    });
    box.onDidHide(() => finish(false));
    box.show();
  });
}

export async function setApiKey(ctx: CommandContext, key?: unknown): Promise<boolean> {
  if (!(await ensureBaseUrl(ctx))) return false;
  if (typeof key !== 'string' || !key.trim()) return promptForKey(ctx);
  const problem = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Website Reports: checking the API key…' }, () => checkKey(ctx, key.trim()));
  if (problem) {
    ctx.log.warn(`API key not stored: ${problem}`);
    void vscode.window.showErrorMessage(`Website Reports: the API key was not stored. ${problem}`);
    return false;
  }
  await accept(ctx, key.trim());
  return true;
}

export async function signOut(ctx: CommandContext): Promise<void> {
  try {
    await ctx.keys.delete();
  } catch (error) {
    await reportFailure(ctx, 'Signing out', error);
    return;
  }
  ctx.model.signOut();
  ctx.log.info('Signed out: the stored API key was deleted.');
  if (process.env[ENV_KEY_NAME]) {
    void vscode.window.showInformationMessage(`Website Reports: the stored key was deleted, but ${ENV_KEY_NAME} is set in the environment and is used instead.`);
    await ctx.view.refresh();
    return;
  }
  await ctx.view.updateContext();
}
