// The integration run on these machines (see docs/vscode-host.md): VS Code 1.100 as
// code-server, driven by headless Chromium through playwright-core.
//
//   node out/test/host/run.js          (after `npm run build`; `npm test` runs it last)
//
// One run:
//  1. prepare code-server and a browser (test/host/prepare.ts; cached outside the clone);
//  2. start the local report service in-process (fresh data file, random key) and code-server on a
//     free loopback port with a fresh user-data dir, extensions dir and sample workspace;
//  3. phase 1, in-host suites: open the workbench with the test `payload` (extensionDevelopmentPath
//     = repo root, extensionTestsPath = out/test/integration/index); the extension host's output
//     arrives through `codeAutomationLog` and is printed with the prefix `[ext] `; the index prints
//     `in-host: N passed, N failed`; `codeAutomationExit(code)` ends the phase;
//  4. phase 2, UI checks: the workbench stops its extension host once the suites are done, so the
//     checks use a second page load of the same code-server, in a fresh browser context (fresh
//     browser-side storage and secrets, so the extension starts signed out again), with only
//     extensionDevelopmentPath in the payload; the service is reset between the phases. Each check
//     prints `ok - <name>` or `not ok - <name>: <reason>`;
//  5. phase 3, the package: the .vsix (WEBREPORTS_VSIX, else packaged now) is installed with
//     --install-extension into a fresh extensions dir and a second code-server (the first one stopped),
//     started in German (`--locale de` with a stand-in language pack, see languagePack.ts), runs
//     out/test/integration-vsix (a smoke of the installed copy, its German included; see vsix.ts);
//  6. always: screenshots and logs in test-results/, every process stopped (code-server's process
//     group, the browser, the service), the temp folder removed; last line
//     `integration: N passed, N failed` (in-host tests + UI checks); exit 1 on any failure.
//
// Env: WEBREPORTS_IT_TIMEOUT_SECONDS (whole run after prepare, default 360), WEBREPORTS_HOST_CACHE
// (cache root, default ~/.cache/website-reports), WEBREPORTS_IT_SEED (demo reports, default 6),
// CHROME_PATH (browser), WEBREPORTS_KEEP_TMP=1 (keep the temp folder), WEBREPORTS_IT_VERBOSE=1
// (also print the workbench's own log lines), WEBREPORTS_IT_HEADED=1 (show the browser; needs X),
// WEBREPORTS_VSIX (the package to install), WEBREPORTS_SCREENSHOTS=1 (also save the README's
// screenshots to media/screenshots/, at 1280x800).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as util from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { checkBuild, createFixture, hostEnv, RESULTS_DIR, ROOT, SUITE_INDEX, type Fixture } from './fixtures';
import { prepare, stopPreparing } from './prepare';
import { log } from './systemTools';
import { newPage, runInHost, screenshot, SCREENSHOTS, VERBOSE, type InHostResult } from './inHost';
import { BROWSER_ARGS, freePort, startCodeServer, workbenchUrl, type RunningCodeServer } from './codeServer';
import { runUiChecks, type CheckResult } from './ui-checks';
import { installVsix, obtainVsix, packageVersion, VSIX_SUITE_INDEX } from './vsix';
import { installLanguagePackStandIn, TEST_LOCALE } from './languagePack';

const TIMEOUT_MS = Number(process.env.WEBREPORTS_IT_TIMEOUT_SECONDS || 420) * 1000;
const SCREENSHOTS_DIR = path.join(ROOT, 'media', 'screenshots');

/** Everything to stop; filled as things start. */
const state: { fixture?: Fixture; codeServer?: RunningCodeServer; browser?: Browser; cleaning?: Promise<void> } = {};

class TimeoutError extends Error {}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

interface LaunchOptions {
  userDataDir: string;
  extensionsDir: string;
  env: NodeJS.ProcessEnv;
  logName: string;
  args?: string[];
}

async function launchCodeServer(entry: string, fixture: Fixture, options?: LaunchOptions): Promise<{ origin: string; authority: string }> {
  const authority = `127.0.0.1:${await freePort()}`;
  log(`starting code-server on http://${authority}/`);
  const output = fs.createWriteStream(path.join(RESULTS_DIR, options?.logName ?? 'code-server.log'));
  try {
    const server = await startCodeServer({
      entry,
      authority,
      configDir: fixture.tmp,
      userDataDir: options?.userDataDir ?? fixture.userDataDir,
      extensionsDir: options?.extensionsDir ?? fixture.extensionsDir,
      folder: fixture.workspace,
      env: options?.env ?? hostEnv(fixture.service),
      output,
      args: options?.args,
    });
    state.codeServer = server;
    server.child.on('exit', () => {
      if (!state.cleaning && state.codeServer === server) {
        log(`code-server stopped unexpectedly (${server.exited()}); see test-results/code-server.log`);
      }
    });
  } catch (err) {
    throw new Error(`${err instanceof Error ? err.message : err}; see test-results/code-server.log`);
  }
  log('code-server answers');
  return { origin: `http://${authority}`, authority };
}

async function cleanup(): Promise<void> {
  if (state.cleaning) return state.cleaning;
  state.cleaning = (async () => {
    stopPreparing();
    if (state.browser) {
      // playwright-core kills the browser's process group itself if close() hangs or we exit.
      await Promise.race([state.browser.close().catch(() => undefined), sleep(10_000)]);
    }
    await state.codeServer?.stop();
    await state.fixture?.dispose().catch((err) => log(`cleanup: ${err}`));
  })();
  return state.cleaning;
}

/** Last resort on an abrupt exit: synchronous kills only (playwright-core does the same for the browser). */
process.on('exit', () => {
  stopPreparing();
  state.codeServer?.kill();
});

async function main(): Promise<number> {
  const started = Date.now();
  const uiResults: CheckResult[] = [];
  let inHost: InHostResult | undefined;
  let installed: InHostResult | undefined;
  let harnessError: unknown;
  let page: Page | undefined;

  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  // Only this run's screenshots and logs (other tools may keep files in test-results/ too).
  for (const name of fs.readdirSync(RESULTS_DIR)) {
    if (/^(ui-.*|failure|in-host-end|vsix-end)\.png$|^(code-server|code-server-vsix|extension-host|browser-console)\.log$/.test(name)) {
      fs.rmSync(path.join(RESULTS_DIR, name), { force: true });
    }
  }
  const hostLog = fs.createWriteStream(path.join(RESULTS_DIR, 'extension-host.log'));
  const consoleLog = fs.createWriteStream(path.join(RESULTS_DIR, 'browser-console.log'));

  // The overall timeout starts once code-server and the browser are prepared: a cold cache
  // (about 2-3 minutes, once per machine) does not eat into the tests' time.
  let timer: NodeJS.Timeout | undefined;
  let startTimer!: () => void;
  const timeout = new Promise<never>((_, reject) => {
    startTimer = () => {
      timer = setTimeout(
        () => reject(new TimeoutError(`integration run timed out after ${TIMEOUT_MS / 1000} s (WEBREPORTS_IT_TIMEOUT_SECONDS)`)),
        TIMEOUT_MS,
      );
    };
  });
  timeout.catch(() => undefined); // raced below; never unhandled
  const onSignal = (signal: NodeJS.Signals) => {
    log(`${signal}: stopping everything`);
    void cleanup().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const work = async () => {
    checkBuild();
    const host = await prepare();
    startTimer();
    state.fixture = await createFixture();
    log(`report service on ${state.fixture.service.url}`);
    const { origin, authority } = await launchCodeServer(host.codeServerEntry, state.fixture);
    state.browser = await chromium.launch({
      executablePath: host.browser,
      headless: process.env.WEBREPORTS_IT_HEADED !== '1',
      args: BROWSER_ARGS,
      // Our own SIGINT/SIGTERM handler stops everything, the browser included.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });

    log('phase 1: in-host suites');
    inHost = await runInHost(
      state.browser,
      workbenchUrl(origin, authority, state.fixture.workspace, ROOT, SUITE_INDEX),
      consoleLog,
      hostLog,
    );

    if (process.env.WEBREPORTS_IT_ONLY) {
      log(`WEBREPORTS_IT_ONLY=${process.env.WEBREPORTS_IT_ONLY}: phases 2 and 3 skipped`);
      return;
    }
    // Phase 2: a fresh service state and a fresh browser context, then what a person sees.
    await state.fixture.service.reset(); // seeded data again, no faults, no recorded requests
    log('phase 2: UI checks');
    const ui = await newPage(state.browser, consoleLog, 'ui');
    page = ui.page;
    await page.goto(workbenchUrl(origin, authority, state.fixture.workspace, ROOT), { waitUntil: 'domcontentloaded' });
    await runUiChecks(page, {
      resultsDir: RESULTS_DIR,
      screenshotsDir: SCREENSHOTS ? SCREENSHOTS_DIR : undefined,
      report: (r) => uiResults.push(r),
      service: state.fixture.service,
    });
    await ui.context.close();
    page = undefined;

    // Phase 3: the package as users get it, installed into a second, fresh code-server.
    log('phase 3: the installed .vsix');
    const first = state.codeServer;
    state.codeServer = undefined; // its exit is expected now
    await first?.stop();
    const vsix = obtainVsix(state.fixture);
    await state.fixture.service.reset();
    const dirs = await installVsix(host.codeServerEntry, state.fixture, vsix, hostEnv(state.fixture.service));
    // In German: the packaged translations are part of what is tested (see languagePack.ts).
    installLanguagePackStandIn(dirs.userDataDir, path.join(state.fixture.tmp, 'language-pack'));
    const env = {
      ...hostEnv(state.fixture.service),
      WEBREPORTS_TEST_EXTENSIONS_DIR: dirs.extensionsDir,
      WEBREPORTS_TEST_VERSION: packageVersion(),
      WEBREPORTS_TEST_LOCALE: TEST_LOCALE,
    };
    const args = ['--locale', TEST_LOCALE];
    const second = await launchCodeServer(host.codeServerEntry, state.fixture, { ...dirs, env, args, logName: 'code-server-vsix.log' });
    installed = await runInHost(
      state.browser,
      workbenchUrl(second.origin, second.authority, state.fixture.workspace, dirs.emptyDevelopmentPath, VSIX_SUITE_INDEX),
      consoleLog,
      hostLog,
      'vsix',
    );
  };

  try {
    await Promise.race([work(), timeout]);
  } catch (err) {
    harnessError = err;
    log(`FAILED: ${firstLine(err)}`);
    if (!(err instanceof TimeoutError) && err instanceof Error && err.stack && VERBOSE) console.error(err.stack);
    await screenshot(page ?? state.browser?.contexts().flatMap((c) => c.pages())[0], 'failure');
    const tail = tailOf(path.join(RESULTS_DIR, 'code-server.log'), 25);
    if (tail) process.stdout.write(`--- last lines of test-results/code-server.log ---\n${tail}\n---\n`);
  } finally {
    clearTimeout(timer);
    await cleanup();
    hostLog.end();
    consoleLog.end();
  }

  // Summary.
  let passed = 0;
  let failed = 0;
  for (const [name, run] of [
    ['in-host suites', inHost],
    ['installed .vsix smoke', installed],
  ] as const) {
    if (!run) continue;
    if (run.passed === undefined || run.failed === undefined) {
      console.log(
        `not ok - ${name}: no "in-host: N passed, N failed" line (exit code ${run.exitCode}); see test-results/extension-host.log`,
      );
      failed += 1;
    } else {
      passed += run.passed;
      failed += run.failed;
      if (run.exitCode !== 0 && run.failed === 0) {
        console.log(`not ok - ${name}: exit code ${run.exitCode} although no test failed`);
        failed += 1;
      }
    }
  }
  for (const r of uiResults) {
    if (r.ok) passed += 1;
    else failed += 1;
  }
  if (harnessError) {
    console.log(`not ok - integration harness: ${firstLine(harnessError)}`);
    failed += 1;
  }
  log(`integration run took ${((Date.now() - started) / 1000).toFixed(0)}s; screenshots and logs in test-results/`);
  console.log(`integration: ${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

function firstLine(err: unknown): string {
  return util.stripVTControlCharacters((err instanceof Error ? err.message : String(err)).split('\n')[0]);
}

function tailOf(file: string, lines: number): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

if (require.main === module) {
  main().then(
    (code) => {
      process.exitCode = code;
      // Playwright or undici may keep handles open; everything we started is stopped by now.
      setTimeout(() => process.exit(code), 500).unref();
    },
    (err) => {
      console.error(err);
      console.log('integration: 0 passed, 1 failed');
      process.exit(1);
    },
  );
}
