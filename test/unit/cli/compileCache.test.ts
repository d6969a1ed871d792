// The command's compile cache on Node 20 (cli/startup/compileCache.ts): parts loaded as Node loads
// a CommonJS file, their compiled code kept per kind of run in the user's own cache folder and
// taken back by V8 in the next run; a broken or stale cache is compiled afresh and replaced, never
// trusted. Real files in a temporary folder, each run in its own Node, as the command's runs are.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { writeAtomicallySync } from '../../../core/files/atomicWrite';
import { compileCacheDir, KEPT_VERSIONS, PartLoader, profileOf } from '../../../cli/startup/compileCache';

const HOME = path.join(path.sep, 'home', 'someone');
const VERSIONED = `${process.version}-${process.arch}`;
const IDS = { 'main.js': 'aaaa1111', 'http.js': 'bbbb2222' };

describe('cli: the compile cache of Node 20', () => {
  let dir: string;
  let parts: string;
  let cache: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webreports-compilecache-'));
    parts = path.join(dir, 'dist');
    cache = path.join(dir, 'cache');
    fs.mkdirSync(parts);
    // Two parts as the bundles are: one requires the other by `./name.js`, and Node's own modules.
    fs.writeFileSync(
      path.join(parts, 'main.js'),
      "#!/usr/bin/env node\nconst path = require('node:path');\nexports.where = () => path.basename(__dirname);\nexports.http = () => require('./http.js').answer();\n",
    );
    fs.writeFileSync(path.join(parts, 'http.js'), 'let calls = 0;\nmodule.exports = { answer: () => ++calls };\n');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const cacheFiles = () => (fs.existsSync(cache) ? fs.readdirSync(cache).sort() : []);

  it('is kept in the user’s own cache folder, per Node; NODE_COMPILE_CACHE and NODE_DISABLE_COMPILE_CACHE as in Node 22; in CI only where named', () => {
    assert.equal(compileCacheDir({}, 'linux', HOME), path.join(HOME, '.cache', 'website-reports', 'compile-cache', VERSIONED));
    assert.equal(compileCacheDir({ XDG_CACHE_HOME: '/x' }, 'linux', HOME), path.join('/x', 'website-reports', 'compile-cache', VERSIONED));
    assert.equal(compileCacheDir({}, 'darwin', HOME), path.join(HOME, 'Library', 'Caches', 'website-reports', 'compile-cache', VERSIONED));
    assert.equal(
      compileCacheDir({ LOCALAPPDATA: 'C:\\L' }, 'win32', HOME),
      path.join('C:\\L', 'website-reports', 'compile-cache', VERSIONED),
    );
    assert.equal(compileCacheDir({ NODE_COMPILE_CACHE: '/c' }, 'linux', undefined), path.join('/c', VERSIONED));
    assert.equal(compileCacheDir({ NODE_DISABLE_COMPILE_CACHE: '1', NODE_COMPILE_CACHE: '/c' }, 'linux', HOME), undefined);
    assert.equal(compileCacheDir({}, 'linux', undefined), undefined, 'no home: no cache (never a shared folder)');
    assert.equal(compileCacheDir({ CI: 'true' }, 'linux', HOME), undefined, 'in CI, only where the workflow names a folder');
    assert.equal(compileCacheDir({ CI: 'true', NODE_COMPILE_CACHE: '/kept' }, 'linux', HOME), path.join('/kept', VERSIONED));
    assert.equal(compileCacheDir({ CI: 'false' }, 'linux', HOME), path.join(HOME, '.cache', 'website-reports', 'compile-cache', VERSIONED));
  });

  it('one cache per kind of run', () => {
    assert.equal(profileOf(['check']), 'check');
    assert.equal(profileOf(['check', 'docs', '--format', 'json']), 'check');
    assert.equal(profileOf(['check', '--dump']), 'check+dump');
    assert.equal(profileOf(['check', '--local=dist']), 'check+local');
    assert.equal(profileOf(['scan', 'https://a.test/sitemap.xml']), 'scan');
    assert.equal(profileOf(['merge']), 'merge');
    assert.equal(profileOf(['--help']), 'other');
    assert.equal(profileOf([]), 'other');
  });

  /**
   * One run in its own Node (a run's V8 keeps what it compiled in memory too, so a second load in
   * this process would not read the cache at all): loads main.js, calls it, saves; says what it got.
   */
  const run = (profile: string, ids = IDS): { where: string; http: number; error?: string } => {
    const code = `
      const { PartLoader } = require(${JSON.stringify(require.resolve('../../../cli/startup/compileCache'))});
      const { writeAtomicallySync } = require(${JSON.stringify(require.resolve('../../../core/files/atomicWrite'))});
      const parts = new PartLoader(${JSON.stringify(parts)}, ${JSON.stringify(cache)}, ${JSON.stringify(profile)}, ${JSON.stringify(ids)});
      const out = {};
      try {
        const main = parts.load('main.js');
        out.where = main.where();
        main.http();
        out.http = main.http();
      } catch (error) { out.error = error.message; }
      parts.save(writeAtomicallySync);
      process.stdout.write(JSON.stringify(out));`;
    const child = spawnSync(process.execPath, ['-e', code], { encoding: 'utf8' });
    assert.equal(child.status, 0, child.stderr);
    return JSON.parse(child.stdout) as { where: string; http: number; error?: string };
  };
  const stamps = () => cacheFiles().map((f) => `${f} ${fs.statSync(path.join(cache, f)).mtimeMs}`);

  it('runs a part as Node would, writes what it compiled once, and the next run’s V8 takes it back', () => {
    const loader = new PartLoader(parts, cache, 'check', IDS);
    const main = loader.load('main.js') as { where(): string; http(): number };
    assert.equal(main.where(), 'dist', '__dirname is the parts folder');
    assert.equal(main.http(), 1);
    assert.equal(main.http(), 2, 'a part required twice is loaded once');
    assert.deepEqual(cacheFiles(), [], 'nothing written before the end of the run');
    fs.rmSync(path.join(parts, '..', 'cache'), { recursive: true, force: true });

    assert.deepEqual(run('check'), { where: 'dist', http: 2 });
    const written = cacheFiles();
    assert.equal(written.length, 2);
    assert.ok(
      written.every((f) => /^(main|http)\.js-check-[0-9a-f]+-\d+-\d+\.cache$/.test(f)),
      written.join(),
    );
    if (process.platform !== 'win32') {
      assert.equal(fs.statSync(cache).mode & 0o777, 0o700);
      for (const f of written) assert.equal(fs.statSync(path.join(cache, f)).mode & 0o777, 0o600);
    }
    const before = stamps();
    assert.deepEqual(run('check'), { where: 'dist', http: 2 });
    assert.deepEqual(stamps(), before, 'V8 took the cache back: nothing compiled afresh, nothing written again');
    // Another kind of run keeps its own.
    run('other');
    assert.equal(cacheFiles().length, 4);
  });

  it('a broken cache is compiled afresh and replaced; an updated part gets a new cache and the old one goes', () => {
    run('check');
    const [mainCache] = cacheFiles().filter((f) => f.startsWith('main.js-'));
    fs.writeFileSync(path.join(cache, mainCache), Buffer.from('not V8 code at all'.repeat(50)));
    assert.deepEqual(run('check'), { where: 'dist', http: 2 }, 'the part runs all the same');
    assert.notEqual(fs.readFileSync(path.join(cache, mainCache)).toString('latin1', 0, 18), 'not V8 code at all', 'replaced');
    const before = stamps();
    run('check');
    assert.deepEqual(stamps(), before, 'and the replacement is taken back');

    // An update of the same length (V8 alone would take the old code for it): its own cache file.
    const source = fs.readFileSync(path.join(parts, 'main.js'), 'utf8');
    fs.writeFileSync(path.join(parts, 'main.js'), source.replace('basename', 'basenamE'));
    fs.utimesSync(path.join(parts, 'main.js'), new Date(), new Date(Date.now() + 5_000));
    assert.match(run('check').error ?? '', /basenamE is not a function/, 'the new code runs, not the cached');
    const mains = cacheFiles().filter((f) => f.startsWith('main.js-check-'));
    assert.equal(mains.length, 1, 'the old cache of the part is removed');
    assert.notEqual(mains[0], mainCache);

    // Another build of the same length and the same time (an unpacked tarball gives every file
    // one): its digest tells it apart.
    const again = fs.readFileSync(path.join(parts, 'main.js'), 'utf8');
    const stat = fs.statSync(path.join(parts, 'main.js'));
    fs.writeFileSync(path.join(parts, 'main.js'), again.replace('basenamE', 'basename'));
    fs.utimesSync(path.join(parts, 'main.js'), stat.atime, stat.mtime);
    assert.deepEqual(run('check', { ...IDS, 'main.js': 'cccc3333' }), { where: 'dist', http: 2 }, 'the new build runs, not the cached');
  });

  it(`keeps the caches of the ${KEPT_VERSIONS} Node versions written last`, () => {
    const root = path.join(dir, 'root');
    const old = ['v18.0.0-x64', 'v20.1.0-x64', 'v20.2.0-x64', 'v22.0.0-arm64'];
    old.forEach((version, i) => {
      fs.mkdirSync(path.join(root, version), { recursive: true });
      fs.writeFileSync(path.join(root, version, 'main.js-check-1-1.cache'), 'x');
      fs.utimesSync(path.join(root, version), new Date(), new Date(Date.now() - (10 - i) * 60_000));
    });
    fs.writeFileSync(path.join(root, 'not-a-version'), 'left alone');
    const loader = new PartLoader(parts, path.join(root, VERSIONED), 'check', IDS);
    loader.load('main.js');
    loader.save(writeAtomicallySync);
    assert.deepEqual(fs.readdirSync(root).sort(), [VERSIONED, 'not-a-version', 'v20.2.0-x64', 'v22.0.0-arm64'].sort());
  });

  it('a cache folder that cannot be written costs nothing but the cache', () => {
    fs.writeFileSync(cache, 'a file where the folder would be');
    const loader = new PartLoader(parts, path.join(cache, VERSIONED), 'check', IDS);
    assert.equal((loader.load('main.js') as { http(): number }).http(), 1);
    assert.doesNotThrow(() => loader.save(writeAtomicallySync));
  });
});
