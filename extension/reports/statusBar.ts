// The status bar item: the totals per rating the tree's model already loaded (no request of its
// own; a searched or filtered list's totals say so), the account name if already known and the time of the last refresh in the tooltip; a click
// opens the account. Hidden while signed out, before the totals are known, or with
// `webReports.statusBar` off.
import * as vscode from 'vscode';
import { COMMAND, STATUS_BAR_ID } from '../ids';
import { Disposable } from '../../core/lifecycle/disposables';
import { ReportsModel } from '../../core/list/reportsModel';
import { statusSummary } from '../../core/list/statusSummary';
import { describeNarrowing } from '../../core/list/filters';
import { Connection } from '../shared/connection';
import { KnownAccount } from '../shared/knownAccount';
import { statusBarOn } from '../shared/settings';

export class ReportsStatusBar extends Disposable {
  readonly item: vscode.StatusBarItem;
  /** Whether the item is shown (StatusBarItem has no getter for it; the tests read this). */
  shown = false;

  constructor(
    private readonly model: ReportsModel,
    private readonly connection: Connection,
    private readonly account: KnownAccount,
  ) {
    super();
    this.item = vscode.window.createStatusBarItem(STATUS_BAR_ID, vscode.StatusBarAlignment.Left, 10);
    this.item.name = 'Website Reports'; // l10n-exempt: the product's name
    this.item.command = COMMAND.showAccount;
    this.registerAll(
      this.item,
      model.onDidChange(() => this.update()),
      account.onDidChange(() => this.update()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('webReports.statusBar')) this.update();
      }),
    );
    this.update();
  }

  update(): void {
    const enabled = statusBarOn();
    const summary =
      enabled && this.model.status !== 'signed-out'
        ? statusSummary(
            this.model.totals(),
            this.account.nameFor(this.connection.origin()),
            this.model.loadedAt,
            describeNarrowing(this.model.totalsFilter()),
          )
        : undefined;
    if (!summary) {
      this.item.hide();
      this.shown = false;
      return;
    }
    this.item.text = summary.text;
    this.item.tooltip = summary.tooltip; // a plain string: never rendered as Markdown
    this.item.accessibilityInformation = { label: summary.label };
    this.item.show();
    this.shown = true;
  }

  override dispose(): void {
    super.dispose();
  }
}
