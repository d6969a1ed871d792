// The extension's side of one webview: the HTML shell is set once; after that the content is
// posted as a `render` message, so keyboard focus, scroll and open sections survive an update.
// Messages wait for the script's `ready`, which it sends on every load of the document (VS Code
// reloads a hidden webview's document when it is shown again): the latest content is posted
// again then, so a reloaded document never stays empty.
import type * as vscode from 'vscode';
import { HostMessage } from '../../core/render/messages';

const MAX_QUEUED = 20;

export class WebviewChannel {
  private ready = false;
  private queue: HostMessage[] = [];
  private body?: string;

  constructor(private readonly webview: vscode.Webview) {}

  /** Sets the document (once per panel); messages queue until its script says `ready`. */
  setShell(html: string): void {
    this.ready = false;
    this.webview.html = html;
  }

  /** The content last shown (for tests and for change detection). */
  content(): string | undefined {
    return this.body;
  }

  /** Shows new content; false when it is what the webview already has (nothing is posted). */
  show(body: string): boolean {
    if (body === this.body) return false;
    this.body = body;
    if (this.ready) void this.webview.postMessage({ type: 'render', body } satisfies HostMessage);
    return true;
  }

  post(message: HostMessage): void {
    if (this.ready) {
      void this.webview.postMessage(message);
      return;
    }
    this.queue.push(message);
    if (this.queue.length > MAX_QUEUED) this.queue.shift();
  }

  /** The panel was hidden: its document is gone until it is shown and says `ready` again. */
  suspend(): void {
    this.ready = false;
  }

  markReady(): void {
    this.ready = true;
    const pending = this.queue;
    this.queue = [];
    if (this.body !== undefined) void this.webview.postMessage({ type: 'render', body: this.body } satisfies HostMessage);
    for (const message of pending) void this.webview.postMessage(message);
  }
}
