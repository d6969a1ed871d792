// Prompts shared by commands: privacy choice and a masked password asked twice.
import * as vscode from 'vscode';
import { plainText } from '../model/plainText';
import { Privacy } from '../api/types';
import { readSettings } from '../platform/settings';

const CHOICES: { privacy: Privacy; label: string; detail: string }[] = [
  { privacy: 0, label: '$(globe) Public', detail: 'Anyone with the link can view the report.' },
  { privacy: 1, label: '$(lock) Private', detail: 'Only you can view the report.' },
  { privacy: 2, label: '$(key) Password protected', detail: 'Viewers need a password you choose.' },
];

export async function askPrivacy(title: string, current?: number): Promise<Privacy | undefined> {
  const items = CHOICES.map((c) => ({ ...c, description: c.privacy === current ? 'current' : undefined, picked: c.privacy === current }));
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
      prompt: 'Password that viewers of the report will need.',
      password: true,
      ignoreFocusOut: true,
      validateInput: (v) => (v ? undefined : 'Enter a password.'),
    });
    if (first === undefined) return undefined;
    const second = await vscode.window.showInputBox({
      title,
      prompt: 'Enter the same password again.',
      password: true,
      ignoreFocusOut: true,
    });
    if (second === undefined) return undefined;
    if (first === second) return first;
    void vscode.window.showWarningMessage('Website Reports: the passwords did not match. Enter them again.');
  }
}

/** The modal "Delete …?" confirmation (unless `webReports.confirmDelete` is off); true to go on. */
export async function confirmDeletion(labels: readonly string[]): Promise<boolean> {
  if (!readSettings().confirmDelete) return true;
  const names =
    labels
      .slice(0, 10)
      .map((label) => plainText(label))
      .join('\n') + (labels.length > 10 ? `\n… and ${labels.length - 10} more` : '');
  const verb = labels.length === 1 ? 'Delete this report?' : `Delete these ${labels.length} reports?`;
  const ok = await vscode.window.showWarningMessage(verb, { modal: true, detail: `${names}\n\nThis cannot be undone.` }, 'Delete');
  return ok === 'Delete';
}
