// A session of the MCP server as an agent's host runs it: the SDK's own client over stdio,
// spawning the compiled command line (`node out/cli/main.js mcp`, or `server`: another script of
// the server, such as the editor's bundle dist/mcp.js), its stderr kept for the tests.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI } from '../cli/runCli';

export interface McpSession {
  client: Client;
  /** What the server wrote on stderr so far. */
  stderr(): string;
  /** The tool's text answer and whether it is a tool error. */
  call(name: string, args?: Record<string, unknown>): Promise<{ text: string; isError: boolean }>;
  close(): Promise<void>;
}

export async function openSession(options: {
  cwd: string;
  env: Record<string, string | undefined>;
  args?: string[];
  server?: string[];
}): Promise<McpSession> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  for (const [k, v] of Object.entries(options.env)) if (v !== undefined) env[k] = v;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...(options.server ?? [CLI, 'mcp']), ...(options.args ?? [])],
    env,
    cwd: options.cwd,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'website-reports-tests', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    stderr: () => stderr,
    call: async (name, args = {}) => {
      const result = await client.callTool({ name, arguments: args });
      const content = result.content as { type: string; text?: string }[];
      return { text: content.map((c) => c.text ?? '').join('\n'), isError: result.isError === true };
    },
    close: () => client.close(),
  };
}
