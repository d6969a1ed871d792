// `npm test` after build and lint: the unit tests in plain Node, then (when present) the
// integration run in a real VS Code. Ends with one line "N passed, N failed" covering both.
const path = require('node:path');
const fs = require('node:fs');
const { spawnSync } = require('node:child_process');
const Mocha = require('mocha');

function runUnit() {
  const config = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '.mocharc.json'), 'utf8'));
  const mocha = new Mocha({ timeout: config.timeout, reporter: 'spec' });
  const root = path.join(__dirname, '..', 'out', 'test', 'unit');
  for (const file of walk(root)) if (file.endsWith('.test.js')) mocha.addFile(file);
  return new Promise((resolve) => {
    const runner = mocha.run(() => resolve({ passed: runner.stats.passes, failed: runner.stats.failures }));
  });
}

function* walk(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

// The integration runner prints "integration: N passed, N failed" as its last such line.
function runIntegration() {
  const runner = path.join(__dirname, '..', 'out', 'test', 'host', 'run.js');
  if (!fs.existsSync(runner) || process.env.WEBREPORTS_SKIP_INTEGRATION === '1') return { passed: 0, failed: 0, skipped: true };
  const result = spawnSync(process.execPath, [runner], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  process.stdout.write(result.stdout ?? '');
  const matches = [...(result.stdout ?? '').matchAll(/^integration: (\d+) passed, (\d+) failed/gm)];
  const last = matches[matches.length - 1];
  if (!last) return { passed: 0, failed: 1, note: `the integration run reported no result (exit ${result.status})` };
  const counts = { passed: Number(last[1]), failed: Number(last[2]) };
  if (result.status !== 0 && counts.failed === 0) counts.failed = 1;
  return counts;
}

(async () => {
  const unit = await runUnit();
  console.log(`\nunit: ${unit.passed} passed, ${unit.failed} failed`);
  const integration = runIntegration();
  if (integration.skipped) console.log('integration: not run (no test/host runner built, or WEBREPORTS_SKIP_INTEGRATION=1)');
  if (integration.note) console.log(integration.note);
  const passed = unit.passed + integration.passed;
  const failed = unit.failed + integration.failed;
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 && passed > 0 ? 0 : 1);
})();
