#!/usr/bin/env node
// The `website-reports` command: parse the arguments, run, and exit 0 (no error-level finding;
// every URL of a scan done), 1 (at least one; some URLs of a scan failed) or 2 (usage, config,
// key or service failure, or a scan not confirmed, said on stderr); 130 for a scan paused by Ctrl+C.
import * as readline from 'node:readline';
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
    const io = {
      cwd: process.cwd(),
      env: process.env,
      stdout: (text: string) => process.stdout.write(text),
      // A file name or URL may hold escape sequences: never passed to the terminal as they are.
      stderr: (text: string) => process.stderr.write(terminalText(text)),
      progress: terminalProgress(process.stderr),
      version,
    };
    if (command.kind === 'scan') {
      // Loaded only for a scan: check and --help never load the sitemap reader.
      const { runScanCommand } = await import('./scan');
      return await runScanCommand(command.options, { ...io, interactive: Boolean(process.stdin.isTTY), ask, onInterrupt });
    }
    return await runCheck(command.options, io);
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

/** One question on the terminal (stderr: stdout carries only the result). */
function ask(question: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  return new Promise((resolve) => {
    let answered = false;
    const finish = (answer: string) => {
      if (answered) return;
      answered = true;
      rl.close();
      resolve(answer);
    };
    rl.question(question, finish);
    rl.on('SIGINT', () => {
      process.stderr.write('\n');
      finish('');
    });
    rl.on('close', () => finish(''));
  });
}

function onInterrupt(handler: () => void): () => void {
  process.on('SIGINT', handler);
  return () => process.off('SIGINT', handler);
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
