// Composition root: builds the objects every feature shares, then composes the features (one
// folder each, each bringing its commands and disposables); no logic of its own. Activation does
// no I/O: the list loads when the view is first shown, the client is built on first use.
import * as vscode from 'vscode';
import { CommandId } from './ids';
import { ReportsModel } from '../core/list/reportsModel';
import { ReportActions } from '../core/reports/reportActions';
import { setDisplayLocale } from '../core/text/locale';
import { productVersion } from '../core/productVersion';
import { commandTitles } from './shared/commandTitles';
import { Connection } from './shared/connection';
import { CommandContext } from './shared/context';
import { GateConfigs } from './shared/gateConfig';
import { KeyStore } from './shared/keyStore';
import { KnownAccount } from './shared/knownAccount';
import { configureLocalisation, displayLanguage } from './shared/localisation';
import { createLog } from './shared/log';
import { Handler, registerCommands } from './shared/register';
import { ShownFailures } from './shared/shownFailures';
import { accountFeature } from './account/accountFeature';
import { agentToolsFeature } from './agentTools/agentToolsFeature';
import { documentUrlsFeature } from './documentUrls/documentUrlsFeature';
import { createRunHistory, historyFeature } from './history/historyFeature';
import { localChecksFeature } from './localChecks/localChecksFeature';
import { pageSourcesFeature } from './pageSources/pageSourcesFeature';
import { quickFixesFeature } from './quickFixes/quickFixesFeature';
import { createReportsView, reportsFeature } from './reports/reportsFeature';
import type { ReportPanels } from './reports/reportPanel';
import type { ReportsStatusBar } from './reports/statusBar';
import type { AccountPanel } from './account/accountPanel';
import { siteScansFeature } from './siteScans/siteScansFeature';
import { supportFeature } from './support/supportFeature';
import { workspaceUrlsFeature } from './workspaceUrls/workspaceUrlsFeature';

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
  const connection = new Connection(keys, log, productVersion());
  const model = new ReportsModel({ onListenerError: (error) => log('error', `A listener of the reports list failed: ${String(error)}`) });
  const history = createRunHistory(context.globalStorageUri, channel);
  const known = new KnownAccount();
  const view = createReportsView(model, connection, context.workspaceState, channel, history);
  const ctx: CommandContext = {
    connection,
    keys,
    model,
    view,
    actions: new ReportActions(() => connection.get(), model),
    history,
    log: channel,
    account: known,
    failures: new ShownFailures(),
  };
  // The team's website-reports.json, which the URL features share: read when first needed.
  const configs = new GateConfigs(ctx.log);
  context.subscriptions.push(channel, keys, connection, view, configs);

  const reports = reportsFeature(ctx, context.extensionUri, known);
  const account = accountFeature(ctx, context.extensionUri);
  const documentUrls = documentUrlsFeature(ctx, configs);
  const siteScans = siteScansFeature(ctx, context.globalStorageUri, documentUrls.service.lookup, () => {
    documentUrls.service.invalidateAll();
    void view.contentChanged();
  });
  const pageSources = pageSourcesFeature(documentUrls.service, configs, context.extensionUri);
  const localChecks = localChecksFeature(documentUrls.service, configs, context.extensionUri);
  const workspaceUrls = workspaceUrlsFeature(ctx, documentUrls.service, configs, siteScans.jobs);
  const runHistory = historyFeature(ctx);
  const support = supportFeature(ctx);
  const quickFixes = quickFixesFeature(configs, pageSources.pageSources, localChecks.checks);
  const agentTools = agentToolsFeature(ctx, documentUrls.service.lookup, localChecks.analyser, configs, context, productVersion());
  const features = [
    reports,
    account,
    documentUrls,
    pageSources,
    localChecks,
    workspaceUrls,
    siteScans,
    runHistory,
    support,
    quickFixes,
    agentTools,
  ];
  // Every contributed command, once, one way: each feature brings its table; the type says when
  // one is missing.
  const commands: Record<CommandId, Handler> = {
    ...reports.commands,
    ...account.commands,
    ...documentUrls.commands,
    ...pageSources.commands,
    ...localChecks.commands,
    ...workspaceUrls.commands,
    ...siteScans.commands,
    ...runHistory.commands,
    ...support.commands,
    ...quickFixes.commands,
  };
  context.subscriptions.push(...registerCommands(ctx, commands, commandTitles(context.extension)));
  context.subscriptions.push(...features.flatMap((feature) => feature.disposables));
  return { ctx, reports: reports.panels, account: account.panel, statusBar: reports.statusBar };
}

export function deactivate(): void {}
