// The local checks' results and their Problems: an HTML file is a page, analysed as it is typed
// (debounced, in the analyser's worker) with each failed check on the element that causes it; a
// page's source file gets its preview's analysis placed where the service's findings are placed
// (sourceFindings). Source `Website Reports (local)`, beside the published report's Problems.
// Each result keeps what the CodeLens needs (localLens.ts): the analysis, the page's URL and its
// published report, when there is one and the user is signed in.
import * as vscode from 'vscode';
import type { Report } from '../../core/client/types';
import { isHtmlPath } from '../../core/files/htmlFiles';
import { KeyedDebounce } from '../../core/lifecycle/keyedDebounce';
import { Disposable } from '../../core/lifecycle/disposables';
import { reasonOf } from '../../core/reports/urlLookup';
import { htmlFindings, localSourceFindings, repeatsPublished, type HtmlFinding } from '../../core/sources/localFindings';
import type { CheckRules, SourceFinding } from '../../core/sources/sourceFindings';
import { urlKey } from '../../core/urls/urlKey';
import { TextPositions } from '../../core/urls/urlsInFiles';
import { checkCode, FINDING_SEVERITY, LOCAL_DIAGNOSTIC_SOURCE } from '../shared/diagnosticSource';
import type { PagesOfFiles } from '../shared/pagesOfFiles';
import type { PublishedReports } from '../shared/publishedReports';
import { localChecksOn } from '../shared/settings';
import { analysisFailureOf, type LocalAnalyser, type LocalAnalysis } from './analyser';
import { decodeFileText } from '../../core/files/fileText';

/** The pause in typing after which an HTML file is analysed again. */
export const LIVE_DEBOUNCE_MS = 300;

export interface LocalState {
  analysis?: LocalAnalysis;
  /** Why the page could not be analysed (too large, too complex, the preview did not answer). */
  failure?: string;
  pageUrl?: string;
  published?: Report;
  /** Why the published report is unknown (the lookup failed). */
  publishedUnknown?: string;
}

/** An HTML file by its name or language, on disk. */
export function isHtmlFile(uri: vscode.Uri, languageId?: string): boolean {
  return (uri.scheme === 'file' || uri.scheme === 'vscode-remote') && (languageId === 'html' || isHtmlPath(uri.path));
}

const codeValue = (d: vscode.Diagnostic): string => (typeof d.code === 'object' ? String(d.code.value) : String(d.code));

export class LocalChecks extends Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection('webReports.localChecks');
  private readonly states = new Map<string, LocalState>();
  /** A page source's local Problems before those repeating the published report are left out. */
  private readonly sourceAll = new Map<string, vscode.Diagnostic[]>();
  /** Bumped by every new analysis of a file: an older answer arriving late is dropped. */
  private readonly runs = new Map<string, number>();
  /** Bumped when the setting turns the checks off: every answer on its way is dropped. */
  private generation = 0;
  private readonly changed = new vscode.EventEmitter<void>();
  /** A result changed: the CodeLens follows. */
  readonly onDidChange = this.changed.event;
  private readonly edits = new KeyedDebounce(LIVE_DEBOUNCE_MS);
  /** Hidden pages whose published report changed: compared again when shown. */
  private readonly hiddenStale = new Set<string>();

  constructor(
    private readonly analyser: LocalAnalyser,
    private readonly files: PagesOfFiles,
    private readonly published: PublishedReports,
    private readonly signedIn: () => Promise<boolean>,
    /** media/checks.md in the installed extension: each Problem's code links to its check there. */
    private readonly checksPage: vscode.Uri,
  ) {
    super();
    this.registerAll(
      this.collection,
      this.changed,
      this.edits,
      vscode.workspace.onDidOpenTextDocument((d) => this.scheduleHtml(d)),
      vscode.workspace.onDidChangeTextDocument((e) => this.scheduleHtml(e.document)),
      vscode.workspace.onDidCloseTextDocument((d) => this.forget(d.uri)),
      vscode.window.onDidChangeVisibleTextEditors((editors) => {
        for (const e of editors) if (this.hiddenStale.has(e.document.uri.toString())) this.compareAgain(e.document.uri.toString());
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('webReports.localChecks')) this.restart();
      }),
    );
    for (const document of vscode.workspace.textDocuments) this.scheduleHtml(document);
  }

  stateOf(uri: vscode.Uri): LocalState | undefined {
    return this.states.get(uri.toString());
  }

  private restart(): void {
    if (!localChecksOn()) {
      this.generation++;
      this.edits.dispose(); // the waits only; it schedules again when turned on
      this.collection.clear();
      this.states.clear();
      this.sourceAll.clear();
      this.changed.fire();
      return;
    }
    for (const document of vscode.workspace.textDocuments) this.scheduleHtml(document);
  }

  private forget(uri: vscode.Uri): void {
    const key = uri.toString();
    this.runs.set(key, (this.runs.get(key) ?? 0) + 1);
    this.collection.delete(uri);
    this.sourceAll.delete(key);
    this.hiddenStale.delete(key);
    if (this.states.delete(key)) this.changed.fire();
  }

  private scheduleHtml(document: vscode.TextDocument): void {
    if (!localChecksOn() || !isHtmlFile(document.uri, document.languageId)) return;
    this.edits.schedule(document.uri.toString(), () => void this.checkHtml(document.uri, document.getText(), document.version));
  }

  /** A new run for `uri`; `current()` says whether it is still the newest. */
  private begin(uri: vscode.Uri): () => boolean {
    const key = uri.toString();
    const run = (this.runs.get(key) ?? 0) + 1;
    const generation = this.generation;
    this.runs.set(key, run);
    return () => this.runs.get(key) === run && this.generation === generation && !this.isDisposed;
  }

  /**
   * Analyses an HTML file's text (an open document's, or the file's as read) and shows its
   * Problems; `version`: the document's version the text is of (a newer one drops this answer).
   * Resolves to the Problems shown, undefined when dropped or refused.
   */
  async checkHtml(uri: vscode.Uri, text: string, version?: number): Promise<vscode.Diagnostic[] | undefined> {
    const current = this.begin(uri);
    // Named as `check --local` names it (core/sources/pageOfFile.ts): the same URL, so the same checks judged.
    const page = await this.files.htmlPageOf(uri);
    const stale = () =>
      !current() ||
      (version !== undefined && vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())?.version !== version);
    let analysis: LocalAnalysis;
    try {
      analysis = await this.analyser.analyse(text, page?.url);
    } catch (error) {
      if (stale()) return undefined;
      this.collection.delete(uri);
      this.setState(uri, { failure: analysisFailureOf(error), pageUrl: page?.url });
      return undefined;
    }
    if (stale()) return undefined;
    const rules: CheckRules | undefined = page ? (check) => page.config.rules.effective(page.ruleUrl).checks[check] : undefined;
    const diagnostics = this.htmlDiagnostics(htmlFindings(analysis, rules), text);
    this.collection.set(uri, diagnostics);
    this.setState(uri, { analysis, pageUrl: page?.url });
    void this.comparePublished(uri, current);
    return diagnostics;
  }

  /**
   * Shows a page source's local result: the preview's HTML analysed, the failed checks placed on
   * the source as the service's are. `failure`: the preview could not be read.
   */
  async checkSource(
    uri: vscode.Uri,
    pageUrl: string,
    rules: CheckRules,
    html: string | { failure: string },
  ): Promise<vscode.Diagnostic[] | undefined> {
    const current = this.begin(uri);
    let analysis: LocalAnalysis;
    try {
      if (typeof html !== 'string') throw new Error(html.failure);
      analysis = await this.analyser.analyse(html, pageUrl);
    } catch (error) {
      if (!current()) return undefined;
      this.collection.delete(uri);
      this.setState(uri, { failure: analysisFailureOf(error), pageUrl });
      return undefined;
    }
    if (!current()) return undefined;
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    const sourceText = document ? document.getText() : decodeFileText(await vscode.workspace.fs.readFile(uri));
    if (!current()) return undefined;
    const all = localSourceFindings(analysis, sourceText, rules).map((f) => this.sourceDiagnostic(f, document));
    // The published report's failed checks are already Problems here: shown once (repeatsPublished).
    const published = this.states.get(uri.toString())?.published;
    const diagnostics = published ? all.filter((d) => !repeatsPublished(codeValue(d), published.results)) : all;
    this.collection.set(uri, diagnostics);
    this.sourceAll.set(uri.toString(), all);
    this.setState(uri, { analysis, pageUrl });
    void this.comparePublished(uri, current);
    return diagnostics;
  }

  /** Kept for open files only (the CodeLens's); a folder's files keep their Problems alone. */
  private setState(uri: vscode.Uri, state: LocalState): void {
    if (!vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString())) return;
    const before = this.states.get(uri.toString());
    // The published report stays until the new lookup answers: the lens does not flicker.
    this.states.set(uri.toString(), { ...state, published: before?.published });
    this.changed.fire();
  }

  /**
   * A page's published report may have changed (a re-run, a new report, a refresh: undefined for
   * every page): each open file of that page compares with the new one, so the lens never keeps a
   * score the page source's lens has moved past.
   */
  publishedChanged(url: string | undefined): void {
    const changed = url === undefined ? undefined : (urlKey(url) ?? url);
    const shown = new Set(vscode.window.visibleTextEditors.map((e) => e.document.uri.toString()));
    for (const [key, state] of this.states) {
      if (!state.pageUrl || (changed !== undefined && (urlKey(state.pageUrl) ?? state.pageUrl) !== changed)) continue;
      // Only what is on screen is looked up now (a refresh must not cost a request per open page);
      // a hidden page compares again when it is shown.
      if (shown.has(key)) this.compareAgain(key);
      else this.hiddenStale.add(key);
    }
  }

  private compareAgain(key: string): void {
    this.hiddenStale.delete(key);
    const run = this.runs.get(key);
    const generation = this.generation;
    const current = () => this.runs.get(key) === run && this.generation === generation && !this.isDisposed;
    void this.comparePublished(vscode.Uri.parse(key), current);
  }

  /** Looks up the page's published report (signed in only) for the lens's comparison. */
  private async comparePublished(uri: vscode.Uri, current: () => boolean): Promise<void> {
    const state = this.states.get(uri.toString());
    if (!state?.pageUrl) return;
    let published: Report | undefined;
    let publishedUnknown: string | undefined;
    try {
      if (!(await this.signedIn())) return;
      const front = vscode.window.activeTextEditor?.document.uri.toString() === uri.toString();
      published = await this.published.of(state.pageUrl, front ? 'front' : 'visible');
    } catch (error) {
      publishedUnknown = reasonOf(error);
    }
    if (!current() || this.states.get(uri.toString()) !== state) return;
    this.states.set(uri.toString(), { ...state, published, publishedUnknown });
    const all = this.sourceAll.get(uri.toString());
    if (all) this.collection.set(uri, published ? all.filter((d) => !repeatsPublished(codeValue(d), published.results)) : all);
    this.changed.fire();
  }

  /** Findings at text offsets as Problems (positions counted once, forward, over the text analysed). */
  private htmlDiagnostics(findings: HtmlFinding[], text: string): vscode.Diagnostic[] {
    const positions = new TextPositions(text);
    const order = findings.flatMap((f, i) => [
      { at: f.start, i, end: false },
      { at: f.end, i, end: true },
    ]);
    order.sort((a, b) => a.at - b.at);
    const starts: vscode.Position[] = [];
    const ends: vscode.Position[] = [];
    for (const o of order) {
      const p = positions.of(o.at);
      (o.end ? ends : starts)[o.i] = new vscode.Position(p.line - 1, p.column - 1);
    }
    return findings.map((f, i) => this.diagnostic(new vscode.Range(starts[i], ends[i]), f));
  }

  private sourceDiagnostic(f: SourceFinding, document: vscode.TextDocument | undefined): vscode.Diagnostic {
    const line = document ? Math.min(f.line, Math.max(0, document.lineCount - 1)) : f.line;
    return this.diagnostic(new vscode.Range(line, f.startColumn, line, Math.max(f.startColumn, f.endColumn)), f);
  }

  private diagnostic(range: vscode.Range, f: { check: string; message: string; severity: 'error' | 'warn' | 'info' }): vscode.Diagnostic {
    const diagnostic = new vscode.Diagnostic(range, f.message, FINDING_SEVERITY[f.severity]);
    diagnostic.source = LOCAL_DIAGNOSTIC_SOURCE;
    diagnostic.code = checkCode(f.check, this.checksPage);
    return diagnostic;
  }
}
