// @vscode/test-cli (0.0.12) configuration: the in-host suites in a downloaded desktop VS Code.
//
//   npm run test:electron            (build, then `vscode-test`; `vscode-test --label installed` for one)
//
// NOTE: this cannot run on the project's own machines: they reach only the npm registry and Debian,
// and @vscode/test-electron downloads VS Code from update.code.visualstudio.com. There the same
// suites run in code-server (`node out/test/host/run.js`, see test/host/run.ts). What runs here:
// `npx vscode-test --list-configuration` (loads this file, resolves the suites, downloads nothing).
//
// Like run.ts, this starts the local report service in-process (fresh data, random key) and hands
// its address and key to the suites through the environment; the extension starts signed out.
// Two runs: `in-host` (the extension from this folder, every suite of test/integration, activation
// first) and `installed` (the packaged .vsix installed into the test VS Code, an empty folder as
// development path, and the smoke of test/integration-vsix).
// Env: WEBREPORTS_VSCODE_VERSION (default 'stable'; e.g. '1.90.0' for the oldest supported engine),
// WEBREPORTS_VSIX (the package to install; else one is built).
import { defineConfig } from '@vscode/test-cli';
import { createRequire } from 'node:module';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.dirname(fileURLToPath(import.meta.url));
const fixtures = require('./out/test/host/fixtures.js');
const { packageExtension } = require('./scripts/package.js');

fixtures.checkBuild();
const fixture = await fixtures.createFixture();
// The service lives in this process for the whole run; the temp folder goes when it ends.
process.once('exit', () => {
  if (process.env.WEBREPORTS_KEEP_TMP !== '1') fs.rmSync(fixture.tmp, { recursive: true, force: true });
});
const host = fixtures.hostEnv(fixture.service);
const env = {
  [fixtures.ENV_SERVICE_URL]: host[fixtures.ENV_SERVICE_URL],
  [fixtures.ENV_API_KEY]: host[fixtures.ENV_API_KEY],
  [fixtures.ENV_SEED]: host[fixtures.ENV_SEED],
  WEBREPORTS_API_KEY: undefined,
};
const version = process.env.WEBREPORTS_VSCODE_VERSION || 'stable';
const common = ['--disable-workspace-trust', '--skip-welcome', '--skip-release-notes'];
const mocha = { ui: 'bdd', timeout: 30_000, color: false };

const vsix =
  process.env.WEBREPORTS_VSIX && fs.existsSync(process.env.WEBREPORTS_VSIX)
    ? process.env.WEBREPORTS_VSIX
    : packageExtension(path.join(fixture.tmp, 'website-reports.vsix'));
const emptyDevelopmentPath = path.join(fixture.tmp, 'no-extension');
fs.mkdirSync(emptyDevelopmentPath, { recursive: true });
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

export default defineConfig({
  tests: [
    {
      label: 'in-host',
      version,
      files: ['out/test/integration/activation.test.js', 'out/test/integration/**/*.test.js'],
      extensionDevelopmentPath: root,
      workspaceFolder: fixture.workspace,
      launchArgs: ['--user-data-dir', fixture.userDataDir, '--extensions-dir', fixture.extensionsDir, ...common],
      env,
      mocha,
    },
    {
      label: 'installed',
      version,
      files: 'out/test/integration-vsix/smoke.test.js',
      extensionDevelopmentPath: emptyDevelopmentPath,
      installExtensions: [vsix],
      workspaceFolder: fixture.workspace,
      // test-electron installs into and runs with .vscode-test/extensions here.
      env: {
        ...env,
        WEBREPORTS_TEST_EXTENSIONS_DIR: path.join(root, '.vscode-test', 'extensions'),
        WEBREPORTS_TEST_VERSION: pkg.version,
      },
      launchArgs: common,
      mocha,
    },
  ],
});
