// `npm start`: the extension in a browser VS Code (the test host's code-server) against the local
// report service with demo data. Prints the address to open; Ctrl+C stops everything.
//
// Env: WEBREPORTS_API_KEY (the demo key; default "demo-key"), WEBREPORTS_START_PORT (code-server's
// port, default 8080 or a free one), WEBREPORTS_DEMO_SEED (demo reports, default 24).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startService, type RunningService } from '../service/server';
import { prepare } from '../test/host/prepare';
import { freePort, startCodeServer, workbenchUrl } from '../test/host/codeServer';
import { readDemoOrigins, seedDemoReports, writeDemoOrigins } from './demoReports';
import { portFree, servicePort, writeDemoEnv } from './demoService';
import { startDemoSite } from './demoSite';
import { DEMO_FIRST_FILE, demoRatedUrls, writeDemoWorkspace } from './demoWorkspace';

const ROOT = path.resolve(__dirname, '..', '..');
const DATA = path.join(ROOT, '.data');

async function choosePort(): Promise<number> {
  const wanted = Number(process.env.WEBREPORTS_START_PORT || 8080);
  if (await portFree(wanted)) return wanted;
  return freePort();
}

function writeSettings(userDataDir: string, baseUrl: string): void {
  const file = path.join(userDataDir, 'User', 'settings.json');
  let settings: Record<string, unknown> = {};
  try {
    settings = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    // first start, or a file the user broke: start from defaults
  }
  Object.assign(settings, {
    'webReports.baseUrl': baseUrl,
    'workbench.startupEditor': 'none',
    'telemetry.telemetryLevel': 'off',
    'security.workspace.trust.enabled': false,
    'git.openRepositoryInParentFolders': 'never',
  });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(settings, null, 2) + '\n');
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'extension.js'))) {
    throw new Error('dist/extension.js is missing: run `npm run build` first (npm start does).');
  }
  const host = await prepare();
  const apiKey = process.env.WEBREPORTS_API_KEY?.trim() || 'demo-key';
  const stoppers: (() => Promise<void> | void)[] = [];
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    for (const fn of stoppers.reverse()) await Promise.resolve(fn()).catch(() => undefined);
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  const workspace = path.join(DATA, 'demo-workspace');
  const site = await startDemoSite({ root: workspace });
  stoppers.push(() => site.close());
  // The workspace names the site's port (config, README, sitemap): written at every start.
  const pages = writeDemoWorkspace(workspace, site.url);
  fs.mkdirSync(DATA, { recursive: true });
  const portFile = path.join(DATA, 'demo-service.json');
  const port = await servicePort(portFile);
  // The service's requests go to a log file: in the terminal they pushed the address and key out of view.
  const serviceLog = fs.createWriteStream(path.join(DATA, 'service.log'), { flags: 'a' });
  stoppers.push(() => new Promise<void>((resolve) => serviceLog.end(resolve)));
  const service: RunningService = await startService({
    apiKey,
    port,
    dataFile: path.join(DATA, 'demo-reports.json'),
    seed: Number(process.env.WEBREPORTS_DEMO_SEED || 24),
    // The seeded reports' pages are the demo site's: a re-run of one works without the internet.
    seedSite: site.url,
    // As the real service: its shapes (the default), about 60 requests a minute; no control endpoints.
    shape: 'real',
    rateLimitPerMinute: 60,
    log: (line) => void serviceLog.write(`${new Date().toISOString()} ${line}\n`),
  });
  stoppers.push(() => service.close());
  fs.writeFileSync(portFile, JSON.stringify({ port: new URL(service.url).port }) + '\n');
  writeDemoEnv(path.join(DATA, 'demo.env'), service.url, apiKey);

  const userDataDir = path.join(DATA, 'vscode-user');
  const extensionsDir = path.join(DATA, 'vscode-extensions');
  fs.mkdirSync(extensionsDir, { recursive: true });
  writeSettings(userDataDir, service.url);
  // Reports of some of the site's pages, analysed from the real pages, before VS Code opens.
  const rated = demoRatedUrls(site.url, pages);
  const originsFile = path.join(DATA, 'demo-site-origins.json');
  const earlier = readDemoOrigins(originsFile);
  try {
    const seeded = await seedDemoReports(service.url, apiKey, site.url, rated, earlier);
    writeDemoOrigins(originsFile, [new URL(site.url).origin, ...(seeded.staleLeft ? earlier : [])]);
    console.log(
      `Demo site pages rated: ${seeded.created.length} new, ${seeded.kept.length} kept, ${seeded.deleted} of earlier runs removed.`,
    );
  } catch (error) {
    writeDemoOrigins(originsFile, [new URL(site.url).origin, ...earlier]);
    // The demo still works without them: every page can be rated from the editor.
    console.warn(`The demo site's pages could not be rated at start: ${error instanceof Error ? error.message : String(error)}`);
  }

  const authority = `127.0.0.1:${await choosePort()}`;
  const env: NodeJS.ProcessEnv = { ...process.env, WEBREPORTS_API_KEY: apiKey };
  for (const k of Object.keys(env)) if (/^(npm_|VSCODE_|ELECTRON_)/i.test(k)) delete env[k];
  const output = fs.createWriteStream(path.join(DATA, 'code-server.log'));
  const server = await startCodeServer({
    entry: host.codeServerEntry,
    authority,
    configDir: DATA,
    userDataDir,
    extensionsDir,
    folder: workspace,
    env,
    output,
  });
  stoppers.push(() => server.stop());
  process.on('exit', () => server.kill());
  server.child.on('exit', () => {
    if (!stopping) {
      console.error(`code-server stopped (${server.exited()}); see .data/code-server.log.`);
      void stop(1);
    }
  });
  // Opened on the workspace's README: the badges of its URLs show without a click.
  const url = workbenchUrl(server.origin, authority, workspace, ROOT, undefined, path.join(workspace, DEMO_FIRST_FILE));
  console.log(`
Website Reports demo is running.

  Report service: ${service.url}  (API key: ${apiKey}, ${Number(process.env.WEBREPORTS_DEMO_SEED || 24)} demo reports, data in .data/demo-reports.db,
                  requests logged in .data/service.log)
  Command line:   (. .data/demo.env && cd .data/demo-workspace && node ../../out/cli/main.js check)
  Demo web site:  ${site.url}  (its sources: .data/demo-workspace/content, mapped in website-reports.json)
  VS Code:        open this address in a browser (log in .data/code-server.log):

  ${url}

The extension is signed in through WEBREPORTS_API_KEY. Press Ctrl+C to stop everything.
`);
}

main().catch((err) => {
  console.error(`npm start failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
