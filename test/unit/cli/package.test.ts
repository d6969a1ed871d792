// The published package as a user gets it: `npm run package:cli` makes the tarball, which holds
// the bundle (two files: the HTTP part is loaded only when needed; undici's HTTP parser as two
// WebAssembly files), the analysis worker and no native module, and `npm install -g` of it into a
// fresh prefix gives a working `website-reports`, which checks URLs against the local service.
// Slow (esbuild, npm pack, npm install): one test.
import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { execFile } from 'node:child_process';
import { startService } from '../../../service/server';
import { writeDataFile } from '../actions/reportRecords';
import { assertWorkerAnalyses } from '../analysis/workerSmoke';

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
      'package/dist/llhttp.wasm',
      'package/dist/llhttp_simd.wasm',
      'package/dist/website-reports-http.js',
      'package/dist/website-reports-main.js',
      'package/dist/website-reports-mcp.js',
      'package/dist/website-reports.js',
      'package/package.json',
      'package/schemas/website-reports.schema.json',
    ]);
    assert.ok(!files.some((f) => f.endsWith('.node')));
    // The entry loads the command's parts through the compile cache's loader, which runs no import()
    // and reads a part as Latin-1 (compileCache.ts): each must be ASCII.
    for (const part of ['website-reports-main.js', 'website-reports-http.js', 'website-reports-mcp.js']) {
      const code = execFileSync('tar', ['-xzOf', tarball, `package/dist/${part}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      assert.doesNotMatch(code, /(?<![\w$.])import\(/, `${part} holds an import()`);
      assert.doesNotMatch(code, /[\u0080-\uffff]/, `${part} is not ASCII`);
    }
    const manifest = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }));
    assert.equal(manifest.name, 'website-reports');
    assert.deepEqual(manifest.bin, { 'website-reports': 'dist/website-reports.js' });
    assert.equal(manifest.engines.node, '>=20');
    assert.equal(manifest.dependencies, undefined);
    const prefix = path.join(dir, 'prefix');
    execFileSync('npm', ['install', '-g', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', tarball], {
      cwd: dir,
      stdio: 'pipe',
    });
    // Its compile cache (Node 20: cli/startup/compileCache.ts) in a folder of this test's own.
    const compileCache = path.join(dir, 'compile-cache');
    const help = execFileSync(path.join(prefix, 'bin', 'website-reports'), ['--help'], {
      encoding: 'utf8',
      cwd: dir,
      env: { ...process.env, NODE_COMPILE_CACHE: compileCache },
    });
    assert.match(help, /^Usage: website-reports check \[paths\.\.\.\]/);
    // `mcp` loads the MCP SDK's part (dist/website-reports-mcp.js, bundled) and answers over stdio.
    const mcp = spawnSync(path.join(prefix, 'bin', 'website-reports'), ['mcp'], {
      cwd: dir,
      encoding: 'utf8',
      input: `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } })}\n${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })}\n`,
      env: { PATH: process.env.PATH, NODE_COMPILE_CACHE: compileCache },
    });
    assert.equal(mcp.status, 0, mcp.stderr);
    assert.match(mcp.stdout, /"name":"explain_check"/);
    // A check loads the HTTP part (dist/website-reports-http.js) from the installed folder: a
    // closed port on loopback answers "could not reach", not "Cannot find module".
    fs.writeFileSync(path.join(dir, 'urls.md'), 'https://example.com/\n');
    const checked = spawnSync(path.join(prefix, 'bin', 'website-reports'), ['check'], {
      cwd: dir,
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        WEBREPORTS_API_KEY: 'package-test-key-0000',
        WEBREPORTS_BASE_URL: 'http://127.0.0.1:9',
        NODE_COMPILE_CACHE: compileCache,
      },
    });
    assert.equal(checked.status, 2, checked.stderr);
    assert.doesNotMatch(checked.stderr, /Cannot find module/);
    assert.match(checked.stderr, /127\.0\.0\.1:9/);
    // The same run loads neither Node's HTTP/2 (undici's unused h2 client, left out of the bundle)
    // nor its HTTP/1 (undici's two uses of it are answered without it) nor TLS nor crypto: start-up
    // the run does not need (a plain-http service, no hash). Nor node:assert (undici's invariants,
    // loaded when one fails) nor fs/promises (@vscode/l10n's reading of a bundle from a URI).
    const loaded = path.join(dir, 'loaded.json');
    const hook = path.join(dir, 'loaded.js');
    fs.writeFileSync(
      hook,
      `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(loaded)}, JSON.stringify(process.moduleLoadList)));`,
    );
    const bin = path.join(prefix, 'lib', 'node_modules', 'website-reports', 'dist', 'website-reports.js');
    const traced = spawnSync(process.execPath, ['--require', hook, bin, 'check'], {
      cwd: dir,
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        WEBREPORTS_API_KEY: 'package-test-key-0000',
        WEBREPORTS_BASE_URL: 'http://127.0.0.1:9',
        NODE_COMPILE_CACHE: compileCache,
      },
    });
    assert.equal(traced.status, 2, traced.stderr);
    const modules = (JSON.parse(fs.readFileSync(loaded, 'utf8')) as string[]).filter((m) => m.startsWith('NativeModule '));
    assert.ok(modules.includes('NativeModule net'), 'the HTTP part was loaded');
    for (const unwanted of ['http', 'http2', 'tls', 'crypto', 'assert', 'fs/promises']) {
      assert.ok(!modules.includes(`NativeModule ${unwanted}`), `${unwanted} was loaded`);
    }
    // Against the local service the run reads answers: undici's parser comes from the installed
    // WebAssembly files (the SIMD one, and the plain one where SIMD is turned off). The first such
    // run keeps its compiled code (the command's two parts); the second takes it back and so
    // writes nothing (a cache V8 refused would be written again).
    const service = await startService({
      apiKey: 'package-test-key-0000',
      dataFile: await writeDataFile([{ url: 'https://example.com/', score: 91 }]),
    });
    const project = path.join(dir, 'project');
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, 'urls.md'), 'https://example.com/\n');
    const versioned = path.join(compileCache, `${process.version}-${process.arch}`);
    const kept = () =>
      fs
        .readdirSync(versioned)
        .filter((f) => f.includes('-check-'))
        .map((f) => `${f} ${fs.statSync(path.join(versioned, f)).mtimeMs}`);
    let afterFirst: string[] = [];
    try {
      for (const simd of ['0', '1']) {
        const run = await promisify(execFile)(path.join(prefix, 'bin', 'website-reports'), ['check', '--format', 'json'], {
          cwd: project,
          encoding: 'utf8',
          env: {
            PATH: process.env.PATH,
            WEBREPORTS_API_KEY: 'package-test-key-0000',
            WEBREPORTS_BASE_URL: service.url,
            UNDICI_NO_WASM_SIMD: simd,
            NODE_COMPILE_CACHE: compileCache,
          },
        });
        const json = JSON.parse(run.stdout) as { urls: { url: string; rating: string; score: number }[] };
        assert.deepEqual(
          json.urls.map((u) => [u.url, u.rating, u.score]),
          [['https://example.com/', 'good', 91]],
        );
        if (simd === '0') afterFirst = kept();
      }
      assert.deepEqual(
        afterFirst.map((f) => f.replace(/-check-.*/, '')),
        ['website-reports-http.js', 'website-reports-main.js'],
      );
      assert.deepEqual(kept(), afterFirst, 'the second run took the cache back');
    } finally {
      await service.close();
    }
    const installed = fs.readdirSync(path.join(prefix, 'lib', 'node_modules', 'website-reports'), { recursive: true }) as string[];
    assert.ok(!installed.some((f) => f.endsWith('.node')), 'no native module installed');
    // The bundled worker, where the bundled pool looks for it (beside dist/website-reports.js), analyses a page.
    const workerFile = path.join(prefix, 'lib', 'node_modules', 'website-reports', 'dist', 'analysisWorker.js');
    await assertWorkerAnalyses(workerFile);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
