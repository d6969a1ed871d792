// A file is replaced whole or not at all: written to a temporary file beside it, then renamed.
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';

export async function writeAtomically(file: string, text: string): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${Date.now()}.tmp`);
  try {
    await fsp.writeFile(temp, text, { flag: 'wx' });
    await fsp.rename(temp, file);
  } catch (error) {
    await fsp.rm(temp, { force: true });
    throw error;
  }
}
