// `npm run package:action`: the command line the GitHub Action runs, committed in action/dist/ as
// JavaScript actions ship theirs, so a workflow runs it at once: no `npm ci`, no build, no native
// module on the runner. Three files: website-reports.js (cli/main.ts with everything it uses inlined:
// undici and its WebAssembly parser, sax, @vscode/l10n), analysisWorker.js, the page analysis's
// worker thread, which core/analysis/analysisPool.ts looks for beside the bundle (`check --local`),
// and website-reports-mcp.js, the MCP SDK, which only `mcp` loads.
// The same sources and the same esbuild give the same bytes: test/unit/cli/actionDist.test.ts
// rebuilds into a temporary folder and fails when action/dist/ is stale.
//
//   node scripts/packageAction.js [--out-dir DIR]     default: action/dist
const esbuild = require('esbuild');
const fs = require('node:fs');
const path = require('node:path');
const { BUNDLE_OPTIONS, noHttp2, noNodeHttp, lazyAssert, lazyFsPromises, partApart, MCP_MODULE, MCP_FILE } = require('./packageCli');

const ROOT = path.join(__dirname, '..');
const ACTION_DIST = path.join(ROOT, 'action', 'dist');

/** The files of action/dist/, in order. */
const ACTION_FILES = ['analysisWorker.js', 'website-reports-mcp.js', 'website-reports.js'];

const BANNER = '// Built by `npm run package:action` (scripts/packageAction.js) from cli/ and core/: do not edit.';

async function bundleAction(dir = ACTION_DIST) {
  fs.mkdirSync(dir, { recursive: true });
  const common = { ...BUNDLE_OPTIONS, banner: { js: BANNER } };
  await Promise.all([
    // cli/main.ts starts itself when it is the program (`require.main === module`).
    esbuild.build({
      ...common,
      entryPoints: [path.join(ROOT, 'cli', 'main.ts')],
      outfile: path.join(dir, 'website-reports.js'),
      // The same start-up cuts as the package's (scripts/packageCli.js): the action starts as fast.
      plugins: [noHttp2, noNodeHttp, lazyAssert, lazyFsPromises, partApart('mcp-apart', MCP_MODULE, MCP_FILE)],
    }),
    // The MCP SDK (`mcp` only), a file of its own so that `check` never reads it.
    esbuild.build({ ...common, entryPoints: [MCP_MODULE], outfile: path.join(dir, MCP_FILE) }),
    esbuild.build({
      ...common,
      entryPoints: [path.join(ROOT, 'core', 'analysis', 'analysisWorker.ts')],
      outfile: path.join(dir, 'analysisWorker.js'),
    }),
  ]);
  return ACTION_FILES.map((f) => path.join(dir, f));
}

module.exports = { bundleAction, ACTION_DIST, ACTION_FILES };

if (require.main === module) {
  const at = process.argv.indexOf('--out-dir');
  bundleAction(at > 0 ? path.resolve(process.argv[at + 1]) : undefined).then(
    (files) => console.log(files.join('\n')),
    (err) => {
      console.error(`packaging the action's command line failed: ${err.message}`);
      process.exit(1);
    },
  );
}
