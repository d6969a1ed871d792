// `npm run package:cli`: the command line as its own npm package, website-reports-cli-<version>.tgz
// in the repo root. esbuild bundles cli/main.ts with everything it uses (undici, sax,
// @vscode/l10n) into one file and the page analysis's worker thread (node-html-parser) into
// another beside it, so the package has no dependencies to install; a staging folder gets those
// files, cli/package.json (the version of the root package.json), the schema, the docs
// and the licence, and `npm pack` makes the tarball.
//
//   node scripts/packageCli.js [--out-dir DIR]     default: the repo root
const { execFileSync } = require('node:child_process');
const esbuild = require('esbuild');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');

async function packageCli(outDir = ROOT) {
  const root = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'website-reports-cli-'));
  try {
    const bundle = {
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      minify: true,
      legalComments: 'none',
      logLevel: 'warning',
    };
    await esbuild.build({
      ...bundle,
      entryPoints: [path.join(ROOT, 'cli', 'main.ts')],
      outfile: path.join(stage, 'dist', 'website-reports.js'),
    });
    // The page analysis's worker thread, beside the bundle where core/analysis/analysisPool.ts looks for it.
    await esbuild.build({
      ...bundle,
      entryPoints: [path.join(ROOT, 'core', 'analysis', 'analysisWorker.ts')],
      outfile: path.join(stage, 'dist', 'analysisWorker.js'),
    });
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'cli', 'package.json'), 'utf8'));
    pkg.version = root.version;
    fs.writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
    fs.mkdirSync(path.join(stage, 'schemas'));
    fs.copyFileSync(path.join(ROOT, 'schemas', 'website-reports.schema.json'), path.join(stage, 'schemas', 'website-reports.schema.json'));
    fs.copyFileSync(path.join(ROOT, 'docs', 'CLI.md'), path.join(stage, 'README.md'));
    fs.copyFileSync(path.join(ROOT, 'LICENSE'), path.join(stage, 'LICENSE'));
    fs.mkdirSync(outDir, { recursive: true });
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const out = execFileSync(npm, ['pack', '--json', '--pack-destination', path.resolve(outDir)], { cwd: stage, encoding: 'utf8' });
    const [{ filename }] = JSON.parse(out);
    return path.join(path.resolve(outDir), filename);
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

module.exports = { packageCli };

if (require.main === module) {
  const at = process.argv.indexOf('--out-dir');
  packageCli(at > 0 ? process.argv[at + 1] : undefined).then(
    (file) => console.log(file),
    (err) => {
      console.error(`packaging the command line failed: ${err.message}`);
      process.exit(1);
    },
  );
}
