// `npm run package`: the .vsix with @vscode/vsce 3.9.x (it declares node >= 20); vsce first runs
// the manifest's `vscode:prepublish`, the production bundle (minified, no source map). `--no-dependencies`: the bundle already holds undici,
// so no node_modules go into the package; .vscodeignore is an allow-list of what ships.
//
//   node scripts/package.js [--out FILE]     default: website-reports-<version>.vsix in the repo root
//
// The unit test (test/unit/package/) and the integration run (test/host/run.ts) call this too;
// `npm test` packages once and hands the file to both through WEBREPORTS_VSIX.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');

function packageExtension(out) {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const file = path.resolve(out ?? path.join(ROOT, `${pkg.name}-${pkg.version}.vsix`));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const vsce = path.join(path.dirname(require.resolve('@vscode/vsce/package.json')), 'vsce');
  const quiet = { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] };
  execFileSync(process.execPath, [vsce, 'package', '--no-dependencies', '--out', file], quiet);
  return file;
}

module.exports = { packageExtension };

if (require.main === module) {
  const at = process.argv.indexOf('--out');
  try {
    packageExtension(at > 0 ? process.argv[at + 1] : undefined);
  } catch (err) {
    console.error(`packaging failed: ${err.message}`);
    process.exit(1);
  }
}
