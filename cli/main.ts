// The `website-reports` command: parse the arguments, run, and exit 0 (no error-level finding;
// every URL of a scan done), 1 (at least one; some URLs of a scan failed) or 2 (usage, config,
// key or service failure, or a scan not confirmed, said on stderr); 130 for a scan paused by Ctrl+C.
//
// Start-up is most of a short run (Node itself 20–55 ms, then compiling what is loaded): this file
// loads only the arguments' parser, and each verb's module is loaded when that verb runs (VERBS).
import { setFlagsFromString } from 'node:v8';
import { productVersion } from '../core/productVersion';
import { Command, parseCommand, USAGE } from './args';
import { WASM_FLAGS } from './startup/v8Flags';
import type { CliIo } from './cliIo';
import { terminalText } from './formats/escape';
import { processIo } from './processIo';
import { secretsRedactor } from './secrets';
import { CliFailure } from './usageError';

type Verb = Exclude<Command['kind'], 'help' | 'version'>;
type OptionsOf<K extends Verb> = Extract<Command, { kind: K }>['options'];

/**
 * Each verb's run, its module loaded only then (`--help` never loads the checks, `check` never the
 * sitemap reader). A new verb: its kind and options in args.ts, one line here.
 */
const VERBS: { [K in Verb]: (options: OptionsOf<K>, io: CliIo) => Promise<number> } = {
  check: async (options, io) => (await import('./check')).runCheck(options, io),
  merge: async (options, io) => (await import('./local/merge')).runMerge(options, io),
  mcp: async (options, io) => (await import('./mcp/mcpServer')).runMcp(options, io),
  scan: async (options, io) =>
    (await import('./scan')).runScanCommand(options, { ...io, interactive: Boolean(process.stdin.isTTY), ask, onInterrupt }),
};

function runVerb<K extends Verb>(command: { kind: K; options: OptionsOf<K> }, io: CliIo): Promise<number> {
  return (VERBS[command.kind] as (options: OptionsOf<K>, io: CliIo) => Promise<number>)(command.options, io);
}

export async function main(argv: readonly string[]): Promise<number> {
  try {
    const command = parseCommand(argv);
    if (command.kind === 'help') {
      process.stdout.write(USAGE);
      return 0;
    }
    if (command.kind === 'version') {
      process.stdout.write(`${productVersion()}\n`);
      return 0;
    }
    const io = processIo();
    return await runVerb(command, io);
  } catch (error) {
    // A failure's words may quote an address or a service's answer: never with the key or the token.
    const clean = secretsRedactor(process.env);
    if (error instanceof CliFailure) {
      process.stderr.write(terminalText(clean(`website-reports: ${error.message.trimEnd()}\n`)));
      return 2;
    }
    // Unexpected: the message only (a stack may quote request options).
    process.stderr.write(terminalText(clean(`website-reports: failed: ${error instanceof Error ? error.message : String(error)}\n`)));
    return 2;
  }
}

/** One question on the terminal (stderr: stdout carries only the result). */
async function ask(question: string): Promise<string> {
  // Loaded only when a question is asked; required (an import() would stay one in the bundle, which
  // the compile cache's loader does not run: see cli/startup/compileCache.ts).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const readline = require('node:readline') as typeof import('node:readline');
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

/** Resolves when what was written to `stream` before has been handed to the OS (or failed: a closed pipe). */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => stream.write('', () => resolve()));
}

/**
 * `website-reports check | head`: once the reader has closed the pipe, what is still written is
 * dropped (as a reader that stopped reading asked) instead of ending the run with an unhandled
 * EPIPE and a stack trace; the run ends as it would have, with its own exit code. Any other error of
 * the stream is said once on stderr, when stderr is not itself the stream that failed.
 */
function quietWhenReaderLeaves(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') return;
    if (stream !== process.stderr) process.stderr.write(terminalText(`website-reports: could not write the output: ${error.message}\n`));
    outputFailed = true;
  });
}

/** The output could not be written (other than to a reader that left): the run failed (exit 2). */
let outputFailed = false;

function onInterrupt(handler: () => void): () => void {
  process.on('SIGINT', handler);
  return () => process.off('SIGINT', handler);
}

/**
 * Runs the command on this process's arguments, then exits with its code once the output is
 * flushed (rather than when the event loop empties, which can come later: a last timer, a socket's
 * close; every write a verb makes is awaited before it returns). `beforeExit` runs just before.
 */
export function start(beforeExit?: (code: number) => void): void {
  // The installed command (bin.ts) set it before compiling anything; run from here (tests), now.
  setFlagsFromString(WASM_FLAGS);
  quietWhenReaderLeaves(process.stdout);
  quietWhenReaderLeaves(process.stderr);
  void main(process.argv.slice(2)).then(async (result) => {
    await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
    const code = outputFailed ? 2 : result;
    try {
      beforeExit?.(code);
    } finally {
      process.exit(code);
    }
  });
}

if (require.main === module) start();
