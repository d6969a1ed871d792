// The in-host suite index: VS Code loads this module (extensionTestsPath) inside the extension host
// and calls run() under code-server (test/host/run.ts). It runs every
// out/test/integration/**/*.test.js with mocha and prints `in-host: N passed, N failed` (the host
// runner parses that line) and each failure. (Desktop VS Code runs the same files through
// @vscode/test-cli's own runner, in the same order: .vscode-test.mjs.)
//
// Order: files run alphabetically, except activation.test.js first: it checks that nothing has
// contacted the service before anybody opened the view.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

const FIRST = ['activation.test.js'];

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.name.endsWith('.test.js')) yield full;
  }
}

export function testFiles(root = __dirname): string[] {
  const files = [...walk(root)];
  const rank = (f: string) => {
    const i = FIRST.indexOf(path.relative(root, f));
    return i === -1 ? FIRST.length : i;
  };
  return files
    .map((f, i) => ({ f, i }))
    .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
    .map((x) => x.f);
}

/**
 * A developer's shortcut, never set in CI: WEBREPORTS_IT_ONLY=a,b runs only the suite files whose
 * path contains one of the words (the host runner then skips the UI checks and the .vsix phase).
 */
export function onlyFiles(files: string[], only = process.env.WEBREPORTS_IT_ONLY): string[] {
  const words = (only ?? '')
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
  return words.length === 0 ? files : files.filter((f) => words.some((w) => f.includes(w)));
}

export function run(): Promise<void> {
  return runFiles(onlyFiles(testFiles()));
}

/** Runs the given suite files with mocha and prints the `in-host:` lines (also used by test/integration-vsix). */
export function runFiles(files: string[]): Promise<void> {
  const mocha = new Mocha({
    ui: 'bdd',
    color: false,
    timeout: Number(process.env.WEBREPORTS_IT_MOCHA_TIMEOUT || 30_000),
    reporter: 'spec',
  });
  for (const file of files) mocha.addFile(file);
  console.log(`in-host: start (${files.length} suite files)`);
  return new Promise((resolve, reject) => {
    const failures: { title: string; error: string }[] = [];
    let runner: Mocha.Runner;
    try {
      runner = mocha.run(() => {
        const { passes, failures: failed, pending } = runner.stats ?? { passes: 0, failures: 0, pending: 0 };
        for (const f of failures) console.log(`in-host failure: ${f.title}: ${f.error}`);
        console.log(`in-host: ${passes} passed, ${failed} failed, ${pending} pending`);
        if (failed > 0) reject(new Error(`${failed} in-host test(s) failed`));
        else resolve();
      });
      runner.on('fail', (test, err: Error) => {
        failures.push({ title: test.fullTitle(), error: (err?.message ?? String(err)).split('\n')[0] });
      });
    } catch (err) {
      console.log(`in-host: 0 passed, 1 failed, 0 pending`);
      reject(err);
    }
  });
}
