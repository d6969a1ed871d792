// Problems for URLs rated bad (`webReports.documentUrls.diagnostics`, off by default): a warning
// on the URL, source "Website Reports", code = the report id, with the score and failed checks.
import * as vscode from 'vscode';
import { Disposable } from '../model/lifecycle';
import { Report } from '../api/types';
import { failedChecks } from '../model/checks';
import { ratingOf, roundedScore } from '../model/rating';
import { DocumentUrlsService } from './documentUrlsService';
import { ScanResult, VisibleDocumentScanner } from './visibleDocumentScanner';

export const DIAGNOSTIC_SOURCE = 'Website Reports'; // l10n-exempt: the product's name

/** "Website Reports rates this page Bad (score 32, 5 checks failed)." */
export function badUrlMessage(report: Report): string {
  const rating = ratingOf(report);
  const details: string[] = [];
  if (rating.score !== undefined) details.push(vscode.l10n.t('score {0}', roundedScore(rating.score)));
  const failed = failedChecks(report.results);
  if (failed !== undefined) details.push(failed === 1 ? vscode.l10n.t('1 check failed') : vscode.l10n.t('{0} checks failed', failed));
  return details.length
    ? vscode.l10n.t('Website Reports rates this page Bad ({0}).', details.join(', '))
    : vscode.l10n.t('Website Reports rates this page Bad.');
}

export class BadUrlDiagnostics extends Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection('webReports');

  constructor(
    private readonly service: DocumentUrlsService,
    scanner: VisibleDocumentScanner,
  ) {
    super();
    this.registerAll(
      this.collection,
      scanner.onDidScan((result) => this.show(result)),
      scanner.onDidClear(() => this.collection.clear()),
      vscode.workspace.onDidCloseTextDocument((d) => this.collection.delete(d.uri)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('webReports.documentUrls.diagnostics') && !service.enabled('diagnostics')) this.collection.clear();
      }),
    );
  }

  private show({ document, urls, reports }: ScanResult): void {
    if (!this.service.enabled('diagnostics')) {
      this.collection.delete(document.uri);
      return;
    }
    const diagnostics: vscode.Diagnostic[] = [];
    for (const found of urls) {
      const report = reports.get(found.url);
      if (!report || ratingOf(report).band !== 'bad') continue;
      const range = new vscode.Range(document.positionAt(found.start), document.positionAt(found.end));
      const diagnostic = new vscode.Diagnostic(range, badUrlMessage(report), vscode.DiagnosticSeverity.Warning);
      diagnostic.source = DIAGNOSTIC_SOURCE;
      diagnostic.code = typeof report.id === 'number' ? report.id : String(report.id);
      diagnostics.push(diagnostic);
    }
    this.collection.set(document.uri, diagnostics);
  }

  override dispose(): void {
    super.dispose();
  }
}
