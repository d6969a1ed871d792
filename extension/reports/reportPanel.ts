// One detail panel per report (revealed if already open). It always shows the full record read
// from the service (the tree keeps only a projection); its buttons call the typed report actions,
// and it follows changes made from the tree. The document is set once; updates are posted.
import * as vscode from 'vscode';
import { REPORT_VIEW_TYPE } from '../ids';
import type { IDisposable } from '../../core/lifecycle/disposables';
import { Report, ReportId } from '../../core/client/types';
import { ApiError, isSignOut } from '../../core/client/errors';
import { normaliseId } from '../../core/client/envelope';
import { reportLabel } from '../../core/text/vocabulary';
import { revealInvisible } from '../../core/text/invisibleText';
import { shortText } from '../../core/text/safeText';
import { CommandContext } from '../shared/context';
import { messageOf, reportFailure } from '../shared/feedback';
import { targetOrPick } from '../shared/targets';
import { isReportNode } from '../../core/list/treeNodes';
import { isWebviewMessage, HostMessage } from '../../core/render/messages';
import { renderReportBody, renderReportPage } from '../../core/render/reportView';
import { renderChanges } from '../../core/render/changesView';
import type { RunSnapshot } from '../../core/history/snapshot';
import { frameFor, webviewOptions } from '../shared/panelFrame';
import { WebviewChannel } from '../shared/webviewChannel';
import { runReportAction } from './reportPanelActions';
import type { OpenPanel } from './openPanel';

/** Fields of the tree's projection whose change means the analysis may have changed too. */
const ANALYSIS_FIELDS = ['result', 'score', 'generated_at', 'updated_at'];

export class ReportPanels implements vscode.WebviewPanelSerializer<{ id?: unknown }>, vscode.Disposable {
  private readonly panels = new Map<string, OpenPanel>();
  private key?: string;
  private readonly subscriptions: IDisposable[];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly ctx: CommandContext,
  ) {
    this.subscriptions = [
      ctx.model.onDidChange(() => this.followTree()),
      ctx.model.onDidRemove((id) => this.panels.get(String(id))?.panel.dispose()),
    ];
  }

  /**
   * Follows changes made from the tree: a new privacy or project is merged in; a new rating or
   * generation time means a new analysis, so the full record is read again.
   */
  private followTree(): void {
    for (const [id, open] of this.panels) {
      const current = this.ctx.model.find(id);
      if (!current || !open.loaded || open.acting) continue;
      // Only what both know: a field the projection adds or leaves out is no change.
      const changed = Object.keys(current).filter(
        (k) => k !== 'id' && current[k] !== undefined && open.report[k] !== undefined && !sameScalar(current[k], open.report[k]),
      );
      if (changed.length === 0) continue;
      if (changed.some((k) => ANALYSIS_FIELDS.includes(k))) void this.reload(open);
      else this.render(open, { ...open.report, ...Object.fromEntries(changed.map((k) => [k, current[k]])) });
    }
  }

  /** Closes every panel: the key or the service changed, so what they show may not be ours. */
  closeAll(): void {
    this.key = undefined;
    for (const open of [...this.panels.values()]) open.panel.dispose();
  }

  /**
   * Opens (or reveals) the panel of a report; reads the full record from the service. Opened from
   * the tree (a click, Enter, its menu), the tree keeps the focus so its keys (Delete) still work;
   * from the palette, a hover or a notification, the panel takes it.
   */
  async open(target?: unknown): Promise<vscode.WebviewPanel | undefined> {
    const preserveFocus = isReportNode(target);
    let id: ReportId | undefined;
    try {
      // A bare id needs no lookup: the panel reads the report anyway.
      const bare = typeof target === 'number' || typeof target === 'string' ? normaliseId(target) : undefined;
      id = bare ?? (await targetOrPick(this.ctx, target, vscode.l10n.t('Website Reports: Open which report?')))?.id;
    } catch (error) {
      await reportFailure(
        this.ctx,
        vscode.l10n.t({ message: 'Opening the report', comment: ['an action, as the subject of "… failed"'] }),
        error,
      );
      return undefined;
    }
    if (id === undefined) return undefined;
    const existing = this.panels.get(String(id));
    if (existing) {
      existing.panel.reveal(undefined, preserveFocus);
      return existing.panel;
    }
    const known = this.ctx.model.find(id);
    const panel = vscode.window.createWebviewPanel(
      REPORT_VIEW_TYPE,
      reportLabel(known ?? { id }),
      { viewColumn: vscode.ViewColumn.Active, preserveFocus },
      webviewOptions(this.extensionUri),
    );
    const open = this.adopt(panel, id);
    await this.reload(open);
    return this.panels.get(String(id))?.panel;
  }

  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: { id?: unknown } | undefined): Promise<void> {
    const id = normaliseId(state?.id);
    if (id === undefined) {
      panel.dispose();
      return;
    }
    panel.webview.options = webviewOptions(this.extensionUri);
    await this.reload(this.adopt(panel, id));
  }

  /** The open panel of a report (for tests). */
  panelOf(id: ReportId): vscode.WebviewPanel | undefined {
    return this.panels.get(String(id))?.panel;
  }

  /** The content of `<main>` last posted to a report's panel (for tests). */
  contentOf(id: ReportId): string | undefined {
    return this.panels.get(String(id))?.channel.content();
  }

  private adopt(panel: vscode.WebviewPanel, id: ReportId): OpenPanel {
    const open: OpenPanel = { panel, report: { id }, loaded: false, channel: new WebviewChannel(panel.webview) };
    const key = String(id);
    this.panels.set(key, open);
    panel.onDidDispose(() => {
      if (this.panels.get(key) === open) this.panels.delete(key);
    });
    panel.onDidChangeViewState((e) => {
      if (!e.webviewPanel.visible) open.channel.suspend();
    });
    panel.webview.onDidReceiveMessage((message: unknown) => void this.receive(open, message));
    // The shell, set once: the id's heading and the toolbar until the record arrives.
    open.channel.setShell(renderReportPage({ id }, frameFor(panel.webview, this.extensionUri, vscode.l10n.t('Report {0}', String(id)))));
    return open;
  }

  /** Handles a message from a panel's webview (also called by the integration tests). */
  async handleMessage(id: ReportId, message: unknown): Promise<void> {
    const open = this.panels.get(String(id));
    if (open) await this.receive(open, message);
  }

  private async receive(open: OpenPanel, message: unknown): Promise<void> {
    if (!isWebviewMessage(message)) return; // untrusted input: ignore anything unexpected
    if (message.type === 'ready') open.channel.markReady();
    else if (message.type === 'compare') {
      open.compareWith = message.index;
      if (open.loaded) this.render(open, open.report);
    } else if (message.action === 'refresh') await this.reload(open);
    else if (this.isOpen(open)) await runReportAction(this.ctx, open, message.action, this.hooks);
  }

  private readonly hooks = {
    render: (open: OpenPanel, report: Report) => this.render(open, report),
    reload: (open: OpenPanel) => this.reload(open),
    post: (open: OpenPanel, message: HostMessage) => this.post(open, message),
    isOpen: (open: OpenPanel) => this.isOpen(open),
  };

  private isOpen(open: OpenPanel): boolean {
    return this.panels.get(String(open.report.id)) === open;
  }

  /** Renders once per change: nothing is posted when the content is what the webview has. */
  private render(open: OpenPanel, report: Report): void {
    if (!this.isOpen(open)) return;
    open.report = report;
    open.loaded = true;
    // A tab title is plain text, but bidi controls still reorder it: shown as markers, and cut.
    const title = shortText(revealInvisible(reportLabel(report)), 500);
    if (open.panel.title !== title) open.panel.title = title;
    const changes = open.runs && open.runs.length > 0 ? renderChanges(open.runs, open.compareWith) : undefined;
    open.channel.show(renderReportBody(report, { secret: this.key, changes }));
  }

  /** The history of the report's URL (the record just read is in it: the client told the history). */
  private async runsOf(report: Report): Promise<RunSnapshot[] | undefined> {
    const origin = this.ctx.connection.origin();
    if (!origin || typeof report.url !== 'string') return undefined;
    return this.ctx.history.runs(origin, report.url);
  }

  /** The runs the panel of a report compares (for tests). */
  runsShown(id: ReportId): readonly RunSnapshot[] | undefined {
    return this.panels.get(String(id))?.runs;
  }

  private post(open: OpenPanel, message: HostMessage): void {
    if (this.isOpen(open)) open.channel.post(message);
  }

  /** Reads the full record from the service and shows it. */
  private async reload(open: OpenPanel): Promise<void> {
    this.post(open, { type: 'busy', busy: true });
    try {
      const report = await this.ctx.connection.get().getReport(open.report.id);
      // The key, to mask it should the service echo it; never shown, logged or kept elsewhere.
      this.key = await this.ctx.connection.key().catch(() => undefined);
      open.runs = await this.runsOf(report);
      this.render(open, report);
    } catch (error) {
      if (error instanceof ApiError && (error.kind === 'not-found' || isSignOut(error))) {
        // Nothing to show: the report is gone, or we are not signed in to this service.
        open.panel.dispose();
        if (error.kind === 'not-found') this.ctx.model.remove(open.report.id);
        await reportFailure(
          this.ctx,
          vscode.l10n.t({ message: 'Opening report {0}', args: [open.report.id], comment: ['an action, as the subject of "… failed"'] }),
          error,
        );
        return;
      }
      this.post(open, { type: 'error', message: vscode.l10n.t('Could not load the report: {0}', messageOf(error)) });
      this.ctx.log.warn(`Loading report ${open.report.id} failed: ${messageOf(error)}`);
    } finally {
      this.post(open, { type: 'busy', busy: false });
    }
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.closeAll();
  }
}

/** Equal for the tree's projected fields (scalars); a nested value never counts as a change. */
function sameScalar(a: unknown, b: unknown): boolean {
  if (typeof a === 'object' && a !== null) return true;
  return a === b || String(a) === String(b);
}
