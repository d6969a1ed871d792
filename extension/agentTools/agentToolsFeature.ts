// Website Reports for agents in the editor: the language-model tools (agent mode, `#` references)
// where the host has `lm.registerTool`, and the MCP server where it has
// `lm.registerMcpServerDefinitionProvider`. The tools are the core's (core/agent); this only adapts.
import * as vscode from 'vscode';
import type { UrlLookup } from '../../core/reports/urlLookup';
import type { CommandContext } from '../shared/context';
import type { GateConfigs } from '../shared/gateConfig';
import type { Feature } from '../shared/register';
import { LM_TOOLS } from '../ids';
import { editorServices, type Analyser } from './editorServices';
import { editorTool } from './editorTools';
import { registerTool } from './lmApi';
import { offerMcpServer } from './mcpDefinition';

export function agentToolsFeature(
  ctx: CommandContext,
  lookup: UrlLookup,
  analyser: Analyser,
  configs: GateConfigs,
  extension: vscode.ExtensionContext,
  version: string,
) {
  const services = () => editorServices(ctx, lookup, analyser, configs);
  const disposables: vscode.Disposable[] = [];
  for (const name of Object.values(LM_TOOLS)) {
    const registered = registerTool(name, editorTool(name, services));
    if (registered) disposables.push(registered);
  }
  const mcp = offerMcpServer(ctx, extension, version);
  if (mcp) disposables.push(mcp);
  return { commands: {}, disposables } satisfies Feature;
}
