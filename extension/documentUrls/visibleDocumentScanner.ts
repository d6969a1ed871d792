// Looks up the URLs of the documents shown in visible editors, for badges and Problems: when an
// editor becomes visible, when its text changes (debounced, and only when the set of URLs
// changed — typing elsewhere sends nothing), and when answers were invalidated. Documents that are
// not visible, a signed-out state, or both settings off mean no lookup at all. The editor in front
// is looked up before the others; a URL that could not be checked shows nothing (never "no report")
// and is asked again on the next change or refresh.
import * as vscode from 'vscode';
import { KeyedDebounce } from '../../core/lifecycle/keyedDebounce';
import { urlKey } from '../../core/urls/urlKey';
import { Disposable } from '../../core/lifecycle/disposables';
import { Report } from '../../core/client/types';
import { distinctUrls, FoundUrl } from '../../core/urls/urlFinder';
import { DocumentUrlsService } from './documentUrlsService';

const TYPING_DELAY_MS = 400;

export interface ScanResult {
  document: vscode.TextDocument;
  urls: FoundUrl[];
  /** URL → its latest report (undefined: none); URLs not yet answered, or that could not be checked, are absent. */
  reports: ReadonlyMap<string, Report | undefined>;
}

export class VisibleDocumentScanner extends Disposable {
  private readonly scanned = new vscode.EventEmitter<ScanResult>();
  readonly onDidScan = this.scanned.event;
  private readonly cleared = new vscode.EventEmitter<void>();
  /** Lookups stopped (signed out, settings off): remove everything shown. */
  readonly onDidClear = this.cleared.event;
  private readonly last = new Map<string, { signature: string; reports: Map<string, Report | undefined> }>();
  private readonly typing = new KeyedDebounce(TYPING_DELAY_MS);

  constructor(
    private readonly service: DocumentUrlsService,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this.registerAll(
      this.scanned,
      this.cleared,
      vscode.window.onDidChangeVisibleTextEditors(() => this.scanVisible(false)),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length && this.isVisible(e.document)) this.schedule(e.document);
      }),
      vscode.workspace.onDidCloseTextDocument((d) => this.last.delete(d.uri.toString())),
      service.onDidInvalidate((url) => (url === undefined ? this.scanVisible(true) : this.rescanShowing(url))),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('webReports.documentUrls')) this.scanVisible(true);
      }),
    );
    this.scanVisible(false);
  }

  /** Looks every visible document up (again, when `force`: answers were invalidated). */
  scanVisible(force: boolean): void {
    if (force) this.last.clear();
    const documents = new Set(vscode.window.visibleTextEditors.map((e) => e.document));
    for (const document of documents) void this.scan(document);
  }

  /**
   * One URL's report changed (a re-run, a delete): every open document showing it is scanned again,
   * visible or not — its Problems must not keep the old rating until its tab comes to the front.
   * The new answer is already in the cache: no request.
   */
  private rescanShowing(url: string): void {
    const changed = urlKey(url) ?? url;
    for (const document of vscode.workspace.textDocuments) {
      const known = this.last.get(document.uri.toString());
      if (!known || !known.signature.split('\n').some((u) => (urlKey(u) ?? u) === changed)) continue;
      this.last.delete(document.uri.toString());
      void this.scan(document);
    }
  }

  private isVisible(document: vscode.TextDocument): boolean {
    return vscode.window.visibleTextEditors.some((e) => e.document === document);
  }

  private schedule(document: vscode.TextDocument): void {
    this.typing.schedule(document.uri.toString(), () => void this.scan(document));
  }

  private async active(): Promise<boolean> {
    return (this.service.enabled('decorations') || this.service.enabled('diagnostics')) && (await this.service.signedIn());
  }

  private async scan(document: vscode.TextDocument): Promise<void> {
    if (!(await this.active())) {
      this.last.clear();
      this.cleared.fire();
      return;
    }
    const urls = this.service.urlsIn(document);
    const distinct = distinctUrls(urls);
    const signature = distinct.join('\n');
    const key = document.uri.toString();
    const known = this.last.get(key);
    if (known && known.signature === signature) {
      this.scanned.fire({ document, urls, reports: known.reports }); // positions may have moved
      return;
    }
    // What the cache knows shows at once; the rest follows when its host's batch answers.
    const reports = new Map<string, Report | undefined>();
    for (const url of distinct) {
      const hit = this.service.lookup.cached(url);
      if (hit) reports.set(url, hit.report);
    }
    this.last.set(key, { signature, reports });
    this.scanned.fire({ document, urls, reports });
    if (reports.size === distinct.length) return;
    const front = vscode.window.activeTextEditor?.document === document;
    const answers = await this.service.lookup.settleAll(
      distinct.filter((u) => !reports.has(u)),
      front ? 'front' : 'visible',
    );
    let unknown: string | undefined;
    for (const [url, answer] of answers) {
      if (answer.state === 'unknown') unknown ??= answer.reason;
      else reports.set(url, answer.state === 'found' ? answer.report : undefined);
    }
    if (this.last.get(key)?.reports !== reports || document.isClosed) return; // superseded
    if (unknown !== undefined) {
      this.log.debug(`Could not check some URLs of a ${document.uri.scheme} document: ${unknown}`);
      this.last.delete(key); // asked again on the next change or refresh
    }
    this.scanned.fire({ document, urls: this.service.urlsIn(document), reports });
  }

  override dispose(): void {
    this.typing.dispose();
    super.dispose();
  }
}
