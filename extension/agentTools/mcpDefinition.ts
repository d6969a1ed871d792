// The MCP server the editor offers agents (VS Code 1.101+, where `lm.registerMcpServerDefinitionProvider`
// exists; type-guarded here, the test host is 1.100): the command line bundled with the extension
// (`website-reports mcp` over stdio, run by the editor's own Node), with the editor's service
// address, key and history folder handed over in its environment — never written to a file.
import * as path from 'node:path';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { CommandContext } from '../shared/context';
import { readSettings } from '../shared/settings';
import { MCP_PROVIDER_ID } from '../ids';
import { registerMcpProvider, stdioDefinition } from './lmApi';

/** Where the bundled command line is in the extension (scripts/package.js ships it when built). */
export function bundledCli(extensionPath: string): string {
  return path.join(extensionPath, 'dist', 'cli', 'website-reports.js');
}

export function offerMcpServer(ctx: CommandContext, extension: vscode.ExtensionContext, version: string): vscode.Disposable | undefined {
  const cli = bundledCli(extension.extensionPath);
  if (!fs.existsSync(cli)) return undefined;
  return registerMcpProvider(MCP_PROVIDER_ID, {
    provideMcpServerDefinitions: async () => {
      const baseUrl = readSettings().baseUrl;
      const key = await ctx.connection.key().catch(() => undefined);
      const env: Record<string, string> = {
        ELECTRON_RUN_AS_NODE: '1',
        WEBREPORTS_HISTORY_DIR: path.join(extension.globalStorageUri.fsPath, 'history'),
        ...(baseUrl ? { WEBREPORTS_BASE_URL: baseUrl } : {}),
        ...(key ? { WEBREPORTS_API_KEY: key } : {}),
      };
      const definition = stdioDefinition('Website Reports', process.execPath, [cli, 'mcp'], env, version); // l10n-exempt: the product's name
      return definition ? [definition] : [];
    },
  });
}
