// Composition root: builds the objects and registers them; no logic of its own. Activation does
// no I/O: the list loads when the view is first shown, the client is built on first use.
import * as vscode from 'vscode';
import { ReportsModel } from './model/reportsModel';
import { Connection } from './platform/connection';
import { KeyStore } from './platform/keyStore';
import { createLog } from './platform/log';
import { affectsList } from './platform/settings';
import { ReportsView } from './views/reportsView';
import { CommandContext } from './commands/context';
import { setApiKey, signOut } from './commands/auth';
import { clearFilters, filterByProject, loadMore, refresh, search, sortBy } from './commands/list';
import { createReport } from './commands/create';
import { changePrivacy, copyReportUrl, openReportUrl, rerunReport, setPrivacyQuick } from './commands/manage';
import { deleteReport } from './commands/delete';
import { ReportPanels } from './webviews/reportPanel';
import { ReportActions } from './actions/reportActions';
import { Handler, registerCommands } from './commands/register';
import { AccountPanel } from './webviews/accountPanel';
import { registerDocumentUrls } from './documentUrls/registerDocumentUrls';
import { KnownAccount } from './platform/knownAccount';
import { ShownFailures } from './platform/shownFailures';
import { ReportsStatusBar } from './views/statusBar';
import { showBadReportsBadge } from './views/badge';
import { configureLocalisation, displayLanguage } from './platform/localisation';
import { setDisplayLocale } from './model/locale';

/** What activate returns: the extension's parts, for the integration tests (not a public API). */
export interface ExtensionInternals {
  readonly ctx: CommandContext;
  readonly reports: ReportPanels;
  readonly account: AccountPanel;
  readonly statusBar: ReportsStatusBar;
}

export function activate(context: vscode.ExtensionContext): ExtensionInternals {
  // First: every later word goes through the display language's bundle.
  configureLocalisation();
  setDisplayLocale(displayLanguage());
  const channel = vscode.window.createOutputChannel('Website Reports', { log: true }); // l10n-exempt: the product's name
  const log = createLog(channel);
  const keys = new KeyStore(context.secrets);
  const connection = new Connection(keys, log, String(context.extension.packageJSON.version ?? ''));
  const model = new ReportsModel({ onListenerError: (error) => log('error', `A listener of the reports list failed: ${String(error)}`) });
  const view = new ReportsView(model, connection, context.workspaceState, channel);
  const actions = new ReportActions(() => connection.get(), model);
  const known = new KnownAccount();
  const ctx: CommandContext = { connection, keys, model, view, actions, log: channel, account: known, failures: new ShownFailures() };
  const reports = new ReportPanels(context.extensionUri, ctx);
  const account = new AccountPanel(context.extensionUri, ctx);
  const statusBar = new ReportsStatusBar(model, connection, known);

  const commands: Record<string, Handler> = {
    'webReports.setApiKey': (key) => setApiKey(ctx, key),
    'webReports.signOut': () => signOut(ctx),
    'webReports.refresh': () => refresh(ctx),
    'webReports.createReport': (url, options) => createReport(ctx, url, (options ?? {}) as object),
    'webReports.changePrivacy': (target, privacy, password) => changePrivacy(ctx, target, privacy, password),
    'webReports.makePublic': (target, selected) => setPrivacyQuick(ctx, 0, target, selected),
    'webReports.makePrivate': (target, selected) => setPrivacyQuick(ctx, 1, target, selected),
    'webReports.rerunReport': (target, selected) => rerunReport(ctx, target, selected),
    'webReports.deleteReport': (target, selected) => deleteReport(ctx, target, selected),
    'webReports.openReport': (target) => reports.open(target),
    'webReports.showAccount': () => account.show(),
    'webReports.search': (text) => search(ctx, text),
    'webReports.filterByProject': (project) => filterByProject(ctx, project),
    'webReports.sortBy': (field, direction) => sortBy(ctx, field, direction),
    'webReports.clearFilters': () => clearFilters(ctx),
    'webReports.openReportUrl': (target) => openReportUrl(ctx, target),
    'webReports.copyReportUrl': (target) => copyReportUrl(ctx, target),
    'webReports.loadMore': (node) => loadMore(ctx, node),
  };
  context.subscriptions.push(...registerCommands(ctx, commands));
  // URLs in documents: hover, badges, Problems, report-all and export (issue 12).
  context.subscriptions.push(...registerDocumentUrls(ctx));

  context.subscriptions.push(
    channel,
    keys,
    connection,
    view,
    reports,
    account,
    statusBar,
    showBadReportsBadge(view.treeView, model),
    vscode.window.registerWebviewPanelSerializer('webReports.report', reports),
    vscode.window.registerWebviewPanelSerializer('webReports.account', account),
    // A key stored or deleted in another window, or a new base URL: start over.
    keys.onDidChange(() => {
      actions.reset();
      void view.invalidate();
    }),
    // Another service: nothing shown so far belongs to it, and actions must not reach it by id.
    connection.onDidChange(() => {
      actions.reset();
      model.clear();
      reports.closeAll();
      void view.invalidate();
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (affectsList(e)) void view.invalidate();
      if (e.affectsConfiguration('webReports.autoRefreshSeconds')) view.scheduleAutoRefresh();
    }),
  );
  // Context keys only (no request): menus and the welcome view need them at once.
  void view.updateContext();
  return { ctx, reports, account, statusBar };
}

export function deactivate(): void {}
