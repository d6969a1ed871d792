// TreeDataProvider over the ReportsModel: renders what the model holds, fetches nothing itself.
import * as vscode from 'vscode';
import { RESULTS_SHOWN } from '../../core/list/groups';
import type { IDisposable } from '../../core/lifecycle/disposables';
import { ReportsModel } from '../../core/list/reportsModel';
import { errorItem, groupItem, loadMoreItem, ReportsNode, reportItem, reportTooltip } from './nodes';
import type { Report } from '../../core/client/types';

/** The trend of a report's score since the run before (from the history), for its tooltip. */
export type TrendOf = (report: Report) => Promise<string | undefined>;

export class ReportsTreeProvider implements vscode.TreeDataProvider<ReportsNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ReportsNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: IDisposable;

  constructor(
    private readonly model: ReportsModel,
    private readonly trendOf?: TrendOf,
  ) {
    this.subscription = model.onDidChange(() => this.changed.fire(undefined));
  }

  getChildren(node?: ReportsNode): ReportsNode[] {
    if (!node) {
      // Signed out, cleared, or no group has answered yet: no children, so the welcome view (or
      // the loading bar) shows. The groups show as soon as the first one has arrived.
      return this.model.showsGroups ? RESULTS_SHOWN.map((result) => ({ kind: 'group', result })) : [];
    }
    if (node.kind !== 'group') return [];
    const group = this.model.groups[node.result];
    const children: ReportsNode[] = group.items.map((report) => ({ kind: 'report', result: node.result, report }));
    // The failure the view's message already says (the service is down) is not said again per group.
    const saidAbove = this.model.status === 'stale' && this.model.lastError?.message === group.error?.message;
    if (group.error && !saidAbove) children.push({ kind: 'error', result: node.result, message: group.error.message });
    else if (this.model.canLoadMore(node.result)) children.push({ kind: 'loadMore', result: node.result });
    return children;
  }

  getTreeItem(node: ReportsNode): vscode.TreeItem {
    switch (node.kind) {
      case 'group':
        return groupItem(this.model.groups[node.result], this.model.limits);
      case 'report':
        return reportItem(node.report, node.result);
      case 'loadMore':
        return loadMoreItem(this.model.groups[node.result]);
      case 'error':
        return errorItem(node.message, node.result);
    }
  }

  /** A report's tooltip gets the trend since its run before: read from the history only when hovered. */
  async resolveTreeItem(item: vscode.TreeItem, node: ReportsNode): Promise<vscode.TreeItem> {
    if (node.kind !== 'report' || !this.trendOf) return item;
    const trend = await this.trendOf(node.report).catch(() => undefined);
    if (trend) item.tooltip = reportTooltip(node.report, trend);
    return item;
  }

  getParent(node: ReportsNode): ReportsNode | undefined {
    return node.kind === 'group' ? undefined : { kind: 'group', result: node.result };
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
