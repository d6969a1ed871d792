// The account panel: the account record, the reports by result, the key source, and buttons to
// change the key or sign out. The document is set once; updates are posted to it.
import * as vscode from 'vscode';
import { ACCOUNT_VIEW_TYPE } from '../ids';
import { RESULT_VALUES, ReportResult } from '../../core/client/types';
import { CommandContext } from '../shared/context';
import { messageOf, reportFailure } from '../shared/feedback';
import { isWebviewMessage } from '../../core/render/messages';
import { renderAccountBody, renderAccountPage } from '../../core/render/accountView';
import { frameFor, webviewOptions } from '../shared/panelFrame';
import { WebviewChannel } from '../shared/webviewChannel';

/** What the panel's sign-in buttons do: the same flows as the commands, given by the composition root. */
export interface AccountFlows {
  /** Asks for a key, checks and stores it; true when signed in. */
  setApiKey(): Promise<boolean>;
  signOut(): Promise<void>;
}

export class AccountPanel implements vscode.WebviewPanelSerializer, vscode.Disposable {
  private panel?: vscode.WebviewPanel;
  private channel?: WebviewChannel;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly ctx: CommandContext,
    private readonly flows: AccountFlows,
  ) {}

  async show(): Promise<vscode.WebviewPanel | undefined> {
    if (this.panel) {
      this.panel.reveal();
      await this.load();
      return this.panel;
    }
    const panel = vscode.window.createWebviewPanel(
      ACCOUNT_VIEW_TYPE,
      vscode.l10n.t('Website Reports Account'),
      vscode.ViewColumn.Active,
      webviewOptions(this.extensionUri),
    );
    this.adopt(panel);
    const loaded = await this.load();
    return loaded ? panel : undefined;
  }

  async deserializeWebviewPanel(panel: vscode.WebviewPanel): Promise<void> {
    panel.webview.options = webviewOptions(this.extensionUri);
    this.adopt(panel);
    await this.load();
  }

  private adopt(panel: vscode.WebviewPanel): void {
    this.panel = panel;
    const channel = new WebviewChannel(panel.webview);
    this.channel = channel;
    // The shell, set once, with the toolbar (Refresh, Change API key) until the account arrives,
    // so a failure still leaves something to act on.
    channel.setShell(
      renderAccountPage(
        { account: {}, keySource: 'secret-storage' },
        frameFor(panel.webview, this.extensionUri, vscode.l10n.t('Website Reports Account')),
      ),
    );
    panel.onDidDispose(() => {
      if (this.panel !== panel) return;
      this.panel = undefined;
      this.channel = undefined;
    });
    panel.onDidChangeViewState((e) => {
      if (!e.webviewPanel.visible) channel.suspend();
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
    if (message.type !== 'action') return; // the account has no runs to compare
    if (message.action === 'setApiKey') {
      if (await this.flows.setApiKey()) await this.load();
    } else if (message.action === 'signOut') {
      await this.flows.signOut();
      panel.dispose();
    } else if (message.action === 'refresh') {
      await this.load();
    }
  }

  private async load(): Promise<boolean> {
    const channel = this.channel;
    channel?.post({ type: 'busy', busy: true });
    try {
      const client = this.ctx.connection.get();
      const [account, totals, source, key] = await Promise.all([
        client.getAccount(),
        this.totals(),
        this.ctx.keys.source(this.ctx.connection.origin()),
        this.ctx.connection.key().catch(() => undefined),
      ]);
      this.ctx.account?.note(client.base.origin, account);
      // The key goes to the renderer only to be masked wherever the account echoes it.
      channel?.show(renderAccountBody({ account, totals, keySource: source ?? 'secret-storage' }, { secret: key }));
      void this.ctx.view.markAccountShown();
      return true;
    } catch (error) {
      channel?.post({ type: 'error', message: vscode.l10n.t('Could not load the account: {0}', messageOf(error)) });
      await reportFailure(
        this.ctx,
        vscode.l10n.t({ message: 'Loading the account', comment: ['an action, as the subject of "… failed"'] }),
        error,
      );
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

  /** The content of `<main>` last posted (for tests). */
  content(): string | undefined {
    return this.channel?.content();
  }

  dispose(): void {
    this.panel?.dispose();
  }
}
