// Composition root: builds the objects and registers them; no logic of its own. Activation does
// no I/O: the list loads when the view is first shown, the client is built on first use.
import * as vscode from 'vscode';
import { ACCOUNT_VIEW_TYPE, CommandId, REPORT_VIEW_TYPE } from './ids';
import { commandTitles } from './adapters/commandTitles';
import { Handler, registerCommands } from './adapters/register';
import { ReportsModel } from '../core/list/reportsModel';
import { Connection } from './platform/connection';
import { KeyStore } from './platform/keyStore';
import { createLog } from './platform/log';
import { affectsList } from './platform/settings';
import { ReportsView } from './views/reportsView';
import { CommandContext } from './adapters/context';
import { authCommands, setApiKey, signOut } from './commands/auth';
import { listCommands } from './commands/list';
import { createCommands } from './commands/create';
import { manageCommands } from './commands/manage';
import { deleteCommands } from './commands/delete';
import { historyCommands } from './commands/history';
import { siteCommands } from './commands/scanSite';
import { SiteJobs } from './adapters/siteJobs';
import { exportCommands } from './commands/exportReports';
import { panelCommands } from './commands/panels';
import { supportCommands } from './commands/support';
import { ReportPanels } from './webviews/reportPanel';
import { ReportActions } from '../core/reports/reportActions';
import { RunHistory } from '../core/history/runHistory';
import { openHistoryStore } from './platform/historyStorage';

import { AccountPanel } from './webviews/accountPanel';
import { registerDocumentUrls } from './documentUrls/registerDocumentUrls';
import { KnownAccount } from './platform/knownAccount';
import { ShownFailures } from './platform/shownFailures';
import { ReportsStatusBar } from './views/statusBar';
import { showBadReportsBadge } from './views/badge';
import { configureLocalisation, displayLanguage } from './platform/localisation';
import { setDisplayLocale } from '../core/text/locale';

/** How long after activation an unfinished site scan is offered again. */
const RESUME_OFFER_DELAY_MS = 10_000;

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
  // Made now, opened on first use: nothing is read or written at activation.
  const history = new RunHistory(
    () => openHistoryStore(context.globalStorageUri, channel),
    (level, message) => channel[level](message),
  );
  const view = new ReportsView(model, connection, context.workspaceState, channel, (report) =>
    history.trendOf(connection.origin(), report.url),
  );
  const actions = new ReportActions(() => connection.get(), model);
  const known = new KnownAccount();
  const ctx: CommandContext = {
    connection,
    keys,
    model,
    view,
    actions,
    history,
    log: channel,
    account: known,
    failures: new ShownFailures(),
  };
  const reports = new ReportPanels(context.extensionUri, ctx);
  const account = new AccountPanel(context.extensionUri, ctx, {
    setApiKey: () => setApiKey(ctx),
    signOut: async () => void (await signOut(ctx)),
  });
  const statusBar = new ReportsStatusBar(model, connection, known);

  // Site scans and the workspace's "Report All Unrated" share one persistent job queue.
  // (The getter is only called by commands, after both exist.)
  const jobs = (): SiteJobs => siteJobs;
  const documentUrls = registerDocumentUrls(ctx, jobs, context.extensionUri);
  const siteJobs = new SiteJobs(ctx, context.globalStorageUri, () => {
    documentUrls.service.invalidateAll();
    void view.contentChanged();
  });
  // Every contributed command, once, one way: each family brings its table; the type says when one
  // is missing.
  const commands: Record<CommandId, Handler> = {
    ...authCommands(ctx),
    ...listCommands(ctx),
    ...createCommands(ctx),
    ...manageCommands(ctx),
    ...deleteCommands(ctx),
    ...historyCommands(ctx),
    ...documentUrls.commands,
    ...exportCommands(ctx),
    ...supportCommands(ctx),
    ...panelCommands({ reports, account }),
    ...siteCommands(ctx, jobs, () => documentUrls.service.lookup),
  };
  context.subscriptions.push(...registerCommands(ctx, commands, commandTitles(context.extension)));
  // URLs in documents: hover, badges, Problems (their commands are in the table above).
  context.subscriptions.push(...documentUrls.disposables);

  context.subscriptions.push(
    channel,
    keys,
    connection,
    view,
    reports,
    account,
    statusBar,
    siteJobs,
    showBadReportsBadge(view.treeView, model),
    vscode.window.registerWebviewPanelSerializer(REPORT_VIEW_TYPE, reports),
    vscode.window.registerWebviewPanelSerializer(ACCOUNT_VIEW_TYPE, account),
    // Every report record the client reads: its run goes into the history (in the background).
    connection.onDidReadReports(({ origin, records }) => void history.record(origin, records)),
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
  // A scan that did not finish is offered again, once the window has settled (not during activation).
  const resumeLater = setTimeout(() => void siteJobs.offerResume(), RESUME_OFFER_DELAY_MS);
  context.subscriptions.push({ dispose: () => clearTimeout(resumeLater) });
  return { ctx, reports, account, statusBar };
}

export function deactivate(): void {}
