// The benchmark's activation rows (scripts/bench.ts loads this at run time): the extension's
// activation in the real VS Code host (code-server, see docs/vscode-host.md) vs an empty extension,
// each in fresh hosts, alternately, median of `samples` each. Per host: a fresh code-server (own
// user data and extensions dirs), a fresh browser context opening the workbench with the extension
// as extensionDevelopmentPath and activationProbe as extensionTestsPath; the probe activates it and
// prints the times. Loopback only; every wait bounded; every process stopped and temp dir removed.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as util from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { median, type Row } from '../../scripts/bench/measure';
import { PROBE_PREFIX, type ProbeResult } from './activationProbeResult';
import { BROWSER_ARGS, freePort, startCodeServer, workbenchUrl } from './codeServer';
import { ROOT } from './fixtures';
import { prepare } from './prepare';

const OURS = { id: 'webreports.website-reports', path: ROOT };
const PROBE = path.join(ROOT, 'out', 'test', 'host', 'activationProbe');
const SAMPLE_TIMEOUT_MS = 90_000;

/** An extension that does nothing, as the baseline. */
function writeEmptyExtension(dir: string): { id: string; path: string } {
  fs.mkdirSync(dir, { recursive: true });
  const manifest = {
    name: 'empty-extension',
    publisher: 'bench',
    version: '0.0.1',
    engines: { vscode: '^1.90.0' },
    main: './extension.js',
  };
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest));
  fs.writeFileSync(path.join(dir, 'extension.js'), 'exports.activate = () => {};\nexports.deactivate = () => {};\n');
  return { id: 'bench.empty-extension', path: dir };
}

/** One fresh host: code-server and a browser context, the probe's result, everything stopped. */
async function sample(browser: Browser, entry: string, tmp: string, extension: { id: string; path: string }): Promise<ProbeResult> {
  const dir = fs.mkdtempSync(path.join(tmp, 'host-'));
  const dirs = { userDataDir: path.join(dir, 'user-data'), extensionsDir: path.join(dir, 'extensions'), folder: path.join(dir, 'folder') };
  for (const d of Object.values(dirs)) fs.mkdirSync(d, { recursive: true });
  const authority = `127.0.0.1:${await freePort()}`;
  const output = fs.createWriteStream(path.join(dir, 'code-server.log'));
  const server = await startCodeServer({
    entry,
    authority,
    configDir: dir,
    ...dirs,
    env: { ...process.env, WEBREPORTS_BENCH_EXTENSION: extension.id },
    output,
  });
  const context = await browser.newContext();
  let timer: NodeJS.Timeout | undefined;
  try {
    const page = await context.newPage();
    let result: ProbeResult | undefined;
    const exited = new Promise<number>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no result from the host within ${SAMPLE_TIMEOUT_MS / 1000} s`)), SAMPLE_TIMEOUT_MS);
      void page.exposeFunction('codeAutomationExit', (code: number) => resolve(Number(code)));
      page.on('crash', () => reject(new Error('the workbench page crashed')));
    });
    await page.exposeFunction('codeAutomationLog', (_type: string, args: unknown) => {
      const text = util.format(...(Array.isArray(args) ? args : [args]));
      const at = text.indexOf(PROBE_PREFIX);
      if (at >= 0) result = JSON.parse(text.slice(at + PROBE_PREFIX.length)) as ProbeResult;
    });
    await page.goto(workbenchUrl(server.origin, authority, dirs.folder, extension.path, PROBE), { waitUntil: 'domcontentloaded' });
    const code = await exited;
    if (code !== 0 || !result) throw new Error(`the probe failed in the host (exit ${code}); see ${path.join(dir, 'code-server.log')}`);
    return result;
  } finally {
    clearTimeout(timer);
    await context.close().catch(() => undefined);
    await server.stop();
    output.end();
  }
}

/** Activation rows: host start → active, ours vs empty (goal ≤ 1.2×), and activate() itself. */
export async function activationRows(samples: number): Promise<Row[]> {
  return rowsOf(await activationSamples(samples), samples);
}

async function activationSamples(samples: number): Promise<{ ours: ProbeResult[]; empty: ProbeResult[] }> {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'extension.js'))) throw new Error('dist/extension.js is missing: bundle first');
  const host = await prepare();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'webreports-activation-'));
  const browser = await chromium.launch({
    executablePath: host.browser,
    headless: true,
    args: BROWSER_ARGS,
  });
  const ours: ProbeResult[] = [];
  const empty: ProbeResult[] = [];
  try {
    const baseline = writeEmptyExtension(path.join(tmp, 'empty-extension'));
    for (let i = 0; i < samples; i++) {
      ours.push(await sample(browser, host.codeServerEntry, tmp, OURS));
      empty.push(await sample(browser, host.codeServerEntry, tmp, baseline));
    }
  } finally {
    await browser.close().catch(() => undefined);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  if (ours.some((r) => r.wasActive)) throw new Error('the extension was active before the probe asked: something activates it at start');
  return { ours, empty };
}

/**
 * The host's own start-up (until the probe runs) does not depend on which extension it loads, but
 * it varies by hundreds of milliseconds from one fresh host to the next on a shared machine: per
 * extension medians of 5 would compare that noise. So start-up is the median over every host, and
 * each extension adds its own `activate()`; the start-up medians per extension are shown beside,
 * so a start-up that did depend on the extension (a heavy manifest) would still show.
 */
function rowsOf({ ours, empty }: { ours: ProbeResult[]; empty: ProbeResult[] }, samples: number): Row[] {
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  const startUp = median([...ours, ...empty].map((r) => r.hostToProbeMs));
  const [oursStart, emptyStart] = [median(ours.map((r) => r.hostToProbeMs)), median(empty.map((r) => r.hostToProbeMs))];
  const [oursActivate, emptyActivate] = [median(ours.map((r) => r.activateMs)), median(empty.map((r) => r.activateMs))];
  return [
    {
      name: `activation: host start → active vs empty extension, ${samples}+${samples} hosts`,
      value: `${ms(startUp + oursActivate)} / ${ms(startUp + emptyActivate)}`,
      ratio: (startUp + oursActivate) / (startUp + emptyActivate),
      goal: 1.2,
    },
    {
      name: 'activation: activate() itself (load + run) vs empty extension',
      value: `${oursActivate.toFixed(1)} ms / ${emptyActivate.toFixed(1)} ms`,
    },
    {
      name: "activation: the host's start-up before it, with ours vs with empty",
      value: `${ms(oursStart)} / ${ms(emptyStart)}`,
      ratio: oursStart / emptyStart,
    },
  ];
}
