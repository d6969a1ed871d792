// `npm run release`: what a release ships, in release/ (git ignores it): the extension
// (website-reports-<version>.vsix, scripts/package.js), the command line's npm package
// (website-reports-cli-<version>.tgz, scripts/packageCli.js) and SHA256SUMS over both, in the
// format of `sha256sum` (so `sha256sum -c SHA256SUMS` checks them). .github/workflows/release.yml
// runs it on a tag v<version> and attaches the three files to the GitHub release.
//
//   node scripts/release.js [--out-dir DIR] [--notes FILE]
//     --notes FILE   also writes the CHANGELOG's section of this version to FILE (the release's text)
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const SUMS_FILE = 'SHA256SUMS';

/** The files of a release of `version`, in the order they are made. */
function releaseFiles(version) {
  const { tarballName } = require('./packageCli');
  return [`website-reports-${version}.vsix`, tarballName(version), SUMS_FILE];
}

function sha256Of(file) {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** `sha256sum`'s lines for the files `names` in `dir`: the hex digest, two spaces, the name. */
function sha256Sums(dir, names) {
  return names.map((name) => `${sha256Of(path.join(dir, name))}  ${name}\n`).join('');
}

/** The CHANGELOG's section of `version` (below its `## <version> — <date>` heading, up to the next one), or undefined. */
function releaseNotes(changelog, version) {
  const lines = changelog.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`## ${version} `) || l === `## ${version}`);
  // Still "Unreleased": the entries were not moved under the version's heading yet.
  if (start < 0 || /unreleased/i.test(lines[start])) return undefined;
  const end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  const body = lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
  return `${body.trim()}\n`;
}

/**
 * Makes the release's files in `outDir` (emptied of an earlier release's first). The packagers can
 * be handed in (a test does: the real .vsix takes a production build and vsce).
 */
async function release(outDir = path.join(ROOT, 'release'), packagers = {}) {
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const packageExtension = packagers.packageExtension ?? require('./package').packageExtension;
  const packageCli = packagers.packageCli ?? require('./packageCli').packageCli;
  const names = releaseFiles(version);
  fs.mkdirSync(outDir, { recursive: true });
  for (const name of fs.readdirSync(outDir)) {
    if (name === SUMS_FILE || /\.(vsix|tgz)$/.test(name)) fs.rmSync(path.join(outDir, name));
  }
  const vsix = packageExtension(path.join(outDir, names[0]));
  const tarball = await packageCli(outDir);
  const made = [path.basename(vsix), path.basename(tarball)];
  if (made.join() !== names.slice(0, 2).join()) throw new Error(`made ${made.join(', ')}, expected ${names.slice(0, 2).join(', ')}`);
  fs.writeFileSync(path.join(outDir, SUMS_FILE), sha256Sums(outDir, made));
  return names.map((name) => path.join(outDir, name));
}

module.exports = { release, releaseFiles, releaseNotes, sha256Sums, SUMS_FILE };

async function main() {
  const option = (name) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? path.resolve(process.argv[at + 1]) : undefined;
  };
  const notes = option('--notes');
  if (notes) {
    // Before the packaging: a release without its text stops at once.
    const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    const text = releaseNotes(fs.readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8'), version);
    if (!text) throw new Error(`CHANGELOG.md has no released section "## ${version} — <date>"`);
    fs.writeFileSync(notes, text);
  }
  console.log((await release(option('--out-dir'))).join('\n'));
}

if (require.main === module) {
  main().catch((err) => {
    console.error(`the release failed: ${err.message}`);
    process.exit(1);
  });
}
