// The reports: the list in the side bar (its tree, badge and status bar item), the report panel,
// and the commands that list, create, manage, delete and export reports.
import * as vscode from 'vscode';
import type { RunHistory } from '../../core/history/runHistory';
import type { ReportsModel } from '../../core/list/reportsModel';
import { COMMAND, REPORT_VIEW_TYPE } from '../ids';
import type { Connection } from '../shared/connection';
import type { CommandContext } from '../shared/context';
import type { KnownAccount } from '../shared/knownAccount';
import type { CommandTable, Feature } from '../shared/register';
import { affectsList } from '../shared/settings';
import { showBadReportsBadge } from './badge';
import { createCommands } from './create';
import { deleteCommands } from './delete';
import { exportCommands } from './exportReports';
import { listCommands } from './list';
import { manageCommands } from './manage';
import { ReportPanels } from './reportPanel';
import { ReportsView } from './reportsView';
import { ReportsStatusBar } from './statusBar';

/** The tree, made before the features: every command's context holds it. */
export function createReportsView(
  model: ReportsModel,
  connection: Connection,
  workspaceState: vscode.Memento,
  log: vscode.LogOutputChannel,
  history: RunHistory,
): ReportsView {
  return new ReportsView(model, connection, workspaceState, log, (report) => history.trendOf(connection.origin(), report.url));
}

/** `known`: the account name last read, which the status bar shows. */
export function reportsFeature(ctx: CommandContext, extensionUri: vscode.Uri, known: KnownAccount) {
  const { view, model, actions, connection, keys } = ctx;
  const panels = new ReportPanels(extensionUri, ctx);
  const statusBar = new ReportsStatusBar(model, connection, known);
  const commands = {
    ...listCommands(ctx),
    ...createCommands(ctx),
    ...manageCommands(ctx),
    ...deleteCommands(ctx),
    ...exportCommands(ctx),
    [COMMAND.openReport]: (target) => panels.open(target),
  } satisfies CommandTable;
  const disposables = [
    panels,
    statusBar,
    showBadReportsBadge(view.treeView, model),
    vscode.window.registerWebviewPanelSerializer(REPORT_VIEW_TYPE, panels),
    // A key stored or deleted in another window, or a new base URL: start over.
    keys.onDidChange(() => {
      actions.reset();
      void view.invalidate();
    }),
    // Another service: nothing shown so far belongs to it, and actions must not reach it by id.
    connection.onDidChange(() => {
      actions.reset();
      model.clear();
      panels.closeAll();
      void view.invalidate();
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (affectsList(e)) void view.invalidate();
      if (e.affectsConfiguration('webReports.autoRefreshSeconds')) view.scheduleAutoRefresh();
    }),
  ];
  // Context keys only (no request): menus and the welcome view need them at once.
  void view.updateContext();
  return { commands, disposables, panels, statusBar } satisfies Feature;
}
