// `npm test` after build and lint: the unit tests in plain Node, then the integration run in a
// real VS Code. Ends with one line "N passed, N failed" covering both; whatever goes wrong
// (a file that does not load, an error after the last test, a crashed or hung integration run)
// counts as a failure rather than vanishing.
const path = require('node:path');
const fs = require('node:fs');
const { spawnSync } = require('node:child_process');
const Mocha = require('mocha');
const os = require('node:os');
const { packageExtension } = require('./package');

const ROOT = path.join(__dirname, '..');
const INTEGRATION_TIMEOUT_MS = Number(process.env.WEBREPORTS_IT_TOTAL_MINUTES || 30) * 60 * 1000;

// Errors no test owns (a timer that throws after its test ended, an unhandled rejection).
let strayErrors = 0;
process.on('uncaughtException', (err) => {
  strayErrors++;
  console.error(`uncaught error outside any test: ${err && err.stack ? err.stack : err}`);
});
process.on('unhandledRejection', (err) => {
  strayErrors++;
  console.error(`unhandled rejection outside any test: ${err && err.stack ? err.stack : err}`);
});

function* walk(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

async function runUnit() {
  const config = JSON.parse(fs.readFileSync(path.join(ROOT, '.mocharc.json'), 'utf8'));
  const mocha = new Mocha({ timeout: config.timeout, reporter: 'spec' });
  for (const file of walk(path.join(ROOT, 'out', 'test', 'unit'))) if (file.endsWith('.test.js')) mocha.addFile(file);
  try {
    const stats = await new Promise((resolve) => {
      const runner = mocha.run(() => resolve(runner.stats));
    });
    return { passed: stats.passes, failed: stats.failures, pending: stats.pending };
  } catch (err) {
    console.error(`the unit tests could not run: ${err && err.stack ? err.stack : err}`);
    return { passed: 0, failed: 1, pending: 0 };
  }
}

// The integration runner prints "integration: N passed, N failed" as its last such line.
function runIntegration() {
  if (process.env.WEBREPORTS_SKIP_INTEGRATION === '1') return { passed: 0, failed: 0, skipped: true };
  const runner = path.join(ROOT, 'out', 'test', 'host', 'run.js');
  if (!fs.existsSync(runner)) return { passed: 0, failed: 1, note: 'out/test/host/run.js is missing: the build is broken' };
  const result = spawnSync(process.execPath, [runner], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: INTEGRATION_TIMEOUT_MS,
    killSignal: 'SIGINT', // the runner stops everything it started on SIGINT
  });
  process.stdout.write(result.stdout ?? '');
  if (result.error) return { passed: 0, failed: 1, note: `the integration run did not finish: ${result.error.message}` };
  const matches = [...(result.stdout ?? '').matchAll(/^integration: (\d+) passed, (\d+) failed/gm)];
  const last = matches[matches.length - 1];
  if (!last) return { passed: 0, failed: 1, note: `the integration run reported no result (exit ${result.status})` };
  const counts = { passed: Number(last[1]), failed: Number(last[2]) };
  if (result.status !== 0 && counts.failed === 0) {
    counts.failed = 1;
    counts.note = `the integration run exited ${result.status} after reporting no failure`;
  }
  return counts;
}

// Packages the extension once for the run: the unit tests check that .vsix and the integration run
// installs it into VS Code (both find it through WEBREPORTS_VSIX). A failure counts once here.
function packageOnce() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webreports-vsix-'));
  try {
    process.env.WEBREPORTS_VSIX = packageExtension(path.join(dir, 'website-reports.vsix'));
    return { dir, failed: 0 };
  } catch (err) {
    console.error(`packaging failed: ${err && err.message ? err.message : err}`);
    return { dir, failed: 1 };
  }
}

(async () => {
  const packaged = packageOnce();
  const unit = await runUnit();
  // Let anything a test left behind (timers, sockets) fail now rather than after the count.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const pending = unit.pending ? `, ${unit.pending} pending` : '';
  console.log(`\nunit: ${unit.passed} passed, ${unit.failed} failed${pending}`);
  if (unit.pending && process.env.CI) console.log('pending unit tests count as failures under CI');
  const integration = runIntegration();
  if (integration.skipped) console.log('integration: not run (WEBREPORTS_SKIP_INTEGRATION=1)');
  if (integration.note) console.log(integration.note);
  const passed = unit.passed + integration.passed;
  fs.rmSync(packaged.dir, { recursive: true, force: true });
  const failed = packaged.failed + unit.failed + integration.failed + strayErrors + (process.env.CI ? unit.pending : 0);
  if (strayErrors) console.log(`${strayErrors} error(s) outside any test counted as failures`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 && passed > 0 ? 0 : 1);
})();
