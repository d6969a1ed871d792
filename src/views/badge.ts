// The tree view's badge on the activity bar: how many reports are rated bad (from the totals the
// model already loaded; no request of its own). None while signed out or when there are none.
import * as vscode from 'vscode';
import { ReportsModel } from '../model/reportsModel';
import { badReportsBadge } from '../model/statusSummary';

export function showBadReportsBadge(treeView: vscode.TreeView<unknown>, model: ReportsModel): vscode.Disposable {
  const update = () => {
    treeView.badge = model.status === 'signed-out' ? undefined : badReportsBadge(model.totals());
  };
  update();
  return { dispose: model.onDidChange(update) };
}
