// A page's failed checks on the source file that produces it: for a file the config's `sources`
// map to a page (core/sources), the page's latest report gives Problems where each check is fixed
// (front-matter title and description lines, else the first line), a CodeLens at the top with the
// rating and a Re-run, and quick fixes Open Report and Re-run. Visible documents only; each page
// looked up through the shared lookups; the full record read once per run of its analysis.
import * as vscode from 'vscode';
import { urlKey } from '../../core/urls/urlKey';
import { evaluateUrl } from '../../core/config/rules';
import { SITE_LEVEL_CHECKS } from '../../core/checks/checkSentences';
import { KeyedDebounce } from '../../core/lifecycle/keyedDebounce';
import { pageSourceDiagnosticsOn } from '../shared/settings';
import type { Report } from '../../core/client/types';
import { COMMAND } from '../ids';
import { Disposable } from '../../core/lifecycle/disposables';
import { plainText } from '../../core/text/plainText';
import { ratingOf, roundedScore } from '../../core/checks/rating';
import { ratingLabel } from '../../core/checks/ratingWords';
import { failedChecksOf, sourceFindings } from '../../core/sources/sourceFindings';
import type { GateConfigs } from '../shared/gateConfig';
import { checkCode, DIAGNOSTIC_SOURCE, FINDING_SEVERITY, severityOf } from '../shared/diagnosticSource';
import type { DocumentUrlsService } from '../documentUrls/documentUrlsService';
import { reasonOf } from '../../core/reports/urlLookup';
import { PublishedReports } from '../shared/publishedReports';
import { PagesOfFiles } from '../shared/pagesOfFiles';
import { changedLineWords, checksOnChangedLines } from '../../core/sources/changedLines';

/** A source file's page and its report, when it has one; `unknown`: why it could not be checked. */
interface PageOfFile {
  url: string;
  report?: Report;
  unknown?: string;
}

/** "6 failing checks (1 site-wide)": short, as the lens shares its line with the local checks' and the fixes'. */
function failingWords(failed: number, site: number): string {
  if (site === 0) return failed === 1 ? vscode.l10n.t('1 failing check') : vscode.l10n.t('{0} failing checks', failed);
  return failed === 1 ? vscode.l10n.t('1 failing check (site-wide)') : vscode.l10n.t('{0} failing checks ({1} site-wide)', failed, site);
}

export class PageSourceDiagnostics extends Disposable implements vscode.CodeLensProvider, vscode.CodeActionProvider {
  /** Read when registered (nothing of vscode runs when the bundle loads). */
  static get kinds(): vscode.CodeActionKind[] {
    return [vscode.CodeActionKind.QuickFix];
  }
  readonly collection = vscode.languages.createDiagnosticCollection('webReports.pageSources');
  private readonly pages = new Map<string, PageOfFile>();
  private readonly files: PagesOfFiles;
  /** Latest reports with their checks: the full record read once per run. */
  private readonly published: PublishedReports;
  private readonly lensesChanged = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.lensesChanged.event;
  /** By file: the report its Problems show and the file's text when they were first placed. */
  private readonly placedOn = new Map<string, { report: string; text: string }>();
  /** Problems on a line edited since they were first placed: Re-run comes first among their actions. */
  private readonly onChangedLines = new WeakSet<vscode.Diagnostic>();
  /** An edit of a source file: its Problems follow once typing pauses. */
  private readonly edits = new KeyedDebounce(400);

  constructor(
    private readonly service: DocumentUrlsService,
    configs: GateConfigs,
    /** media/checks.md in the installed extension: each Problem's code links to its check there. */
    private readonly checksPage: vscode.Uri,
  ) {
    super();
    this.files = new PagesOfFiles(configs);
    this.published = new PublishedReports(
      (url, audience) => service.lookup.lookup(url, audience),
      (id) => service.readReport(id),
    );
    this.registerAll(
      this.collection,
      this.lensesChanged,
      vscode.window.onDidChangeVisibleTextEditors(() => this.showVisible()),
      vscode.workspace.onDidChangeTextDocument((e) => this.schedule(e.document)),
      vscode.workspace.onDidCloseTextDocument((d) => {
        this.collection.delete(d.uri);
        this.pages.delete(d.uri.toString());
        this.placedOn.delete(d.uri.toString());
      }),
      service.onDidInvalidate((url) => (url === undefined ? this.showVisible() : this.showPage(url))),
      configs.onDidChange(() => this.showVisible()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('webReports.pageSources.diagnostics')) this.showVisible();
      }),
      this.edits,
    );
    this.showVisible();
  }

  private enabled(): boolean {
    return pageSourceDiagnosticsOn();
  }

  /** One page's report changed: its open source file follows, visible or not. */
  private showPage(url: string): void {
    const changed = urlKey(url) ?? url;
    for (const document of vscode.workspace.textDocuments) {
      const page = this.pages.get(document.uri.toString());
      if (page && (urlKey(page.url) ?? page.url) === changed) void this.show(document);
    }
  }

  showVisible(): void {
    for (const editor of vscode.window.visibleTextEditors) void this.show(editor.document);
  }

  private schedule(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    if (!this.pages.has(key)) return; // only a source file's Problems move with its text
    this.edits.schedule(key, () => void this.show(document));
  }

  private async show(document: vscode.TextDocument): Promise<void> {
    const key = document.uri.toString();
    const page = this.enabled() && (await this.service.signedIn()) ? await this.files.pageOf(document.uri) : undefined;
    if (!page) {
      if (this.pages.delete(key)) this.lensesChanged.fire();
      this.placedOn.delete(key);
      this.collection.delete(document.uri);
      return;
    }
    let report: Report | undefined;
    try {
      const front = vscode.window.activeTextEditor?.document === document;
      report = await this.published.of(page.url, front ? 'front' : 'visible');
    } catch (error) {
      // Unknown, not "no report": the lens says why; the next change or refresh asks again.
      this.pages.set(key, { url: page.url, unknown: reasonOf(error) });
      this.lensesChanged.fire();
      return;
    }
    this.pages.set(key, { url: page.url, report });
    this.lensesChanged.fire();
    if (!report || document.isClosed) {
      this.collection.delete(document.uri);
      return;
    }
    const rules = page.config.rules.effective(page.url);
    const checkRules = (check: string) => rules.checks[check];
    const text = document.getText();
    const findings = sourceFindings(report, text, checkRules);
    // The report was made on the page as it was: a finding on a line edited since says so.
    const reportKey = `${String(report.id)} ${String(report.generated_at ?? '')}`;
    let placed = this.placedOn.get(key);
    if (placed?.report !== reportKey) this.placedOn.set(key, (placed = { report: reportKey, text }));
    const changed =
      placed.text === text
        ? new Set<string>()
        : checksOnChangedLines(findings, text, sourceFindings(report, placed.text, checkRules), placed.text);
    const diagnostics = findings.map((f) => {
      const line = Math.min(f.line, Math.max(0, document.lineCount - 1));
      const range = new vscode.Range(line, f.startColumn, line, Math.max(f.startColumn, f.endColumn));
      const message = changed.has(f.check) ? changedLineWords(f.message, report.generated_at) : f.message;
      const diagnostic = new vscode.Diagnostic(range, plainText(message, 700), FINDING_SEVERITY[f.severity]);
      if (changed.has(f.check)) this.onChangedLines.add(diagnostic);
      diagnostic.source = DIAGNOSTIC_SOURCE;
      // The code links to the shipped page on that check (media/checks.md, a heading per check).
      diagnostic.code = checkCode(plainText(f.check, 100), this.checksPage);
      return diagnostic;
    });
    // The config's minScore for this page shows on its own source too, not only where its URL is written.
    for (const finding of evaluateUrl(page.config.rules, page.url, report).findings) {
      if (finding.rule !== 'min-score' || finding.level === 'note') continue;
      const first = document.lineCount > 0 ? document.lineAt(0).text.length : 0;
      const diagnostic = new vscode.Diagnostic(
        new vscode.Range(0, 0, 0, Math.min(first, 1000)),
        plainText(finding.message, 500),
        severityOf(finding.level),
      );
      diagnostic.source = DIAGNOSTIC_SOURCE;
      diagnostic.code = 'min-score';
      diagnostics.push(diagnostic);
    }
    this.collection.set(document.uri, diagnostics);
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const page = this.pages.get(document.uri.toString());
    if (!page) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    if (page.unknown !== undefined) {
      const title = vscode.l10n.t('$(question) Could not check this page: {0}', plainText(page.unknown, 120));
      return [new vscode.CodeLens(top, { title, tooltip: plainText(page.unknown, 500), command: '' })];
    }
    if (!page.report) {
      return [
        new vscode.CodeLens(top, {
          title: vscode.l10n.t('$(globe) No report yet for this page: Create Report'),
          command: COMMAND.createReport,
          arguments: [page.url],
        }),
      ];
    }
    const rating = ratingOf(page.report);
    const failedKeys = failedChecksOf(page.report.results).map((c) => c.key);
    const failed = failedKeys.length;
    const site = failedKeys.filter((k) => SITE_LEVEL_CHECKS.has(k)).length;
    const parts = [ratingLabel(rating.band)];
    if (rating.score !== undefined) parts.push(roundedScore(rating.score));
    parts.push(failingWords(failed, site));
    // The site's own checks are no Problems of this file: the lens says how many, the tooltip why.
    const tooltip = [plainText(page.url, 300)];
    if (site > 0) tooltip.push(vscode.l10n.t('{0} of the site, not this file', site));
    return [
      new vscode.CodeLens(top, {
        title: `$(globe) ${parts.join(' · ')}`,
        tooltip: tooltip.join('\n'),
        command: COMMAND.openReport,
        arguments: [page.report.id],
      }),
      new vscode.CodeLens(top, { title: vscode.l10n.t('Re-run'), command: COMMAND.rerunReport, arguments: [page.report.id] }),
    ];
  }

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const page = this.pages.get(document.uri.toString());
    const ours = context.diagnostics.filter((d) => d.source === DIAGNOSTIC_SOURCE && this.collection.get(document.uri)?.includes(d));
    if (!page?.report || ours.length === 0) return [];
    const open = new vscode.CodeAction(vscode.l10n.t('Open Report'), vscode.CodeActionKind.QuickFix);
    open.command = { command: COMMAND.openReport, title: vscode.l10n.t('Open Report'), arguments: [page.report.id] };
    open.diagnostics = ours;
    const rerun = new vscode.CodeAction(vscode.l10n.t('Re-run Analysis'), vscode.CodeActionKind.QuickFix);
    rerun.command = { command: COMMAND.rerunReport, title: vscode.l10n.t('Re-run Analysis'), arguments: [page.report.id] };
    rerun.diagnostics = ours;
    // On a line edited since the report, the question is whether the edit fixed it: Re-run first.
    return ours.some((d) => this.onChangedLines.has(d)) ? [rerun, open] : [open, rerun];
  }

  /** The page and report a source file shows (tests). */
  pageOfFile(uri: vscode.Uri): PageOfFile | undefined {
    return this.pages.get(uri.toString());
  }
}
