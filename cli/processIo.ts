// The world of a command run as a process: this folder, this environment, stdout for the result and
// stderr for people (escape sequences defused, secrets taken out), progress on the terminal, the product's version.
// The `website-reports` command (main.ts) and the bundled MCP server (mcp/mcpMain.ts) both run on it.
import { productVersion } from '../core/productVersion';
import type { CliIo } from './cliIo';
import { terminalText } from './formats/escape';
import { terminalProgress } from './progress';
import { secretsRedactor } from './secrets';

export function processIo(): CliIo {
  const clean = secretsRedactor(process.env);
  return {
    cwd: process.cwd(),
    env: process.env,
    stdout: (text: string) => process.stdout.write(text),
    // A file name or URL may hold escape sequences: never passed to the terminal as they are; nor
    // the key or the token, wherever a message quotes them from (an address, a service's answer).
    stderr: (text: string) => process.stderr.write(terminalText(clean(text))),
    progress: terminalProgress(process.stderr),
    version: productVersion(),
  };
}
