// Problems for URLs rated bad (`webReports.documentUrls.diagnostics`, off by default): a warning
// on the URL, source "Website Reports", code = the rule it breaks (`rating`, `min-score`,
// `check/<name>`…), with the score and failed checks. The report a Problem is about is kept beside
// it (reportIdOf), for its quick fixes: a report id means nothing to a person reading Problems.
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle/disposables';
import { Report } from '../../core/client/types';
import { failedChecks } from '../../core/checks/checkResults';
import { ratingOf, roundedScore } from '../../core/checks/rating';
import { DocumentUrlsService } from './documentUrlsService';
import { ScanResult, VisibleDocumentScanner } from './visibleDocumentScanner';
import * as path from 'node:path';
import { evaluateUrl } from '../../core/config/rules';
import { plainText } from '../../core/text/plainText';
import type { GateConfigs, LoadedConfig } from '../shared/gateConfig';
import { DIAGNOSTIC_SOURCE, severityOf } from '../shared/diagnosticSource';

const REPORT_OF = new WeakMap<vscode.Diagnostic, number | string>();

/** The report a Problem of this feature is about (undefined for any other diagnostic). */
export function reportIdOf(diagnostic: vscode.Diagnostic): number | string | undefined {
  return REPORT_OF.get(diagnostic);
}

function aboutReport(diagnostic: vscode.Diagnostic, report: Report): vscode.Diagnostic {
  if (typeof report.id === 'number' || typeof report.id === 'string') REPORT_OF.set(diagnostic, report.id);
  return diagnostic;
}

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
    private readonly configs?: GateConfigs,
  ) {
    super();
    this.registerAll(
      this.collection,
      scanner.onDidScan((result) => void this.show(result)),
      ...(configs ? [configs.onDidChange(() => scanner.scanVisible(true))] : []),
      scanner.onDidClear(() => this.collection.clear()),
      vscode.workspace.onDidCloseTextDocument((d) => this.collection.delete(d.uri)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('webReports.documentUrls.diagnostics') && !service.enabled('diagnostics')) this.collection.clear();
      }),
    );
  }

  private async show(scan: ScanResult): Promise<void> {
    const { document } = scan;
    // A team's website-reports.json that covers the file: its rules decide (and turn Problems on).
    const config = await this.configs?.forDocument(document.uri).catch(() => undefined);
    const relative = config ? path.posix.relative(config.dir.path, document.uri.path) : undefined;
    if (config && relative !== undefined && config.covers(relative)) {
      this.collection.set(document.uri, this.byRules(scan, config));
      return;
    }
    if (!this.service.enabled('diagnostics')) {
      this.collection.delete(document.uri);
      return;
    }
    this.collection.set(document.uri, this.badOnly(scan));
  }

  /** One diagnostic per finding at error or warning level, on each place the URL is written (as the command line's SARIF). */
  private byRules({ document, urls, reports }: ScanResult, config: LoadedConfig): vscode.Diagnostic[] {
    const diagnostics: vscode.Diagnostic[] = [];
    const now = Date.now();
    for (const found of urls) {
      const report = reports.get(found.url);
      const verdict = evaluateUrl(config.rules, found.url, report, now);
      for (const finding of verdict.findings) {
        if (finding.level === 'note') continue; // notes (no report yet) are the view's, not Problems'
        const range = new vscode.Range(document.positionAt(found.start), document.positionAt(found.end));
        const diagnostic = new vscode.Diagnostic(range, plainText(finding.message, 500), severityOf(finding.level));
        diagnostic.source = DIAGNOSTIC_SOURCE;
        diagnostic.code = plainText(finding.rule, 100);
        diagnostics.push(report ? aboutReport(diagnostic, report) : diagnostic);
      }
    }
    return diagnostics;
  }

  private badOnly({ document, urls, reports }: ScanResult): vscode.Diagnostic[] {
    const diagnostics: vscode.Diagnostic[] = [];
    for (const found of urls) {
      const report = reports.get(found.url);
      if (!report || ratingOf(report).band !== 'bad') continue;
      const range = new vscode.Range(document.positionAt(found.start), document.positionAt(found.end));
      const diagnostic = new vscode.Diagnostic(range, badUrlMessage(report), vscode.DiagnosticSeverity.Warning);
      diagnostic.source = DIAGNOSTIC_SOURCE;
      diagnostic.code = 'rating'; // l10n-exempt: the rule's name, as in website-reports.json
      diagnostics.push(aboutReport(diagnostic, report));
    }
    return diagnostics;
  }

  override dispose(): void {
    super.dispose();
  }
}
