// Bundles the extension (and, when present, the webview scripts in media/) with esbuild.
// `--production` minifies; `--watch` rebuilds on change. Otherwise a bundle whose inputs and
// output are as the last build left them is not built again (see cachedBuild).
const esbuild = require('esbuild');
const fs = require('node:fs');
const path = require('node:path');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const { writeUndiciWasm, wasmApart } = require('./scripts/undiciWasm');

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
    // undici's parser as files beside the bundles (dist/*.wasm), shared with the MCP server's.
    plugins: [wasmApart],
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
  // The MCP server the editor offers agents (extension/agentTools/mcpDefinition.ts), run by the
  // editor's own Node: cli/mcp only, with the MCP SDK inside; the analysis worker above serves it too.
  {
    ...common,
    entryPoints: ['cli/mcp/mcpMain.ts'],
    outfile: 'dist/mcp.js',
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    plugins: [wasmApart],
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

// Each bundle's files (its inputs, from esbuild's metafile, and its outputs) with their size and
// time after its last build, kept in out/ with tsc's incremental state (npm run clean removes both).
const CACHE_FILE = path.join(__dirname, 'out', 'esbuild-cache.json');

function stamp(file) {
  try {
    const stat = fs.statSync(file);
    return `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return null;
  }
}

function readCache() {
  try {
    return JSON.parse(fs.readFileSync(CACHE_FILE, 'utf8'));
  } catch {
    return {};
  }
}

// Files may keep their time in whole seconds: one written this close to a build's start may have
// been written while it ran.
const CLOCK_SLACK_MS = 2000;

/**
 * Builds `target` unless every file of its last build with the same options is unchanged, and
 * returns its files' stamps. An input written while the build ran is remembered as unknown, so the
 * next run builds again rather than keep a bundle of its older text.
 */
async function cachedBuild(target, cache) {
  const last = cache[JSON.stringify(target)];
  if (last && Object.entries(last).every(([file, was]) => was !== null && stamp(file) === was)) return last;
  const started = Date.now() - CLOCK_SLACK_MS;
  const { metafile } = await esbuild.build({ ...target, metafile: true });
  const stamps = {};
  for (const file of Object.keys(metafile.outputs)) stamps[file] = stamp(file);
  for (const file of Object.keys(metafile.inputs)) {
    const mtime = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    stamps[file] = mtime === undefined || mtime >= started ? null : stamp(file);
  }
  return stamps;
}

async function main() {
  copyCodicons();
  writeUndiciWasm(path.join(__dirname, 'dist'));
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
    for (const t of targets) await (await esbuild.context({ ...t, plugins: [...(t.plugins ?? []), markers] })).watch();
    return;
  }
  // A production build (vsce) always builds; the next ordinary one sees its outputs changed.
  if (production) {
    await Promise.all(targets.map((t) => esbuild.build(t)));
    return;
  }
  const cache = readCache();
  const stamps = await Promise.all(targets.map((t) => cachedBuild(t, cache)));
  const next = Object.fromEntries(targets.map((t, i) => [JSON.stringify(t), stamps[i]]));
  fs.mkdirSync(path.dirname(CACHE_FILE), { recursive: true });
  fs.writeFileSync(CACHE_FILE, JSON.stringify(next));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
