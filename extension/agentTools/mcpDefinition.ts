// The MCP server the editor offers agents (where the host has `lm.registerMcpServerDefinitionProvider`:
// 1.100 and later; type-guarded for 1.90): the bundled server (mcpServerSpec.ts) over
// stdio, with the editor's service address, key and history folder handed over in its environment —
// never written to a file or an argument.
import * as path from 'node:path';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { CommandContext } from '../shared/context';
import { readSettings } from '../shared/settings';
import { MCP_PROVIDER_ID } from '../ids';
import { registerMcpProvider, stdioDefinition } from './lmApi';
import { bundledMcpServer, mcpServerSpec } from './mcpServerSpec';

export function offerMcpServer(ctx: CommandContext, extension: vscode.ExtensionContext, version: string): vscode.Disposable | undefined {
  if (!fs.existsSync(bundledMcpServer(extension.extensionPath))) return undefined;
  // VS Code 1.101 reads the provider from `mcpServerDefinitionProviders`, 1.100 (where the API was
  // still taking shape) from `modelContextServerCollections`: both are contributed. An offer the
  // host refuses all the same must never stop the extension from activating.
  try {
    return register(ctx, extension, version);
  } catch (error) {
    ctx.log.warn(`The MCP server is not offered to this VS Code: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

function register(ctx: CommandContext, extension: vscode.ExtensionContext, version: string): vscode.Disposable | undefined {
  return registerMcpProvider(MCP_PROVIDER_ID, {
    provideMcpServerDefinitions: async () => {
      const spec = mcpServerSpec({
        extensionPath: extension.extensionPath,
        execPath: process.execPath,
        historyDir: path.join(extension.globalStorageUri.fsPath, 'history'),
        baseUrl: readSettings().baseUrl,
        key: await ctx.connection.key().catch(() => undefined),
        cwd: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath,
      });
      const definition = stdioDefinition(spec.label, spec.command, spec.args, spec.env, version);
      if (definition && spec.cwd) (definition as { cwd?: vscode.Uri }).cwd = vscode.Uri.file(spec.cwd);
      return definition ? [definition] : [];
    },
  });
}
