// One detail panel per report (revealed if already open). Its buttons send typed messages that
// run the same commands as the tree; the panel follows the model, so both update together.
import * as vscode from 'vscode';
import { Report, ReportId } from '../api/types';
import { ApiError } from '../api/errors';
import { normaliseId } from '../api/envelope';
import { reportLabel } from '../model/vocabulary';
import { CommandContext } from '../commands/context';
import { messageOf, reportFailure } from '../commands/feedback';
import { targetOrPick } from '../commands/targets';
import { isWebviewMessage, WebviewAction, HostMessage } from './render/messages';
import { renderReportPage } from './render/reportView';
import { frameFor, webviewOptions } from './panelFrame';
import { WebviewChannel } from './webviewChannel';

export const REPORT_VIEW_TYPE = 'webReports.report';

interface OpenPanel {
  panel: vscode.WebviewPanel;
  channel: WebviewChannel;
  report: Report;
  /** What was last rendered, so a refresh that changed nothing does not re-render. */
  rendered?: string;
}

export class ReportPanels implements vscode.WebviewPanelSerializer<{ id?: unknown }>, vscode.Disposable {
  private readonly panels = new Map<string, OpenPanel>();
  private readonly unsubscribe: (() => void)[];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly ctx: CommandContext,
  ) {
    // Follow changes made from the tree (privacy, re-run); close when the report is deleted.
    this.unsubscribe = [
      ctx.model.onDidChange(() => {
        for (const [id, open] of this.panels) {
          const current = ctx.model.find(id);
          if (current) this.render(open, { ...open.report, ...current });
        }
      }),
      ctx.model.onDidRemove((id) => this.panels.get(String(id))?.panel.dispose()),
    ];
  }

  /** Closes every panel: the key or the service changed, so what they show may not be ours. */
  closeAll(): void {
    for (const open of [...this.panels.values()]) open.panel.dispose();
  }

  /** Opens (or reveals) the panel of a report; reads it fresh from the service. */
  async open(target?: unknown): Promise<vscode.WebviewPanel | undefined> {
    let report: Report | undefined;
    // A bare id the tree does not hold: the panel reads it anyway, so do not fetch it twice.
    const id = typeof target === 'number' || typeof target === 'string' ? normaliseId(target) : undefined;
    try {
      report =
        id !== undefined && !this.ctx.model.find(id) ? { id } : await targetOrPick(this.ctx, target, 'Website Reports: Open which report?');
    } catch (error) {
      await reportFailure(this.ctx, 'Opening the report', error);
      return undefined;
    }
    if (!report) return undefined;
    const key = String(report.id);
    const existing = this.panels.get(key);
    if (existing) {
      existing.panel.reveal();
      return existing.panel;
    }
    const panel = vscode.window.createWebviewPanel(
      REPORT_VIEW_TYPE,
      reportLabel(report),
      vscode.ViewColumn.Active,
      webviewOptions(this.extensionUri),
    );
    const open = this.adopt(panel, report);
    await this.reload(open);
    return this.panels.get(key)?.panel;
  }

  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: { id?: unknown } | undefined): Promise<void> {
    const id = normaliseId(state?.id);
    if (id === undefined) {
      panel.dispose();
      return;
    }
    panel.webview.options = webviewOptions(this.extensionUri);
    const open = this.adopt(panel, { id });
    await this.reload(open);
  }

  /** The open panel of a report, for tests and the account view. */
  panelOf(id: ReportId): vscode.WebviewPanel | undefined {
    return this.panels.get(String(id))?.panel;
  }

  private adopt(panel: vscode.WebviewPanel, report: Report): OpenPanel {
    const open: OpenPanel = { panel, report, channel: new WebviewChannel(panel.webview) };
    const key = String(report.id);
    this.panels.set(key, open);
    panel.onDidDispose(() => this.panels.delete(key));
    panel.webview.onDidReceiveMessage((message: unknown) => void this.receive(open, message));
    this.render(open, report);
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
    else await this.act(open, message.action);
  }

  private render(open: OpenPanel, report: Report): void {
    open.report = report;
    const content = JSON.stringify(report);
    if (content === open.rendered) return;
    open.rendered = content;
    open.panel.title = reportLabel(report);
    open.channel.setHtml(renderReportPage(report, frameFor(open.panel.webview, this.extensionUri, `Report: ${reportLabel(report)}`)));
  }

  private post(open: OpenPanel, message: HostMessage): void {
    if (this.panels.get(String(open.report.id)) === open) open.channel.post(message);
  }

  private async reload(open: OpenPanel): Promise<void> {
    this.post(open, { type: 'busy', busy: true });
    try {
      const fresh = await this.ctx.connection.get().getReport(open.report.id);
      this.render(open, fresh);
    } catch (error) {
      if (error instanceof ApiError && (error.kind === 'not-found' || error.kind === 'auth' || error.kind === 'not-configured')) {
        // Nothing to show: the report is gone, or we are not signed in to this service.
        open.panel.dispose();
        if (error.kind === 'not-found') this.ctx.model.remove(open.report.id);
        await reportFailure(this.ctx, `Opening report ${open.report.id}`, error);
        return;
      }
      this.post(open, { type: 'error', message: `Could not load the report: ${messageOf(error)}` });
      this.ctx.log.warn(`Loading report ${open.report.id} failed: ${messageOf(error)}`);
    } finally {
      this.post(open, { type: 'busy', busy: false });
    }
  }

  private async act(open: OpenPanel, action: WebviewAction): Promise<void> {
    const report = open.report;
    const commands: Partial<Record<WebviewAction, string>> = {
      changePrivacy: 'webReports.changePrivacy',
      rerun: 'webReports.rerunReport',
      delete: 'webReports.deleteReport',
      openSite: 'webReports.openReportUrl',
      copyUrl: 'webReports.copyReportUrl',
    };
    if (action === 'refresh') return this.reload(open);
    const command = commands[action];
    if (!command) return;
    this.post(open, { type: 'busy', busy: true });
    try {
      const outcome = await vscode.commands.executeCommand<unknown>(command, report);
      if (
        action === 'delete' &&
        (outcome as { deleted?: ReportId[] } | undefined)?.deleted?.some((id) => String(id) === String(report.id))
      ) {
        open.panel.dispose();
        return;
      }
      if ((action === 'changePrivacy' || action === 'rerun') && outcome && typeof outcome === 'object')
        this.render(open, { ...report, ...(outcome as Report) });
    } finally {
      if (this.panels.has(String(report.id))) this.post(open, { type: 'busy', busy: false });
    }
  }

  dispose(): void {
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    this.closeAll();
  }
}
