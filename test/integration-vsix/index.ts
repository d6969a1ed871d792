// The suite index for the installed package (test/host/run.ts, last phase): VS Code loads it as
// extensionTestsPath while the extension itself comes from the .vsix installed into the extensions
// dir (the development path given alongside is an empty folder). Prints the same `in-host:` lines.
import * as path from 'node:path';
import { runFiles } from '../integration/index';

export function run(): Promise<void> {
  return runFiles([path.join(__dirname, 'smoke.test.js')]);
}
