// Bundles the extension (and, when present, the webview scripts in media/) with esbuild.
// `--production` minifies; `--watch` rebuilds on change.
const esbuild = require('esbuild');
const fs = require('node:fs');
const path = require('node:path');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const common = { bundle: true, sourcemap: !production, minify: production, logLevel: 'warning' };

const targets = [
  {
    ...common,
    entryPoints: ['extension/extension.ts'],
    outfile: 'dist/extension.js',
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['vscode'],
  },
  // The page analysis's worker thread (core/analysis/analysisPool.ts finds it beside the bundle).
  {
    ...common,
    entryPoints: ['core/analysis/analysisWorker.ts'],
    outfile: 'dist/analysisWorker.js',
    format: 'cjs',
    platform: 'node',
    target: 'node20',
  },
];

// Webview scripts live in media/src/*.ts and are bundled for the browser into media/dist/.
const webviewDir = path.join(__dirname, 'media', 'src');
const webviewEntries = fs
  .readdirSync(webviewDir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => path.join(webviewDir, f));
targets.push({ ...common, entryPoints: webviewEntries, outdir: 'media/dist', format: 'iife', platform: 'browser', target: 'es2022' });

// The codicon font and stylesheet for the webviews, copied from @vscode/codicons (shipped in media/dist).
function copyCodicons() {
  const from = path.join(__dirname, 'node_modules', '@vscode', 'codicons', 'dist');
  const to = path.join(__dirname, 'media', 'dist');
  fs.mkdirSync(to, { recursive: true });
  for (const file of ['codicon.css', 'codicon.ttf']) fs.copyFileSync(path.join(from, file), path.join(to, file));
}

async function main() {
  copyCodicons();
  if (watch) {
    // Background-task markers for .vscode/tasks.json: a rebuild starts and ends with these lines.
    const markers = {
      name: 'watch-markers',
      setup(build) {
        build.onStart(() => console.log('[watch] build started'));
        build.onEnd((result) => {
          // One line per problem, `file:line:column`, so the watch task's problem matcher can place it.
          for (const [severity, messages] of [
            ['error', result.errors],
            ['warning', result.warnings],
          ]) {
            for (const m of messages) {
              const at = m.location ? `${m.location.file}:${m.location.line}:${m.location.column + 1}` : 'esbuild.js:1:1';
              console.log(`[watch] ${severity} ${at}: ${m.text}`);
            }
          }
          console.log(`[watch] build finished with ${result.errors.length} error(s)`);
        });
      },
    };
    for (const t of targets) await (await esbuild.context({ ...t, plugins: [markers] })).watch();
    return;
  }
  await Promise.all(targets.map((t) => esbuild.build(t)));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
