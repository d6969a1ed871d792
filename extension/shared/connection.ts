// Owns the API client for the current settings: built on first use (no work on activation),
// rebuilt when the base URL, timeout or proxy settings change.
import * as vscode from 'vscode';
import { ReportsClient, Log } from '../../core/client/client';
import type { Report } from '../../core/client/types';
import { parseBaseUrl } from '../../core/client/baseUrl';
import { CLIENT_REQUESTS_PER_MINUTE } from '../../core/client/pacing';
import { KeyStore } from './keyStore';
import { affectsConnection, readProxySettings, readSettings } from './settings';

/**
 * The editor's own ceiling, whatever the service announces: the client's CLIENT_REQUESTS_PER_MINUTE
 * for the work it does on its own, of which background work (hovers, badges, other files) takes 30. A command the user runs is never held by it (only by the service's own
 * budget and a 429), so a click never waits behind the extension's own prefetching.
 */
const EDITOR_PACING = { ownLimit: CLIENT_REQUESTS_PER_MINUTE, ownBackgroundLimit: 30, ownLimitExempt: ['interactive'] as const };

export class Connection implements vscode.Disposable {
  private client?: ReportsClient;
  private readonly changed = new vscode.EventEmitter<void>();
  /** The base URL or connection settings changed. */
  readonly onDidChange = this.changed.event;
  private readonly read = new vscode.EventEmitter<{ origin: string; records: readonly Report[] }>();
  /** The client read report records (the history records their runs). */
  readonly onDidReadReports = this.read.event;
  private readonly subscription: vscode.Disposable;
  private warnedInsecure?: string;

  constructor(
    readonly keys: KeyStore,
    private readonly log: Log,
    private readonly version: string,
  ) {
    this.subscription = vscode.workspace.onDidChangeConfiguration((e) => {
      if (!affectsConnection(e)) return;
      void this.client?.dispose();
      this.client = undefined;
      // Timeout or proxy changes only need a new client; another service means starting over.
      if (e.affectsConfiguration('webReports.baseUrl')) this.changed.fire();
    });
  }

  baseUrlSet(): boolean {
    return readSettings().baseUrl !== '';
  }

  baseUrl(): string {
    return readSettings().baseUrl;
  }

  /** The origin of the configured service, or undefined when the base URL is empty or invalid. */
  origin(): string | undefined {
    try {
      return parseBaseUrl(readSettings().baseUrl).origin;
    } catch {
      return undefined;
    }
  }

  /** The key for the configured service (see KeyStore: bound to the origin it was checked on). */
  key(): Promise<string | undefined> {
    return this.keys.get(this.origin());
  }

  /** The client, or throws a 'not-configured' ApiError that says what to set. */
  get(): ReportsClient {
    if (this.client) return this.client;
    const settings = readSettings();
    const base = parseBaseUrl(settings.baseUrl);
    if (base.insecure && this.warnedInsecure !== base.href) {
      this.warnedInsecure = base.href;
      this.log('warn', `The base URL ${base.href} uses plain http: the API key travels unencrypted.`); // l10n-exempt: log line
      const openSetting = vscode.l10n.t('Open Setting');
      void vscode.window
        .showWarningMessage(
          vscode.l10n.t(
            'Website Reports: {0} uses plain http, so your API key travels unencrypted. Use https unless the service is on this machine.',
            base.origin,
          ),
          openSetting,
        )
        .then((choice) => {
          if (choice === openSetting) void vscode.commands.executeCommand('workbench.action.openSettings', 'webReports.baseUrl');
        });
    }
    this.client = this.build(
      () => this.keys.get(base.origin),
      undefined,
      (origin, records) => this.read.fire({ origin, records }),
    );
    return this.client;
  }

  /** A client for `key` rather than the stored one: to check a key before storing it. */
  withKey(key: string): ReportsClient {
    return this.build(() => key, { retries: 0 });
  }

  /** The one way a client is made: the settings of now, the proxy, this extension's user agent. */
  private build(
    apiKey: () => string | undefined | Promise<string | undefined>,
    retry?: { retries: number },
    onRecords?: (origin: string, records: readonly Report[]) => void,
  ): ReportsClient {
    const settings = readSettings();
    return new ReportsClient({
      baseUrl: settings.baseUrl,
      apiKey,
      timeoutMs: settings.requestTimeoutMs,
      proxy: readProxySettings(),
      userAgent: `website-reports-vscode/${this.version}`,
      log: this.log,
      pacing: EDITOR_PACING,
      ...(retry ? { retry } : {}),
      ...(onRecords ? { onRecords } : {}),
    });
  }

  dispose(): void {
    void this.client?.dispose();
    this.subscription.dispose();
    this.changed.dispose();
    this.read.dispose();
  }
}
