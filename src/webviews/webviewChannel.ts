// Messages to a webview wait for its script's `ready` (sent on every load): a message posted
// while the document is being replaced would otherwise be lost.
import * as vscode from 'vscode';
import { HostMessage } from './render/messages';

const MAX_QUEUED = 20;

export class WebviewChannel {
  private ready = false;
  private queue: HostMessage[] = [];

  constructor(private readonly webview: vscode.Webview) {}

  /** Replaces the document; messages queue until its script says `ready`. */
  setHtml(html: string): void {
    this.ready = false;
    this.webview.html = html;
  }

  post(message: HostMessage): void {
    if (this.ready) {
      void this.webview.postMessage(message);
      return;
    }
    this.queue.push(message);
    if (this.queue.length > MAX_QUEUED) this.queue.shift();
  }

  markReady(): void {
    this.ready = true;
    const pending = this.queue;
    this.queue = [];
    for (const message of pending) void this.webview.postMessage(message);
  }
}
