// What both integration hosts (code-server here, @vscode/test-electron elsewhere) set up around
// VS Code: a fresh temp folder with a user-data dir (settings), an extensions dir and a sample
// workspace, and the local report service started in-process with a random key.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startService, type RunningService } from '../../service/server';

/** The repo root, which is also the extension's root (out/test/host/ → ../../..). */
export const ROOT = path.resolve(__dirname, '..', '..', '..');
/** The compiled suite index, without `.js`, as VS Code's extensionTestsPath wants it. */
export const SUITE_INDEX = path.join(ROOT, 'out', 'test', 'integration', 'index');
export const RESULTS_DIR = path.join(ROOT, 'test-results');

/** The env vars by which the in-host suites find the service (see test/integration/helpers.ts). */
export const ENV_SERVICE_URL = 'WEBREPORTS_TEST_SERVICE_URL';
export const ENV_API_KEY = 'WEBREPORTS_TEST_API_KEY';
export const ENV_SEED = 'WEBREPORTS_TEST_SEED';
export const ENV_CONTROL_TOKEN = 'WEBREPORTS_TEST_CONTROL_TOKEN';

/** Demo reports in the service at the start of a run (and after each reset), spread over good/decent/bad. */
export const SEED = Number(process.env.WEBREPORTS_IT_SEED ?? 6);

export interface Fixture {
  tmp: string;
  userDataDir: string;
  extensionsDir: string;
  workspace: string;
  service: RunningService;
  /** Removes the temp folder (unless WEBREPORTS_KEEP_TMP=1) after the service is closed. */
  dispose(): Promise<void>;
}

/** Fails early, with what to do, when the build the hosts need is missing. */
export function checkBuild(): void {
  const missing = [
    path.join(ROOT, 'dist', 'extension.js'),
    `${SUITE_INDEX}.js`,
    path.join(ROOT, 'out', 'test', 'integration-vsix', 'index.js'),
  ].filter((f) => !fs.existsSync(f));
  if (missing.length) {
    throw new Error(`not built: ${missing.map((f) => path.relative(ROOT, f)).join(', ')} missing; run \`npm run build\` first`);
  }
}

function writeWorkspace(dir: string): void {
  fs.mkdirSync(path.join(dir, 'docs'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'README.md'),
    [
      '# Sample site',
      '',
      'Pages to rate:',
      '',
      '- Home: https://example.com/',
      '- About: https://example.com/about',
      '- [Docs](https://docs.example.org/start?lang=en)',
      '',
      'Not a web URL: ftp://files.example.com/pub',
      '',
    ].join('\n'),
  );
  fs.writeFileSync(
    path.join(dir, 'sitemap.xml'),
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      '  <url><loc>https://example.com/</loc></url>',
      '  <url><loc>https://example.com/blog/first-post</loc></url>',
      '</urlset>',
      '',
    ].join('\n'),
  );
  fs.writeFileSync(
    path.join(dir, 'docs', 'links.json'),
    JSON.stringify({ homepage: 'https://example.com/', shop: 'http://shop.example.net/cart' }, null, 2) + '\n',
  );
}

/** User settings for the test VS Code: the service as base URL, and nothing distracting. */
export function writeUserSettings(userDataDir: string, serviceUrl: string): void {
  const settings = {
    'webReports.baseUrl': serviceUrl,
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'workbench.welcomePage.walkthroughs.openOnInstall': false,
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'extensions.ignoreRecommendations': true,
    'security.workspace.trust.enabled': false,
    'git.enabled': false,
    'chat.commandCenter.enabled': false,
    'window.commandCenter': false,
  };
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  fs.writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify(settings, null, 2) + '\n');
  writeKeybindings(userDataDir);
}

/** A key bound to workbench.action.openWalkthrough with our walkthrough's id (the UI check presses it). */
export const WALKTHROUGH_KEY = { vscode: 'ctrl+alt+shift+9', playwright: 'Control+Alt+Shift+Digit9' };

function writeKeybindings(userDataDir: string): void {
  const bindings = [
    { key: WALKTHROUGH_KEY.vscode, command: 'workbench.action.openWalkthrough', args: 'webreports.website-reports#gettingStarted' },
  ];
  fs.writeFileSync(path.join(userDataDir, 'User', 'keybindings.json'), JSON.stringify(bindings, null, 2) + '\n');
}

/** The real local report service, in-process, with a random key and its own data file. */
function startReportService(dataFile: string): Promise<RunningService> {
  const apiKey = `wr-test-${randomBytes(18).toString('hex')}`;
  return startService({ apiKey, port: 0, host: '127.0.0.1', dataFile, seed: SEED, shape: 'real', control: true });
}

export async function createFixture(): Promise<Fixture> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'webreports-it-'));
  const userDataDir = path.join(tmp, 'user-data');
  const extensionsDir = path.join(tmp, 'extensions');
  const workspace = path.join(tmp, 'workspace');
  fs.mkdirSync(extensionsDir, { recursive: true });
  writeWorkspace(workspace);
  let service: RunningService;
  try {
    service = await startReportService(path.join(tmp, 'service-data.json'));
  } catch (err) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
  writeUserSettings(userDataDir, service.url);
  return {
    tmp,
    userDataDir,
    extensionsDir,
    workspace,
    service,
    async dispose() {
      await service.close().catch(() => undefined);
      if (process.env.WEBREPORTS_KEEP_TMP !== '1') fs.rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

/** Our environment for VS Code: without npm's and an enclosing VS Code's variables, and signed out. */
export function hostEnv(service: RunningService): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(npm_|VSCODE_|ELECTRON_)/i.test(k)) continue;
    env[k] = v;
  }
  // The extension must start signed out: the suites sign in themselves with the test key.
  delete env.WEBREPORTS_API_KEY;
  env[ENV_SERVICE_URL] = service.url;
  env[ENV_API_KEY] = service.apiKey;
  env[ENV_SEED] = String(SEED);
  env[ENV_CONTROL_TOKEN] = service.controlToken ?? '';
  return env;
}
