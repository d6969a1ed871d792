// The names the view shares with package.json (menus' `when` clauses, the view container) and
// the commands it runs or attaches to nodes.
import * as vscode from 'vscode';

export const VIEW_ID = 'webReports.reports';

export const CONTEXT_KEYS = {
  /** A key is stored and the service has not refused it. */
  signedIn: 'webReports.signedIn',
  baseUrlSet: 'webReports.baseUrlSet',
  /** Search, project or a sort other than the settings' is applied. */
  filtered: 'webReports.filtered',
} as const;

export type ContextKey = (typeof CONTEXT_KEYS)[keyof typeof CONTEXT_KEYS];

export const VIEW_COMMANDS = {
  setApiKey: 'webReports.setApiKey',
  refresh: 'webReports.refresh',
  openReport: 'webReports.openReport',
  loadMore: 'webReports.loadMore',
} as const;

/** Sets context keys, each only when its value changes. Owned by the view: nobody else sets them. */
export class ContextKeys {
  private readonly values = new Map<ContextKey, boolean>();

  async set(values: Record<ContextKey, boolean>): Promise<void> {
    const changed = (Object.entries(values) as [ContextKey, boolean][]).filter(([key, value]) => this.values.get(key) !== value);
    for (const [key, value] of changed) this.values.set(key, value);
    await Promise.all(changed.map(([key, value]) => vscode.commands.executeCommand('setContext', key, value)));
  }
}
