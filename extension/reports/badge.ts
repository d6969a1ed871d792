// The tree view's badge on the activity bar: how many reports are rated bad (from the totals the
// model already loaded; no request of its own; a searched list's tooltip says so). None while
// signed out or when there are none.
import * as vscode from 'vscode';
import { ReportsModel } from '../../core/list/reportsModel';
import { badReportsBadge } from '../../core/list/statusSummary';
import { describeNarrowing } from '../../core/list/filters';

export function showBadReportsBadge(treeView: vscode.TreeView<unknown>, model: ReportsModel): vscode.Disposable {
  let shown: string | undefined;
  const update = () => {
    const badge = model.status === 'signed-out' ? undefined : badReportsBadge(model.totals(), describeNarrowing(model.totalsFilter()));
    // The model changes often (loading, paging); tell the workbench only what is new.
    if (JSON.stringify(badge) === shown) return;
    shown = JSON.stringify(badge);
    treeView.badge = badge;
  };
  update();
  return model.onDidChange(update);
}
