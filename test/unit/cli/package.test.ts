// The published package as a user gets it: `npm run package:cli` makes the tarball, which holds
// the bundled command line and its analysis worker and no native module, and `npm install -g` of it into a fresh prefix gives a
// working `website-reports`. Slow (esbuild, npm pack, npm install): one test.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AnalysisPool } from '../../../core/analysis/analysisPool';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

describe('cli: the npm package', function () {
  this.timeout(180_000);

  it('installs globally from the tarball and answers --help; it holds no native module and no dependency; its analysis worker runs', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webreports-clipkg-'));
    const out = execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'packageCli.js'), '--out-dir', dir], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    const tarball = out.trim().split('\n').pop() as string;
    const version = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
    assert.equal(path.basename(tarball), `website-reports-cli-${version}.tgz`);
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n').sort();
    assert.deepEqual(files, [
      'package/LICENSE',
      'package/README.md',
      'package/dist/analysisWorker.js',
      'package/dist/website-reports.js',
      'package/package.json',
      'package/schemas/website-reports.schema.json',
    ]);
    assert.ok(!files.some((f) => f.endsWith('.node')));
    const manifest = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }));
    assert.equal(manifest.name, 'website-reports-cli');
    assert.deepEqual(manifest.bin, { 'website-reports': 'dist/website-reports.js' });
    assert.equal(manifest.engines.node, '>=20');
    assert.equal(manifest.dependencies, undefined);
    const prefix = path.join(dir, 'prefix');
    execFileSync('npm', ['install', '-g', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', tarball], {
      cwd: dir,
      stdio: 'pipe',
    });
    const help = execFileSync(path.join(prefix, 'bin', 'website-reports'), ['--help'], { encoding: 'utf8', cwd: dir });
    assert.match(help, /^Usage: website-reports check \[paths\.\.\.\]/);
    const installed = fs.readdirSync(path.join(prefix, 'lib', 'node_modules', 'website-reports-cli'), { recursive: true }) as string[];
    assert.ok(!installed.some((f) => f.endsWith('.node')), 'no native module installed');
    // The bundled worker, where the bundled pool looks for it (beside dist/website-reports.js), analyses a page.
    const workerFile = path.join(prefix, 'lib', 'node_modules', 'website-reports-cli', 'dist', 'analysisWorker.js');
    const pool = new AnalysisPool({ workerFile });
    try {
      const local = await pool.analyseHtml('<html><head><title>A page of the package</title></head><body><img src=a.png></body></html>');
      assert.equal(local.checks.find((c) => c.key === 'image_keywords')?.passed, false);
    } finally {
      await pool.close();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
