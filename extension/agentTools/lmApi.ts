// The language-model and MCP parts of VS Code's API this feature uses, as narrow local types: the
// extension keeps `engines.vscode` ^1.90 (and @types/vscode 1.90), whose typings have neither, so
// each is looked up at run time and used only where the host has it (`lm.registerTool` 1.95+,
// `lm.registerMcpServerDefinitionProvider` 1.101+).
import * as vscode from 'vscode';

export interface ToolInvocation<T> {
  input: T;
  toolInvocationToken?: unknown;
}

export interface PreparedInvocation {
  invocationMessage?: string;
  confirmationMessages?: { title: string; message: string | vscode.MarkdownString };
}

export interface LanguageModelTool<T> {
  invoke(options: ToolInvocation<T>, token: vscode.CancellationToken): Promise<unknown>;
  prepareInvocation?(options: { input: T }, token: vscode.CancellationToken): PreparedInvocation | undefined;
}

interface LmApi {
  registerTool?<T>(name: string, tool: LanguageModelTool<T>): vscode.Disposable;
  registerMcpServerDefinitionProvider?(id: string, provider: McpProvider): vscode.Disposable;
}

export interface McpProvider {
  onDidChangeMcpServerDefinitions?: vscode.Event<void>;
  provideMcpServerDefinitions(token: vscode.CancellationToken): unknown[] | Promise<unknown[]>;
  resolveMcpServerDefinition?(server: unknown, token: vscode.CancellationToken): unknown;
}

type StdioDefinition = new (
  label: string,
  command: string,
  args: string[],
  env: Record<string, string | number | null>,
  version?: string,
) => unknown;

/** The host's `vscode.lm`, as far as this feature uses it. */
function lm(): LmApi | undefined {
  return (vscode as unknown as { lm?: LmApi }).lm;
}

/** Registers a tool where the host can; undefined where it cannot. */
export function registerTool<T>(name: string, tool: LanguageModelTool<T>): vscode.Disposable | undefined {
  const api = lm();
  return typeof api?.registerTool === 'function' ? api.registerTool(name, tool) : undefined;
}

/** Offers MCP servers where the host can (1.101+); undefined where it cannot. */
export function registerMcpProvider(id: string, provider: McpProvider): vscode.Disposable | undefined {
  const api = lm();
  return typeof api?.registerMcpServerDefinitionProvider === 'function' ? api.registerMcpServerDefinitionProvider(id, provider) : undefined;
}

/** `new vscode.McpStdioServerDefinition(…)`, where the host has it. */
export function stdioDefinition(label: string, command: string, args: string[], env: Record<string, string>, version: string): unknown {
  const Definition = (vscode as unknown as { McpStdioServerDefinition?: StdioDefinition }).McpStdioServerDefinition;
  return Definition ? new Definition(label, command, args, env, version) : undefined;
}

/** A tool's result: one text part (`vscode.LanguageModelToolResult`, made from the host's own classes). */
export function textResult(text: string): unknown {
  const api = vscode as unknown as {
    LanguageModelToolResult: new (parts: unknown[]) => unknown;
    LanguageModelTextPart: new (value: string) => unknown;
  };
  return new api.LanguageModelToolResult([new api.LanguageModelTextPart(text)]);
}
