// The command line's npm package as the registry gets it: the folder scripts/packageCli.js stages,
// and what `npm pack --dry-run` there would publish — only the bundle, the schema, the README and
// the licence — with a manifest ready for the registry (`npx website-reports check`).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the plain CommonJS packaging script
const { stageCli } = require(path.join(ROOT, 'scripts', 'packageCli.js')) as { stageCli(dir: string): Promise<unknown> };

describe('cli: the npm package, staged', function () {
  this.timeout(60_000);
  let stage: string;

  before(async () => {
    stage = fs.mkdtempSync(path.join(os.tmpdir(), 'webreports-clistage-'));
    await stageCli(stage);
  });
  after(() => fs.rmSync(stage, { recursive: true, force: true }));

  it('npm pack --dry-run lists only what the command needs', () => {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: stage, encoding: 'utf8' });
    const [packed] = JSON.parse(out) as { name: string; files: { path: string }[] }[];
    assert.equal(packed.name, 'website-reports');
    assert.deepEqual(packed.files.map((f) => f.path).sort(), [
      'LICENSE',
      'README.md',
      'dist/analysisWorker.js',
      'dist/llhttp.wasm',
      'dist/llhttp_simd.wasm',
      'dist/website-reports-http.js',
      'dist/website-reports-main.js',
      'dist/website-reports-mcp.js',
      'dist/website-reports.js',
      'package.json',
      'schemas/website-reports.schema.json',
    ]);
  });

  it('has a manifest ready for the registry: the version of package.json, bin, engines, licence, repository, no dependencies', () => {
    const root = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    const manifest = JSON.parse(fs.readFileSync(path.join(stage, 'package.json'), 'utf8'));
    assert.equal(manifest.name, 'website-reports');
    assert.equal(manifest.version, root.version);
    assert.deepEqual(manifest.bin, { 'website-reports': 'dist/website-reports.js' });
    assert.equal(manifest.engines.node, '>=20');
    assert.equal(manifest.license, root.license);
    assert.equal(manifest.repository.url, `git+${root.repository.url}`);
    assert.equal(manifest.repository.directory, 'cli');
    for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies', 'scripts', 'private']) {
      assert.equal(manifest[field], undefined, field);
    }
    // npm runs the bin with Node: the file says so.
    assert.match(fs.readFileSync(path.join(stage, 'dist', 'website-reports.js'), 'utf8'), /^#!\/usr\/bin\/env node\n/);
  });
});
