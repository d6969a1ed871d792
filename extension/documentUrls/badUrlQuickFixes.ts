// Quick fixes on the Problems of a URL's rating: Open Report and Re-run Analysis of the report it
// names — once per report, however many of its Problems the range holds. Only this feature's own
// diagnostics count (reportIdOf: page-source Problems share the source name but are about a check).
import * as vscode from 'vscode';
import { COMMAND } from '../ids';
import { reportIdOf } from './badUrlDiagnostics';

export class BadUrlQuickFixes implements vscode.CodeActionProvider {
  /** A getter, not a static field: nothing of `vscode` is touched while the bundle loads. */
  static get kinds(): vscode.CodeActionKind[] {
    return [vscode.CodeActionKind.QuickFix];
  }

  constructor(private readonly ours: (uri: vscode.Uri) => readonly vscode.Diagnostic[] | undefined) {}

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const own = this.ours(document.uri) ?? [];
    const byReport = new Map<string, { id: number | string; diagnostics: vscode.Diagnostic[] }>();
    for (const diagnostic of context.diagnostics) {
      const id = reportIdOf(diagnostic);
      if (!own.includes(diagnostic) || id === undefined) continue;
      const entry = byReport.get(String(id)) ?? { id, diagnostics: [] };
      entry.diagnostics.push(diagnostic);
      byReport.set(String(id), entry);
    }
    const several = byReport.size > 1;
    return [...byReport.values()].flatMap(({ id, diagnostics }) => {
      // With reports of several URLs in range, each title names its report.
      const openTitle = several ? vscode.l10n.t('Open Report {0}', String(id)) : vscode.l10n.t('Open Report');
      const open = new vscode.CodeAction(openTitle, vscode.CodeActionKind.QuickFix);
      open.command = { command: COMMAND.openReport, title: openTitle, arguments: [id] };
      const rerunTitle = several ? vscode.l10n.t('Re-run Analysis of Report {0}', String(id)) : vscode.l10n.t('Re-run Analysis');
      const rerun = new vscode.CodeAction(rerunTitle, vscode.CodeActionKind.QuickFix);
      rerun.command = { command: COMMAND.rerunReport, title: rerunTitle, arguments: [id] };
      for (const action of [open, rerun]) action.diagnostics = diagnostics;
      open.isPreferred = !several;
      return [open, rerun];
    });
  }
}
