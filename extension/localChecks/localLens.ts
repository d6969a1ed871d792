// The local result at the top of an HTML file or a page source: "Local 87 · published 73 (+14):
// 2 checks fixed" beside the page's published report, else "Local 87 (21 of 27 checks judged
// locally)"; the tooltip names the checks only the deployed page answers ("checked
// after deploy"). A click checks the file again.
import * as vscode from 'vscode';
import { afterDeployWords, localLensWords, localScoreWords } from '../../core/sources/localFindings';
import { plainText } from '../../core/text/plainText';
import { COMMAND } from '../ids';
import type { LocalChecks } from './localChecks';

export class LocalLens implements vscode.CodeLensProvider {
  readonly onDidChangeCodeLenses: vscode.Event<void>;

  constructor(private readonly checks: LocalChecks) {
    this.onDidChangeCodeLenses = checks.onDidChange;
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const state = this.checks.stateOf(document.uri);
    if (!state) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    const again = { command: COMMAND.checkLocally, arguments: [document.uri] };
    if (!state.analysis) {
      const reason = plainText(state.failure ?? '', 120);
      return [
        new vscode.CodeLens(top, {
          ...again,
          title: vscode.l10n.t('$(beaker) Local checks: {0}', reason),
          tooltip: plainText(state.failure ?? '', 500),
        }),
      ];
    }
    const analysis = state.analysis;
    const tooltip = [localScoreWords(analysis), afterDeployWords(analysis)];
    if (state.pageUrl) tooltip.push(plainText(state.pageUrl, 300));
    if (state.publishedUnknown !== undefined) {
      tooltip.push(vscode.l10n.t('Published report unknown: {0}', plainText(state.publishedUnknown, 200)));
    }
    return [
      new vscode.CodeLens(top, {
        ...again,
        title: `$(beaker) ${localLensWords(analysis, state.published)}`,
        tooltip: tooltip.filter((t) => t !== undefined).join('\n'),
      }),
    ];
  }
}
