// Hands VS Code's loaded translation bundle to @vscode/l10n, which the pure modules (api, actions,
// model, renderers) use because they must not import 'vscode'. No I/O: VS Code has already read
// the bundle for the display language; in English there is none and the source text is used.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';

export function configureLocalisation(): void {
  const bundle = vscode.l10n.bundle;
  if (bundle) l10n.config({ contents: bundle });
}

/** The display language, for dates and numbers formatted with Intl ("de", "en", "pt-br"). */
export function displayLanguage(): string {
  return vscode.env.language || 'en';
}
