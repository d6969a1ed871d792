// The sidebar view: the TreeView, its message (filters, stale data), context keys, loading when
// first shown, and the optional auto-refresh that pauses while hidden or unfocused.
import * as vscode from 'vscode';
import { plainText } from '../model/plainText';
import { Report, RESULT_VALUES } from '../api/types';
import { ApiError } from '../api/errors';
import { describeFilters, Filters, isFiltered, ListDefaults, toQuery, cleanFilters } from '../model/filters';
import { ReportsModel } from '../model/reportsModel';
import { Connection } from '../platform/connection';
import { readSettings } from '../platform/settings';
import { ReportsNode } from './nodes';
import { ReportsTreeProvider } from './reportsTree';

const FILTERS_KEY = 'webReports.filters';

export class ReportsView implements vscode.Disposable {
  readonly treeView: vscode.TreeView<ReportsNode>;
  readonly provider: ReportsTreeProvider;
  private readonly disposables: vscode.Disposable[] = [];
  private timer?: NodeJS.Timeout;
  private signedIn = false;
  private announcedAuthFailure = false;
  private filteredContext?: boolean;

  constructor(
    readonly model: ReportsModel,
    private readonly connection: Connection,
    private readonly workspaceState: vscode.Memento,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.provider = new ReportsTreeProvider(model);
    this.treeView = vscode.window.createTreeView('webReports.reports', {
      treeDataProvider: this.provider,
      canSelectMany: true,
      showCollapseAll: false,
    });
    this.disposables.push(this.provider, this.treeView);
    this.disposables.push({ dispose: model.onDidChange(() => this.updateMessage()) });
    this.disposables.push(
      this.treeView.onDidChangeVisibility((e) => {
        if (e.visible && this.model.status === 'idle') void this.refresh();
        this.scheduleAutoRefresh();
      }),
      vscode.window.onDidChangeWindowState(() => this.scheduleAutoRefresh()),
    );
  }

  get filters(): Filters {
    return this.workspaceState.get<Filters>(FILTERS_KEY, {});
  }

  defaults(): ListDefaults {
    const s = readSettings();
    return { perPage: s.perPage, sortBy: s.sortBy, sort: s.sortDirection };
  }

  async setFilters(filters: Filters): Promise<void> {
    const clean = cleanFilters(filters);
    await this.workspaceState.update(FILTERS_KEY, Object.keys(clean).length ? clean : undefined);
    await vscode.commands.executeCommand('setContext', 'webReports.filtered', isFiltered(clean, this.defaults()));
    await this.refresh();
  }

  /** Sets the context keys from what is known without a request. */
  async updateContext(): Promise<void> {
    const hasKey = (await this.connection.key()) !== undefined;
    const baseUrlSet = this.connection.baseUrlSet();
    this.signedIn = hasKey && baseUrlSet && !(this.model.status === 'signed-out' && this.model.lastError);
    await Promise.all([
      vscode.commands.executeCommand('setContext', 'webReports.baseUrlSet', baseUrlSet),
      vscode.commands.executeCommand('setContext', 'webReports.signedIn', this.signedIn),
      vscode.commands.executeCommand('setContext', 'webReports.filtered', isFiltered(this.filters, this.defaults())),
    ]);
  }

  /** Reloads the three groups (joins a reload of the same query already under way). */
  async refresh(): Promise<void> {
    const hasKey = (await this.connection.key()) !== undefined;
    if (!hasKey || !this.connection.baseUrlSet()) {
      this.model.signOut();
      await this.updateContext();
      return;
    }
    if (this.model.status === 'signed-out') this.model.status = 'idle';
    let client;
    try {
      client = this.connection.get();
    } catch (error) {
      this.model.signOut(error instanceof ApiError ? error : undefined);
      await this.updateContext();
      void vscode.window.showErrorMessage(`Website Reports: ${plainText((error as Error).message)}`);
      return;
    }
    await vscode.window.withProgress({ location: { viewId: 'webReports.reports' } }, () =>
      this.model.reload(client, toQuery(this.filters, this.defaults())),
    );
    await this.afterLoad();
  }

  private async afterLoad(): Promise<void> {
    if (this.model.status === 'signed-out') {
      await this.updateContext();
      if (!this.announcedAuthFailure && this.model.lastError?.kind === 'auth') {
        this.announcedAuthFailure = true;
        this.log.warn(`Signed out: ${this.model.lastError.message}`);
        // Not awaited: the refresh is done; the notification waits for the user on its own.
        void vscode.window.showErrorMessage(`Website Reports: ${plainText(this.model.lastError.message)}`, 'Set API Key').then((choice) => {
          if (choice) void vscode.commands.executeCommand('webReports.setApiKey');
        });
      }
      return;
    }
    this.announcedAuthFailure = false;
    if (!this.signedIn) await this.updateContext();
  }

  /** The key, base URL or list settings changed: reload now if shown, else when next shown. */
  async invalidate(): Promise<void> {
    if (this.treeView.visible) return this.refresh();
    this.model.signOut();
    this.model.status = 'idle';
    await this.updateContext();
  }

  /** Selects and shows a report (after create or when asked); expands its group. */
  async reveal(report: Report): Promise<void> {
    const result = RESULT_VALUES.find((r) => r === report.result);
    if (!result || !this.treeView.visible) return;
    await this.treeView.reveal({ kind: 'report', result, report }, { select: true, focus: false, expand: true });
  }

  private updateMessage(): void {
    const parts: string[] = [];
    const filters = describeFilters(this.filters, this.defaults());
    if (filters) parts.push(`Showing: ${filters}.`);
    if (this.model.status === 'stale' && this.model.lastError) {
      const when = this.model.loadedAt ? ` Last loaded ${this.model.loadedAt.toLocaleTimeString()}.` : '';
      parts.push(`Could not refresh: ${this.model.lastError.message}${when}`);
    }
    this.treeView.message = parts.length ? parts.join(' ') : undefined;
    if (this.filteredContext !== (filters !== undefined)) {
      this.filteredContext = filters !== undefined;
      void vscode.commands.executeCommand('setContext', 'webReports.filtered', this.filteredContext);
    }
    const totals = this.model.totals();
    const known = RESULT_VALUES.map((r) => totals[r]).filter((n): n is number => n !== undefined);
    this.treeView.description =
      known.length === 3 && this.model.status !== 'signed-out' ? `${known.reduce((a, b) => a + b, 0)} reports` : undefined;
  }

  /** Runs the auto-refresh only while the view is visible and the window focused. */
  scheduleAutoRefresh(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    const every = readSettings().autoRefreshMs;
    if (!every || !this.treeView.visible || !vscode.window.state.focused) return;
    this.timer = setInterval(() => {
      if (this.model.status !== 'signed-out') void this.refresh();
    }, every);
  }

  dispose(): void {
    clearInterval(this.timer);
    for (const d of this.disposables) d.dispose();
  }
}
