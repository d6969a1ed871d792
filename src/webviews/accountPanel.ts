// The account panel: the account record, the reports by result, the key source, and buttons to
// change the key or sign out.
import * as vscode from 'vscode';
import { RESULT_VALUES, ReportResult } from '../api/types';
import { CommandContext } from '../commands/context';
import { messageOf, reportFailure } from '../commands/feedback';
import { isWebviewMessage } from './render/messages';
import { renderAccountPage } from './render/accountView';
import { frameFor, webviewOptions } from './panelFrame';
import { WebviewChannel } from './webviewChannel';
import { withoutSecrets } from './render/secrets';

export const ACCOUNT_VIEW_TYPE = 'webReports.account';

export class AccountPanel implements vscode.WebviewPanelSerializer, vscode.Disposable {
  private panel?: vscode.WebviewPanel;
  private channel?: WebviewChannel;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly ctx: CommandContext,
  ) {}

  async show(): Promise<vscode.WebviewPanel | undefined> {
    if (this.panel) {
      this.panel.reveal();
      await this.load(this.panel);
      return this.panel;
    }
    const panel = vscode.window.createWebviewPanel(
      ACCOUNT_VIEW_TYPE,
      'Website Reports Account',
      vscode.ViewColumn.Active,
      webviewOptions(this.extensionUri),
    );
    this.adopt(panel);
    const loaded = await this.load(panel);
    return loaded ? panel : undefined;
  }

  async deserializeWebviewPanel(panel: vscode.WebviewPanel): Promise<void> {
    panel.webview.options = webviewOptions(this.extensionUri);
    this.adopt(panel);
    await this.load(panel);
  }

  private adopt(panel: vscode.WebviewPanel): void {
    this.panel = panel;
    this.channel = new WebviewChannel(panel.webview);
    // A shell with the toolbar (Refresh, Change API key) until the account arrives, so a failure
    // still leaves something to act on.
    this.channel.setHtml(
      renderAccountPage(
        { account: {}, keySource: 'secret-storage' },
        frameFor(panel.webview, this.extensionUri, 'Website Reports Account'),
      ),
    );
    panel.onDidDispose(() => {
      this.panel = undefined;
      this.channel = undefined;
    });
    panel.webview.onDidReceiveMessage((message: unknown) => void this.handleMessage(message));
  }

  /** Handles a message from the webview (also called by the integration tests). */
  async handleMessage(message: unknown): Promise<void> {
    const panel = this.panel;
    if (!panel || !isWebviewMessage(message)) return;
    if (message.type === 'ready') {
      this.channel?.markReady();
      return;
    }
    if (message.action === 'setApiKey') {
      if (await vscode.commands.executeCommand('webReports.setApiKey')) await this.load(panel);
    } else if (message.action === 'signOut') {
      await vscode.commands.executeCommand('webReports.signOut');
      panel.dispose();
    } else if (message.action === 'refresh') {
      await this.load(panel);
    }
  }

  private async load(panel: vscode.WebviewPanel): Promise<boolean> {
    const channel = this.channel;
    channel?.post({ type: 'busy', busy: true });
    try {
      const client = this.ctx.connection.get();
      const [account, totals, source] = await Promise.all([
        client.getAccount(),
        this.totals(),
        this.ctx.keys.source(this.ctx.connection.origin()),
      ]);
      this.ctx.account?.note(client.base.origin, account);
      channel?.setHtml(
        renderAccountPage(
          { account: withoutSecrets(account), totals, keySource: source ?? 'secret-storage' },
          frameFor(panel.webview, this.extensionUri, 'Website Reports Account'),
        ),
      );
      return true;
    } catch (error) {
      channel?.post({ type: 'error', message: `Could not load the account: ${messageOf(error)}` });
      await reportFailure(this.ctx, 'Loading the account', error);
      return false;
    } finally {
      channel?.post({ type: 'busy', busy: false });
    }
  }

  /** The three groups' totals: from the tree when it has them, else one small request each. */
  private async totals(): Promise<Partial<Record<ReportResult, number>>> {
    const known = this.ctx.model.totals();
    if (RESULT_VALUES.every((r) => known[r] !== undefined)) return known as Record<ReportResult, number>;
    const client = this.ctx.connection.get();
    const pages = await Promise.allSettled(RESULT_VALUES.map((result) => client.listReports({ result, perPage: 10 })));
    const totals: Partial<Record<ReportResult, number>> = {};
    pages.forEach((p, i) => {
      if (p.status === 'fulfilled' && p.value.total !== undefined) totals[RESULT_VALUES[i]] = p.value.total;
    });
    return totals;
  }

  dispose(): void {
    this.panel?.dispose();
  }
}
