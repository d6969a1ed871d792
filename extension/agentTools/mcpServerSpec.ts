// What the editor runs as its MCP server, as plain data (no vscode here, so a unit test reads it):
// the bundled server dist/mcp.js (cli/mcp/mcpMain.ts, the MCP SDK inside), run by the editor's own
// runtime: `process.execPath` is VS Code's Electron binary in a desktop window, and
// ELECTRON_RUN_AS_NODE=1 makes it plain Node (as extensions run their bundled Node scripts; a `node`
// on the PATH is not guaranteed). On a remote or server host execPath is Node itself, and the
// variable is ignored. The service address, key and history folder go in the environment only:
// arguments are visible to every user of the machine (ps), the environment is not.
import * as path from 'node:path';

export interface McpServerSpec {
  label: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  /** The folder the server reads website-reports.json and pages from: the first workspace folder. */
  cwd?: string;
}

export interface McpServerInputs {
  extensionPath: string;
  execPath: string;
  historyDir: string;
  baseUrl?: string;
  key?: string;
  cwd?: string;
}

/** Where the bundled MCP server is in the extension (.vscodeignore ships it). */
export function bundledMcpServer(extensionPath: string): string {
  return path.join(extensionPath, 'dist', 'mcp.js');
}

export function mcpServerSpec(inputs: McpServerInputs): McpServerSpec {
  const env: Record<string, string> = {
    ELECTRON_RUN_AS_NODE: '1',
    WEBREPORTS_HISTORY_DIR: inputs.historyDir,
    ...(inputs.baseUrl ? { WEBREPORTS_BASE_URL: inputs.baseUrl } : {}),
    ...(inputs.key ? { WEBREPORTS_API_KEY: inputs.key } : {}),
  };
  return {
    label: 'Website Reports', // l10n-exempt: the product's name
    command: inputs.execPath,
    args: [bundledMcpServer(inputs.extensionPath)],
    env,
    ...(inputs.cwd ? { cwd: inputs.cwd } : {}),
  };
}
