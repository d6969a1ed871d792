// Quick fixes on a "rated bad" problem: Open Report and Re-run Analysis of the report it names.
import * as vscode from 'vscode';
import { COMMAND } from '../ids';
import { DIAGNOSTIC_SOURCE } from './badUrlDiagnostics';

export class BadUrlQuickFixes implements vscode.CodeActionProvider {
  /** A getter, not a static field: nothing of `vscode` is touched while the bundle loads. */
  static get kinds(): vscode.CodeActionKind[] {
    return [vscode.CodeActionKind.QuickFix];
  }

  provideCodeActions(_document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    return context.diagnostics
      .filter((d) => d.source === DIAGNOSTIC_SOURCE && (typeof d.code === 'number' || typeof d.code === 'string'))
      .flatMap((diagnostic) => {
        const id = diagnostic.code as number | string;
        const openTitle = vscode.l10n.t('Open Report');
        const open = new vscode.CodeAction(openTitle, vscode.CodeActionKind.QuickFix);
        open.command = { command: COMMAND.openReport, title: openTitle, arguments: [id] };
        const rerunTitle = vscode.l10n.t('Re-run Analysis');
        const rerun = new vscode.CodeAction(rerunTitle, vscode.CodeActionKind.QuickFix);
        rerun.command = { command: COMMAND.rerunReport, title: rerunTitle, arguments: [id] };
        for (const action of [open, rerun]) action.diagnostics = [diagnostic];
        open.isPreferred = true;
        return [open, rerun];
      });
  }
}
