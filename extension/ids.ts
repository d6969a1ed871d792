// The one place the code takes the extension's ids from: commands, views, webview types, context
// keys. The command ids come from extension/commands.json (through the generated
// commandIds.generated.ts), which also writes package.json's commands, menus and key bindings;
// the other ids here are the manifest's too (a unit test holds them together). Everything in the
// code — registration, executeCommand, Markdown command links, code actions, tree items, tests —
// takes them from here. Pure, so the model (hover text) can build command links too.

import { COMMAND } from './commandIds.generated';

/** The command ids, by name: generated from extension/commands.json, the one list of commands. */
export { COMMAND };

export type CommandName = keyof typeof COMMAND;
export type CommandId = (typeof COMMAND)[CommandName];

/** The language-model tools (agent mode and `#` references): `contributes.languageModelTools`. */
export const LM_TOOLS = {
  findReports: 'webReports_findReports',
  getReport: 'webReports_getReport',
  reportChanges: 'webReports_reportChanges',
  checkPage: 'webReports_checkPage',
  explainCheck: 'webReports_explainCheck',
  createReport: 'webReports_createReport',
} as const;

export type LmToolName = (typeof LM_TOOLS)[keyof typeof LM_TOOLS];

/** The MCP server the extension offers (VS Code 1.101+): `contributes.mcpServerDefinitionProviders`. */
export const MCP_PROVIDER_ID = 'webReports.mcpServer';

/** The activity bar container and the tree view in it. */
export const VIEW_CONTAINER_ID = 'webReports';
export const VIEW_ID = 'webReports.reports';
/** The view of the URLs written in the workspace's files. */
export const WORKSPACE_VIEW_ID = 'webReports.urlsInWorkspace';

/** The webview panel types (also their `onWebviewPanel:` activation events). */
export const REPORT_VIEW_TYPE = 'webReports.report';
export const ACCOUNT_VIEW_TYPE = 'webReports.account';

/** The status bar item with the totals per rating. */
export const STATUS_BAR_ID = 'webReports.totals';

/** Context keys for `when` clauses. */
export const CONTEXT_KEYS = {
  /** A key is stored and the service has not refused it. */
  signedIn: 'webReports.signedIn',
  baseUrlSet: 'webReports.baseUrlSet',
  /** Search, project or a sort other than the settings' is applied. */
  filtered: 'webReports.filtered',
  /** The account holds a report (its totals loaded): the walkthrough's first-report step ticks. */
  hasReports: 'webReports.hasReports',
  /** The account panel showed the account in this window: the walkthrough's account step ticks. */
  accountShown: 'webReports.accountShown',
} as const;

export type ContextKey = (typeof CONTEXT_KEYS)[keyof typeof CONTEXT_KEYS];

/**
 * A `command:` URI with its arguments, for Markdown command links (hovers, tooltips): the
 * arguments as a URI query with every character Markdown could read as syntax escaped too.
 */
export function commandUri(id: CommandId, ...args: unknown[]): string {
  if (!args.length) return `command:${id}`;
  const query = encodeURIComponent(JSON.stringify(args)).replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `command:${id}?${query}`;
}
