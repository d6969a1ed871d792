// Signing in and out: the key is checked against the account endpoint before it is stored.
import * as vscode from 'vscode';
import { COMMAND } from '../ids';
import type { CommandTable } from '../shared/register';
import { plainText } from '../../core/text/plainText';
import { keyInputProblem } from '../../core/client/apiKey';
import { ApiError } from '../../core/client/errors';
import { baseUrlProblem, parseBaseUrl } from '../../core/client/baseUrl';
import { ENV_KEY_NAME } from '../shared/keyStore';
import { writeBaseUrl } from '../shared/settings';
import { CommandContext } from '../shared/context';
import { messageOf, reportFailure } from '../shared/feedback';

async function ensureBaseUrl(ctx: CommandContext): Promise<boolean> {
  if (ctx.connection.baseUrlSet()) return true;
  const value = await vscode.window.showInputBox({
    title: vscode.l10n.t('Website Reports: Base URL of the report service'),
    prompt: vscode.l10n.t('The address of your report service (the API lives under /api/v1/).'),
    placeHolder: 'https://reports.example.com',
    ignoreFocusOut: true,
    // The client's own rule: what is accepted here is what it will use.
    validateInput: (v) => (v.trim() ? baseUrlProblem(v) : vscode.l10n.t('Enter an http:// or https:// address.')),
  });
  if (!value) return false;
  await writeBaseUrl(value.trim());
  return true;
}

/** A plain-http service off this machine would receive the key unencrypted: ask first. */
async function confirmInsecure(ctx: CommandContext): Promise<boolean> {
  let base;
  try {
    base = parseBaseUrl(ctx.connection.baseUrl());
  } catch {
    return true; // the check itself reports the bad base URL
  }
  if (!base.insecure) return true;
  const send = vscode.l10n.t('Send Unencrypted');
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('{0} uses plain http: your API key would travel unencrypted.', base.origin),
    { modal: true, detail: vscode.l10n.t('Use an https address unless you trust every network between you and the service.') },
    send,
  );
  return choice === send;
}

type KeyCheck = { origin: string; problem?: undefined } | { problem: string };

/** Checks `key` with GET account on the configured service. */
async function checkKey(ctx: CommandContext, key: string, signal?: AbortSignal): Promise<KeyCheck> {
  let client;
  try {
    client = ctx.connection.withKey(key);
  } catch (error) {
    return { problem: messageOf(error) };
  }
  try {
    const account = await client.getAccount({ signal });
    ctx.account?.note(client.base.origin, account);
    return { origin: client.base.origin };
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'auth') {
      return { problem: vscode.l10n.t('The report service did not accept this key. Check it and try again.') };
    }
    // 403: the service knows the key (a bad one is 401) but it may not read the account; its
    // reports may still be open to it, so the key is kept and the account panel says why it is empty.
    if (error instanceof ApiError && error.kind === 'forbidden') {
      ctx.log.warn(`The key is accepted but may not read the account: ${messageOf(error)}`);
      return { origin: client.base.origin };
    }
    return { problem: messageOf(error) };
  } finally {
    void client.dispose();
  }
}

/** Stores a checked key, bound to the origin it was checked on, and reloads. */
async function accept(ctx: CommandContext, key: string, origin: string): Promise<void> {
  await ctx.keys.store(key, origin);
  ctx.model.clear(); // forget the last auth failure and the old key's list
  ctx.log.info(`API key checked with ${origin} and stored in secret storage.`);
  await ctx.view.updateContext();
  void ctx.view.invalidate(); // loads now only if the view is shown
}

/** Asks in a password box that stays open, with the reason, until a key is accepted or the user gives up. */
function promptForKey(ctx: CommandContext): Promise<boolean> {
  return new Promise((resolve) => {
    const box = vscode.window.createInputBox();
    box.title = vscode.l10n.t('Website Reports: Set API Key');
    box.prompt = vscode.l10n.t("Paste the API key from your report service account. It is checked, then kept in VS Code's secret storage.");
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
    // A character that cannot be sent is named as it is typed or pasted, before any request.
    box.onDidChangeValue((value) => (box.validationMessage = keyInputProblem(value)));
    box.onDidAccept(async () => {
      const key = box.value.trim();
      if (!key) {
        box.validationMessage = vscode.l10n.t('Enter the API key.');
        return;
      }
      const unsendable = keyInputProblem(key);
      if (unsendable) {
        box.validationMessage = { message: unsendable, severity: vscode.InputBoxValidationSeverity.Error };
        return;
      }
      box.busy = true;
      box.enabled = false;
      controller = new AbortController();
      const check = await checkKey(ctx, key, controller.signal);
      if (settled) return;
      box.busy = false;
      box.enabled = true;
      if (check.problem !== undefined) {
        box.validationMessage = { message: check.problem, severity: vscode.InputBoxValidationSeverity.Error };
        return;
      }
      try {
        await accept(ctx, key, check.origin);
      } catch (error) {
        box.validationMessage = {
          message: vscode.l10n.t('The key was accepted but could not be stored: {0}', messageOf(error)),
          severity: vscode.InputBoxValidationSeverity.Error,
        };
        return;
      }
      finish(true);
      void vscode.window.showInformationMessage(vscode.l10n.t('Website Reports: signed in.'));
    });
    box.onDidHide(() => finish(false));
    box.show();
  });
}

export async function setApiKey(ctx: CommandContext, key?: unknown): Promise<boolean> {
  if (!(await ensureBaseUrl(ctx))) return false;
  if (!(await confirmInsecure(ctx))) return false;
  if (typeof key !== 'string' || !key.trim()) return promptForKey(ctx);
  const unsendable = keyInputProblem(key);
  const check: KeyCheck = unsendable
    ? { problem: unsendable }
    : await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Website Reports: checking the API key…') },
        () => checkKey(ctx, key.trim()),
      );
  if (check.problem !== undefined) {
    ctx.log.warn(`API key not stored: ${check.problem}`);
    void vscode.window.showErrorMessage(vscode.l10n.t('Website Reports: the API key was not stored. {0}', plainText(check.problem)));
    return false;
  }
  try {
    await accept(ctx, key.trim(), check.origin);
  } catch (error) {
    await reportFailure(
      ctx,
      vscode.l10n.t({ message: 'Storing the API key', comment: ['an action, as the subject of "… failed"'] }),
      error,
    );
    return false;
  }
  return true;
}

/** What Sign Out did: deleted the stored key, and whether a key from the environment still signs in. */
export type SignOutOutcome = 'signed-out' | 'environment-key-remains' | 'environment-key-only' | 'failed';

export async function signOut(ctx: CommandContext): Promise<SignOutOutcome> {
  let hadStored: boolean;
  try {
    hadStored = (await ctx.keys.source(ctx.connection.origin())) === 'secret-storage';
    await ctx.keys.delete();
  } catch (error) {
    await reportFailure(ctx, vscode.l10n.t({ message: 'Signing out', comment: ['an action, as the subject of "… failed"'] }), error);
    return 'failed';
  }
  ctx.model.signOut();
  if (process.env[ENV_KEY_NAME]?.trim()) {
    // The environment's key is not ours to delete: say what signs in, and how to stop it.
    ctx.log.info(
      hadStored
        ? 'Signed out: the stored API key was deleted; the environment key is used.'
        : 'Sign Out: the key comes from the environment.',
    );
    void vscode.window.showInformationMessage(
      hadStored
        ? vscode.l10n.t('Website Reports: the stored key was deleted, but {0} is set in the environment and is used instead.', ENV_KEY_NAME)
        : vscode.l10n.t(
            'Website Reports: you are signed in with the key in the environment variable {0}, which Sign Out cannot remove. Unset it and restart VS Code to sign out.',
            ENV_KEY_NAME,
          ),
    );
    await ctx.view.refresh();
    return hadStored ? 'environment-key-remains' : 'environment-key-only';
  }
  ctx.log.info('Signed out: the stored API key was deleted.');
  await ctx.view.updateContext();
  return 'signed-out';
}

/** This family's commands, for the composition root's table. */
export const authCommands = (ctx: CommandContext) =>
  ({
    [COMMAND.setApiKey]: (key) => setApiKey(ctx, key),
    [COMMAND.signOut]: () => signOut(ctx),
  }) satisfies CommandTable;
