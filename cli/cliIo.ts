// What a command sees of the world (working folder, environment, its outputs, progress, the clock)
// and the one way a command's result is written: a file named by --output, else stdout. Every verb
// and its helpers import this, never the `check` verb's file.
import type { Progress } from './progress';

export interface CliIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  progress: Progress;
  version: string;
  now?: () => number;
}

/** Pieces are joined up to this many characters a write. */
const WRITE_CHARS = 1 << 20;

/**
 * The result to --output's file (written atomically), else to stdout. A result in pieces (a large
 * report) is written as they come, a MiB at a time, never held whole.
 */
export async function emit(options: { output?: string }, io: CliIo, text: string | Iterable<string>): Promise<void> {
  // Loaded only then: the atomic write's node:crypto is a few ms of every start.
  const atomic = options.output ? await import('../core/files/atomicWrite') : undefined;
  if (typeof text === 'string') {
    if (atomic && options.output) await atomic.writeAtomically(options.output, text);
    else io.stdout(text);
    return;
  }
  const writeAll = async (write: (chunk: string) => unknown): Promise<void> => {
    let pending = '';
    for (const piece of text) {
      pending += piece;
      if (pending.length >= WRITE_CHARS) {
        await write(pending);
        pending = '';
      }
    }
    if (pending) await write(pending);
  };
  if (atomic && options.output) await atomic.writeAtomicallyFrom(options.output, writeAll, 0o666);
  else await writeAll(io.stdout);
}
