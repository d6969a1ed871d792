// The files a run will write (--output, --write, the baseline of --update-baseline) are checked
// before the run starts: a folder that does not exist is said by name at once (exit 2), rather than
// after every request, as a failure to open a temporary file the user never named.
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { oneLine } from '../core/text/oneLine';
import { CliFailure } from './usageError';

export interface OutputFile {
  /** The option that names it, e.g. "--output". */
  option: string;
  file: string;
}

/** Throws a usage failure naming the first output whose folder is missing or is not a folder. */
export async function refuseMissingFolders(outputs: readonly OutputFile[], cwd: string): Promise<void> {
  for (const { option, file } of outputs) {
    const folder = path.dirname(file);
    const stat = await fsp.stat(path.resolve(cwd, folder)).catch(() => undefined);
    if (stat?.isDirectory()) continue;
    const why = stat ? 'is not a folder' : 'does not exist';
    throw new CliFailure(
      'usage',
      `${option} ${oneLine(file)}: the folder "${oneLine(folder)}" ${why}${stat ? '' : '; create it first'}. Nothing was checked.`,
    );
  }
}

/** The files a judging run writes (check, merge). */
export function outputsOf(options: {
  output?: string;
  writes: readonly { file: string }[];
  baseline?: string;
  updateBaseline: boolean;
}): OutputFile[] {
  return [
    ...(options.output === undefined ? [] : [{ option: '--output', file: options.output }]),
    ...options.writes.map((w) => ({ option: '--write', file: w.file })),
    ...(options.updateBaseline && options.baseline !== undefined ? [{ option: '--baseline', file: options.baseline }] : []),
  ];
}
