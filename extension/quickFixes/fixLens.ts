// The quick fixes' CodeLens at the top of a file with Problems of ours: "Fix N of M automatically"
// (every deterministic fix at once, one undo step), and on a page source that nothing checks
// before it is published, what was fixed and that it shows after the next deploy and a Re-run.
import * as vscode from 'vscode';
import { COMMAND } from '../ids';
import { plainText } from '../../core/text/plainText';
import type { DeployNotes } from './deployNotes';
import type { FindingTexts } from './findingTexts';
import { FIX_LANGUAGES, type OptionsOf } from './fixSources';
import { fixAllOf } from './quickFixProvider';

/** Fix titles listed in the lens's tooltip, at most. */
const MAX_TOOLTIP_FIXES = 10;

export class FixLens implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly listening: vscode.Disposable[];

  constructor(
    private readonly texts: FindingTexts,
    private readonly optionsOf: OptionsOf,
    private readonly notes: DeployNotes,
  ) {
    this.listening = [texts.onDidChange(() => this.changed.fire()), notes.onDidChange(() => this.changed.fire())];
  }

  async provideCodeLenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    if (!FIX_LANGUAGES.includes(document.languageId)) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    const lenses: vscode.CodeLens[] = [];
    const all = await fixAllOf(document, this.texts, this.optionsOf);
    if (!('reason' in all) && all.result.fixes.length > 0) {
      const titles = all.result.fixes.map((f) => plainText(f.title, 200));
      lenses.push(
        new vscode.CodeLens(top, {
          title: vscode.l10n.t('$(wrench) Fix {0} of {1} automatically', all.result.fixes.length, all.failing.length),
          tooltip: titles.slice(0, MAX_TOOLTIP_FIXES).join('\n'),
          command: COMMAND.fixAll,
          arguments: [document.uri],
        }),
      );
    }
    const note = this.notes.of(document.uri);
    if (note) {
      const title =
        note.fixed === 1
          ? vscode.l10n.t('$(info) 1 fix made here: the report shows it after the next deploy and a re-run')
          : vscode.l10n.t('$(info) {0} fixes made here: the report shows them after the next deploy and a re-run', note.fixed);
      lenses.push(
        new vscode.CodeLens(top, { title, command: '' }),
        new vscode.CodeLens(top, { title: vscode.l10n.t('Re-run after deploy'), command: COMMAND.rerunReport, arguments: [note.reportId] }),
      );
    }
    return lenses;
  }

  dispose(): void {
    for (const d of this.listening) d.dispose();
    this.changed.dispose();
  }
}
