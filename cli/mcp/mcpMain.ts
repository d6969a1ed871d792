// The MCP server on its own (dist/mcp.js in the .vsix, built by esbuild.js): `website-reports mcp`
// with the same arguments (--allow-writes, --config, --base-url) and environment, parsed by the
// command line's own parser, but without the other verbs, so the editor ships the server and the
// SDK, not the whole command line. Exits 0 when the client leaves, 2 on bad arguments or config.
import { parseCommand } from '../args';
import { processIo } from '../processIo';
import { terminalText } from '../formats/escape';
import { CliFailure } from '../usageError';
import { runMcp } from './mcpServer';

export async function mcpMain(argv: readonly string[]): Promise<number> {
  try {
    const command = parseCommand(['mcp', ...argv]);
    if (command.kind !== 'mcp') {
      throw new CliFailure('usage', 'This is the MCP server: its options are --allow-writes, --config and --base-url.');
    }
    return await runMcp(command.options, processIo());
  } catch (error) {
    const message =
      error instanceof CliFailure ? error.message.trimEnd() : `failed: ${error instanceof Error ? error.message : String(error)}`;
    process.stderr.write(terminalText(`website-reports mcp: ${message}\n`));
    return 2;
  }
}

// Exits once the last answer written is handed to the OS (the analysis pool's threads are closed by then).
if (require.main === module) void mcpMain(process.argv.slice(2)).then((code) => process.stdout.write('', () => process.exit(code)));
