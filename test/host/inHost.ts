// The pages of the integration run (run.ts): a fresh browser context at the run's viewport, a
// screenshot into test-results/, and phase 1 — the mocha suites inside the extension host, their
// output streamed from the workbench's `codeAutomationLog` and their end from `codeAutomationExit`.
import type * as fs from 'node:fs';
import * as path from 'node:path';
import * as util from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { RESULTS_DIR, ROOT } from './fixtures';
import { log } from './systemTools';

export const VERBOSE = process.env.WEBREPORTS_IT_VERBOSE === '1';
export const SCREENSHOTS = process.env.WEBREPORTS_SCREENSHOTS === '1';
// The README's screenshots are taken at 1280x800 (small enough to commit).
const VIEWPORT = SCREENSHOTS ? { width: 1280, height: 800 } : { width: 1400, height: 900 };

/** The console arguments as the extension host's console.log would have printed them. */
function formatArgs(args: unknown): string {
  const list = Array.isArray(args) ? args : [args];
  return util.stripVTControlCharacters(util.format(...list));
}

/** Workbench lines that are expected here and say nothing about the tests. */
const NOISE =
  /open-vsx\.org|Resolving connection token|Resolved connection token|Creating a socket|\[Service Worker\]|ChatSessionStore|Updating additional builtin/;

export async function screenshot(page: Page | undefined, name: string): Promise<void> {
  if (!page || page.isClosed()) return;
  const file = path.join(RESULTS_DIR, `${name}.png`);
  try {
    await page.screenshot({ path: file, timeout: 10_000 });
    log(`screenshot ${path.relative(ROOT, file)}`);
  } catch (err) {
    log(`screenshot ${name} failed: ${(err as Error).message.split('\n')[0]}`);
  }
}

export async function newPage(
  browser: Browser,
  consoleLog: fs.WriteStream,
  label: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  page.on('console', (m) => consoleLog.write(`[${label}] ${m.type()}: ${m.text()}\n`));
  page.on('pageerror', (e) => consoleLog.write(`[${label}] pageerror: ${e.message}\n`));
  return { context, page };
}

export interface InHostResult {
  exitCode: number;
  passed?: number;
  failed?: number;
}

/** Phase 1: the mocha suites inside the extension host. */
export async function runInHost(
  browser: Browser,
  url: string,
  consoleLog: fs.WriteStream,
  hostLog: fs.WriteStream,
  label = 'in-host',
): Promise<InHostResult> {
  const { context, page } = await newPage(browser, consoleLog, 'tests');
  const result: InHostResult = { exitCode: -1 };
  let resolveExit!: (code: number) => void;
  const exited = new Promise<number>((r) => (resolveExit = r));
  // The suites' output is printed from the index's "in-host: start" line to its result line; the
  // workbench's own log lines (and everything else) go to test-results/extension-host.log only.
  let streaming = false;
  await page.exposeFunction('codeAutomationLog', (type: string, args: unknown) => {
    const text = formatArgs(args);
    hostLog.write(`${type}: ${text}\n`);
    if (/in-host: start/.test(text)) streaming = true;
    if (VERBOSE || (streaming && !NOISE.test(text))) {
      for (const line of text.split('\n')) process.stdout.write(`[ext] ${line}\n`);
    }
    const counts = /in-host: (\d+) passed, (\d+) failed(?:, (\d+) pending)?/.exec(text);
    if (counts) {
      result.passed = Number(counts[1]);
      // A skipped in-host test would hide what it checks: it counts as a failure.
      result.failed = Number(counts[2]) + Number(counts[3] ?? 0);
      streaming = false;
    }
  });
  await page.exposeFunction('codeAutomationExit', (code: number) => resolveExit(Number(code)));
  page.on('crash', () => {
    log('the workbench page crashed');
    resolveExit(-2);
  });
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  result.exitCode = await exited;
  log(`${label} run ended (exit code ${result.exitCode})`);
  await screenshot(page, `${label}-end`);
  await context.close();
  return result;
}
