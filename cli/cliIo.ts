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

/** The result to --output's file (written atomically), else to stdout. */
export async function emit(options: { output?: string }, io: CliIo, text: string): Promise<void> {
  // Loaded only then: the atomic write's node:crypto is a few ms of every start.
  if (options.output) await (await import('../core/files/atomicWrite')).writeAtomically(options.output, text);
  else io.stdout(text);
}
