#!/usr/bin/env node
// The installed command, dist/website-reports.js: V8's flags before any of the command's code is
// compiled, then the command itself (dist/website-reports-main.js, cli/main.ts), with the code
// compiled in earlier runs: Node 22.1 and later keep it themselves (module.enableCompileCache);
// on Node 20 compileCache.ts does the same for the command's parts.
import * as nodeModule from 'node:module';
import * as path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { writeAtomicallySync } from '../core/files/atomicWrite';
import { compileCacheDir, homeDir, PartLoader, profileOf } from './startup/compileCache';
import { WASM_FLAGS } from './startup/v8Flags';

/** The bundle of cli/main.ts beside this file (scripts/packageCli.js names it). */
const MAIN_PART = 'website-reports-main.js';

/** The parts' content digests, written into this file when the package is built (scripts/packageCli.js). */
declare const WEBREPORTS_PART_IDS: Record<string, string> | undefined;
const PART_IDS = typeof WEBREPORTS_PART_IDS === 'object' ? WEBREPORTS_PART_IDS : {};

interface Main {
  start(beforeExit?: (code: number) => void): void;
}

setFlagsFromString(WASM_FLAGS);
const enableCompileCache = (nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache;
if (enableCompileCache) {
  enableCompileCache();
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the other bundle, loaded by Node (with its cache)
  (require(path.join(__dirname, MAIN_PART)) as Main).start();
} else {
  const cacheDir = compileCacheDir(process.env, process.platform, homeDir());
  const parts = new PartLoader(__dirname, cacheDir, profileOf(process.argv.slice(2)), PART_IDS);
  // Kept after a run that did its work (exit 0 or 1): a first run that stopped at a missing key or a
  // service failure compiled little of what the next runs need.
  (parts.load(MAIN_PART) as Main).start((code) => {
    if (code === 0 || code === 1) parts.save(writeAtomicallySync);
  });
}
