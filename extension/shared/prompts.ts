// Prompts shared by commands: privacy choice and a masked password asked twice.
import * as vscode from 'vscode';
import { plainText } from '../../core/text/plainText';
import { Privacy, PRIVACY_VALUES } from '../../core/client/types';
import { PRIVACY_ICONS, privacyDescription, privacyLabel, privacyName } from '../../core/text/vocabulary';
import { readSettings } from './settings';

export async function askPrivacy(title: string, current?: number): Promise<Privacy | undefined> {
  const currentWord = vscode.l10n.t({ message: 'current', comment: ['marks the choice that is in effect now'] });
  const items = PRIVACY_VALUES.map((privacy) => {
    const name = privacyName(privacy);
    return {
      privacy,
      label: `$(${PRIVACY_ICONS[name]}) ${privacyLabel(name)}`,
      detail: privacyDescription(name),
      description: privacy === current ? currentWord : undefined,
      picked: privacy === current,
    };
  });
  const active = items.find((i) => i.privacy === current);
  const pick = vscode.window.createQuickPick<(typeof items)[number]>();
  pick.title = title;
  // Often opened from a webview button: a webview that finishes loading must not dismiss it.
  pick.ignoreFocusOut = true;
  pick.items = items;
  if (active) pick.activeItems = [active];
  return new Promise((resolve) => {
    pick.onDidAccept(() => {
      resolve(pick.selectedItems[0]?.privacy);
      pick.hide();
    });
    pick.onDidHide(() => {
      resolve(undefined);
      pick.dispose();
    });
    pick.show();
  });
}

/** Asks for a password twice (masked); undefined when the user gives up. */
export async function askPassword(title: string): Promise<string | undefined> {
  for (;;) {
    const first = await vscode.window.showInputBox({
      title,
      prompt: vscode.l10n.t('Password that viewers of the report will need.'),
      password: true,
      ignoreFocusOut: true,
      validateInput: (v) => (v ? undefined : vscode.l10n.t('Enter a password.')),
    });
    if (first === undefined) return undefined;
    const second = await vscode.window.showInputBox({
      title,
      prompt: vscode.l10n.t('Enter the same password again.'),
      password: true,
      ignoreFocusOut: true,
    });
    if (second === undefined) return undefined;
    if (first === second) return first;
    void vscode.window.showWarningMessage(vscode.l10n.t('Website Reports: the passwords did not match. Enter them again.'));
  }
}

/** The modal "Delete …?" confirmation (unless `webReports.confirmDelete` is off); true to go on. */
export async function confirmDeletion(labels: readonly string[]): Promise<boolean> {
  if (!readSettings().confirmDelete) return true;
  const names =
    labels
      .slice(0, 10)
      .map((label) => plainText(label))
      .join('\n') + (labels.length > 10 ? `\n${vscode.l10n.t('… and {0} more', labels.length - 10)}` : '');
  const question = labels.length === 1 ? vscode.l10n.t('Delete this report?') : vscode.l10n.t('Delete these {0} reports?', labels.length);
  const del = vscode.l10n.t({ message: 'Delete', comment: ['the button that deletes reports'] });
  const ok = await vscode.window.showWarningMessage(
    question,
    { modal: true, detail: `${names}\n\n${vscode.l10n.t('This cannot be undone.')}` },
    del,
  );
  return ok === del;
}

/**
 * Who may view reports made in bulk (a site scan, Report All Unrated): `options` when given, else
 * asked (private by default; a password asked for privacy 2); undefined when the person cancelled.
 */
export async function newReportsPrivacy(
  options: { privacy?: 0 | 1 | 2; password?: string },
  interactive: boolean,
): Promise<{ privacy: 0 | 1 | 2; password?: string } | undefined> {
  const privacy =
    options.privacy ?? (interactive ? await askPrivacy(vscode.l10n.t('Website Reports: Who can view the new reports?'), 1) : 1);
  if (privacy === undefined) return undefined;
  let password = options.password;
  if (privacy === 2 && !password) password = await askPassword(vscode.l10n.t('Website Reports: Password for the new reports'));
  if (privacy === 2 && !password) return undefined;
  return { privacy, password };
}
