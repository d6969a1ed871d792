// What hovers, badges, Problems and report-all share: the lookup engine inside one request budget,
// the URLs found in each document (kept per document version), whether lookups are allowed (a
// setting on and signed in), and one event saying "answers may have changed, look again" — after
// this extension's writes, a refresh of the list, or a change of key or service.
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle/disposables';
import { ReportActions } from '../../core/reports/reportActions';
import { UrlLookup } from '../../core/reports/urlLookup';
import { findUrls, FoundUrl } from '../../core/urls/urlFinder';
import { ReportsModel } from '../../core/list/reportsModel';
import { Connection } from '../shared/connection';
import { documentUrlsSetting, type DocumentUrlsSetting } from '../shared/settings';
import type { Report } from '../../core/client/types';

export type { DocumentUrlsSetting } from '../shared/settings';

export class DocumentUrlsService extends Disposable {
  readonly lookup: UrlLookup;
  private readonly invalidated = new vscode.EventEmitter<string | undefined>();
  /**
   * Answers may have changed: the report of one URL (a write of this window), or any (undefined:
   * a refresh, another key or service). Look the URLs of the documents shown up again.
   */
  readonly onDidInvalidate = this.invalidated.event;
  private readonly found = new WeakMap<vscode.TextDocument, { version: number; urls: FoundUrl[] }>();
  private loadedAt?: Date;

  constructor(
    private readonly connection: Connection,
    private readonly model: ReportsModel,
    actions: ReportActions,
  ) {
    super();
    this.lookup = new UrlLookup({ source: () => connection.get() });
    const writes = actions.onDidWrite((event) => {
      const url = event.kind === 'deleted' ? event.url : typeof event.report.url === 'string' ? event.report.url : undefined;
      if (url !== undefined) this.lookup.invalidate(url);
      if (event.kind !== 'deleted') this.lookup.remember(event.report);
      // Every place that shows this URL's rating follows, visible or not (a write names its URL).
      this.invalidated.fire(url);
    });
    const reloads = model.onDidChange(() => {
      // A finished reload (or a sign-out) is a refresh: answers from before it may be stale.
      if (model.loadedAt !== this.loadedAt || model.status === 'signed-out') {
        this.loadedAt = model.loadedAt;
        this.invalidateAll();
      }
    });
    this.registerAll(
      writes,
      reloads,
      connection.onDidChange(() => this.invalidateAll()),
      connection.keys.onDidChange(() => this.invalidateAll()),
      this.invalidated,
    );
  }

  /** Whether a `webReports.documentUrls.*` setting is on. */
  enabled(setting: DocumentUrlsSetting): boolean {
    return documentUrlsSetting(setting);
  }

  /** Signed in as the view sees it: a base URL, a key for it, and no auth failure since. */
  async signedIn(): Promise<boolean> {
    if (!this.connection.baseUrlSet()) return false;
    if (this.model.status === 'signed-out' && this.model.lastError) return false;
    return (await this.connection.key()) !== undefined;
  }

  /** The http(s) URLs of a document, found once per version. */
  urlsIn(document: vscode.TextDocument): FoundUrl[] {
    const known = this.found.get(document);
    if (known?.version === document.version) return known.urls;
    const urls = findUrls(document.getText());
    this.found.set(document, { version: document.version, urls });
    return urls;
  }

  /** A report read in full (its checks), as background work. */
  readReport(id: Report['id']): Promise<Report> {
    return this.connection.get().getReport(id, { priority: 'background' });
  }

  invalidateAll(): void {
    this.lookup.invalidate();
    this.invalidated.fire(undefined);
  }

  override dispose(): void {
    this.lookup.dispose();
    super.dispose();
  }
}
