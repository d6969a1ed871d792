// The sidebar view: the TreeView, its message (filters, stale data, cut lists), the context keys
// (this class is their only owner), loading when first shown, and the optional auto-refresh that
// pauses while hidden or unfocused. The model's state is the model's: the view only reads it.
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle/disposables';
import { IntervalClock, systemClock } from '../../core/lifecycle/intervalClock';
import { displayLocale } from '../../core/text/locale';
import { plainText } from '../../core/text/plainText';
import { Report, RESULT_VALUES } from '../../core/client/types';
import { ApiError } from '../../core/client/errors';
import { describeFilters, Filters, isFiltered, ListDefaults, toQuery, cleanFilters } from '../../core/list/filters';
import { cutNotice } from '../../core/list/paging';
import { ReportsModel } from '../../core/list/reportsModel';
import { ratingLabel } from '../../core/checks/ratingWords';
import { Connection } from '../shared/connection';
import { readSettings } from '../shared/settings';
import { ContextKeys } from '../shared/contextKeys';
import { COMMAND, CONTEXT_KEYS, VIEW_ID } from '../ids';
import { ReportsNode } from './nodes';
import { ReportsTreeProvider, type TrendOf } from './reportsTree';

const FILTERS_KEY = 'webReports.filters';

export class ReportsView extends Disposable {
  readonly treeView: vscode.TreeView<ReportsNode>;
  readonly provider: ReportsTreeProvider;
  private readonly context = new ContextKeys();
  private timer?: unknown;
  private timerEvery?: number;
  private announcedAuthFailure = false;
  /** The auto-refresh's timer source; tests put a manual clock here. */
  clock: IntervalClock = systemClock;

  constructor(
    readonly model: ReportsModel,
    private readonly connection: Connection,
    private readonly workspaceState: vscode.Memento,
    private readonly log: vscode.LogOutputChannel,
    trendOf?: TrendOf,
  ) {
    super();
    this.provider = new ReportsTreeProvider(model, trendOf);
    this.treeView = vscode.window.createTreeView(VIEW_ID, {
      treeDataProvider: this.provider,
      canSelectMany: true,
      showCollapseAll: false,
    });
    this.registerAll(this.provider, this.treeView);
    this.registerAll(model.onDidChange(() => this.updateMessage()));
    this.registerAll(
      this.treeView.onDidChangeVisibility((e) => {
        if (e.visible && this.model.awaitingLoad) void this.refresh();
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
    await this.updateContext();
    await this.refresh();
  }

  private accountShown = false;

  /** Sets the context keys from what is known without a request (the only place that sets them). */
  async updateContext(): Promise<void> {
    const hasKey = (await this.connection.key()) !== undefined;
    const baseUrlSet = this.connection.baseUrlSet();
    const signedIn = hasKey && baseUrlSet && !(this.model.status === 'signed-out' && this.model.lastError);
    const totals = this.model.totals();
    await this.context.set({
      [CONTEXT_KEYS.baseUrlSet]: baseUrlSet,
      [CONTEXT_KEYS.signedIn]: signedIn,
      [CONTEXT_KEYS.filtered]: isFiltered(this.filters, this.defaults()),
      [CONTEXT_KEYS.hasReports]: signedIn && ((totals.good ?? 0) > 0 || (totals.decent ?? 0) > 0 || (totals.bad ?? 0) > 0),
      [CONTEXT_KEYS.accountShown]: this.accountShown,
    });
  }

  /** The account panel showed the account (the walkthrough's step reads it). */
  async markAccountShown(): Promise<void> {
    this.accountShown = true;
    await this.updateContext();
  }

  /** Reloads the three groups (joins a reload of the same query already under way). */
  async refresh(): Promise<void> {
    const hasKey = (await this.connection.key()) !== undefined;
    if (!hasKey || !this.connection.baseUrlSet()) {
      this.model.signOut();
      await this.updateContext();
      return;
    }
    let client;
    try {
      client = this.connection.get();
    } catch (error) {
      this.model.signOut(error instanceof ApiError ? error : undefined);
      await this.updateContext();
      void vscode.window.showErrorMessage(vscode.l10n.t('Website Reports: {0}', plainText((error as Error).message)));
      return;
    }
    await vscode.window.withProgress({ location: { viewId: VIEW_ID } }, () =>
      this.model.reload(client, toQuery(this.filters, this.defaults())),
    );
    await this.afterLoad();
  }

  private async afterLoad(): Promise<void> {
    await this.updateContext();
    if (this.model.status !== 'signed-out') {
      this.announcedAuthFailure = false;
      return;
    }
    if (!this.announcedAuthFailure && this.model.lastError?.kind === 'auth') {
      this.announcedAuthFailure = true;
      this.log.warn(`Signed out: ${this.model.lastError.message}`);
      // Not awaited: the refresh is done; the notification waits for the user on its own.
      const setKey = vscode.l10n.t('Set API Key');
      void vscode.window
        .showErrorMessage(vscode.l10n.t('Website Reports: {0}', plainText(this.model.lastError.message)), setKey)
        .then((choice) => {
          if (choice === setKey) void vscode.commands.executeCommand(COMMAND.setApiKey);
        });
    }
  }

  /** The key, base URL or list settings changed: reload now if shown, else when next shown. */
  async invalidate(): Promise<void> {
    if (this.treeView.visible) return this.refresh();
    this.model.clear();
    await this.updateContext();
  }

  /** Reports were added or changed behind the list (a site scan): reload now if shown, else when next shown. */
  async contentChanged(): Promise<void> {
    if (this.treeView.visible) return this.refresh();
    this.model.markReloadDue();
    await this.updateContext();
  }

  /** Selects and shows a report (after create or when asked); expands its group. */
  async reveal(report: Report): Promise<void> {
    const result = RESULT_VALUES.find((r) => this.model.groups[r].items.some((i) => String(i.id) === String(report.id)));
    if (!result || !this.treeView.visible) return;
    const held = this.model.find(report.id) ?? report;
    await this.treeView.reveal({ kind: 'report', result, report: held }, { select: true, focus: false, expand: true });
  }

  private updateMessage(): void {
    const parts: string[] = [];
    const filters = describeFilters(this.filters, this.defaults());
    if (filters) parts.push(vscode.l10n.t('Showing: {0}.', filters));
    if (this.model.status === 'stale' && this.model.lastError) {
      const error = this.model.lastError.message;
      const at = this.model.loadedAt?.toLocaleTimeString(displayLocale());
      parts.push(
        at === undefined
          ? vscode.l10n.t('Could not refresh: {0}', error)
          : vscode.l10n.t('Could not refresh: {0} Last loaded {1}.', error, at),
      );
    }
    for (const result of RESULT_VALUES) {
      const cut = this.model.groups[result].cut;
      if (cut) parts.push(vscode.l10n.t('{0} list cut: {1}.', ratingLabel(result), cutNotice(cut, this.model.limits)));
    }
    this.treeView.message = parts.length ? parts.join(' ') : undefined;
    const totals = this.model.totals();
    const known = RESULT_VALUES.map((r) => totals[r]).filter((n): n is number => n !== undefined);
    this.treeView.description =
      known.length === 3 && this.model.status !== 'signed-out' ? reportCount(known.reduce((a, b) => a + b, 0)) : undefined;
  }

  /**
   * Runs the auto-refresh only while the view is visible and the window focused. A window or
   * visibility event that changes neither leaves a running timer alone: restarting it on every
   * event (the window's `active` state flips with user inactivity) would postpone it forever.
   */
  scheduleAutoRefresh(): void {
    const every = readSettings().autoRefreshMs;
    const run = every > 0 && this.treeView.visible && vscode.window.state.focused;
    if (run && this.timer && this.timerEvery === every) return;
    if (this.timer !== undefined) this.clock.clearInterval(this.timer);
    this.timer = undefined;
    if (!run) return;
    this.timerEvery = every;
    this.timer = this.clock.setInterval(() => {
      if (this.model.status !== 'signed-out') void this.refresh();
    }, every);
  }

  override dispose(): void {
    if (this.timer !== undefined) this.clock.clearInterval(this.timer);
    super.dispose();
  }
}

/** The view's description: how many reports the three groups hold. */
function reportCount(n: number): string {
  return n === 1 ? vscode.l10n.t('1 report') : vscode.l10n.t('{0} reports', n);
}
