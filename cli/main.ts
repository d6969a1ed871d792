#!/usr/bin/env node
// The `website-reports` command: parse the arguments, run, and exit 0 (no error-level finding),
// 1 (at least one) or 2 (usage, config, key or service failure, said on stderr).
import { version } from '../package.json';
import { parseCommand, USAGE } from './args';
import { runCheck } from './check';
import { terminalText } from './formats/escape';
import { terminalProgress } from './progress';
import { CliFailure } from './usageError';

export async function main(argv: readonly string[]): Promise<number> {
  try {
    const command = parseCommand(argv);
    if (command.kind === 'help') {
      process.stdout.write(USAGE);
      return 0;
    }
    if (command.kind === 'version') {
      process.stdout.write(`${version}\n`);
      return 0;
    }
    return await runCheck(command.options, {
      cwd: process.cwd(),
      env: process.env,
      stdout: (text) => process.stdout.write(text),
      // A file name or URL may hold escape sequences: never passed to the terminal as they are.
      stderr: (text) => process.stderr.write(terminalText(text)),
      progress: terminalProgress(process.stderr),
      version,
    });
  } catch (error) {
    if (error instanceof CliFailure) {
      process.stderr.write(terminalText(`website-reports: ${error.message.trimEnd()}\n`));
      return 2;
    }
    // Unexpected: the message only (a stack may quote request options).
    process.stderr.write(terminalText(`website-reports: failed: ${error instanceof Error ? error.message : String(error)}\n`));
    return 2;
  }
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
