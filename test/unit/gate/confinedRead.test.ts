// Files a pull request may plant, on a real temporary folder: a symbolic link out of the checkout
// (to a "credentials" file elsewhere on the machine) is never read — not by the walk, not as the
// config, the baseline or a scan state — and an endless file (/dev/zero) is read only within its
// budget, with the file and the limit named. The editor reads the config by the same rules.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BaselineError, loadBaseline, MAX_BASELINE_BYTES, parseBaseline, serializeBaseline } from '../../../core/config/baseline';
import { ConfigError, loadConfig, MAX_CONFIG_BYTES, parseConfig } from '../../../core/config/configFile';
import { configInFolder, configThrough } from '../../../core/config/configInFolder';
import { readConfined, ReadProblem } from '../../../core/files/confinedRead';
import { nodeJobFiles } from '../../../core/sites/jobFiles';
import { SkipNote, walkFiles } from '../../../core/urls/fileWalk';

const SECRET = 'https://x-access-token:ghs_SECRET123@github.com/o/r';
const made: string[] = [];

async function folder(files: Record<string, string> = {}): Promise<string> {
  const dir = await fsp.realpath(await fsp.mkdtemp(path.join(os.tmpdir(), 'webreports-confined-')));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) {
    await fsp.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await fsp.writeFile(path.join(dir, name), text);
  }
  return dir;
}

/** A checkout and, beside it, a machine's private files. */
async function checkoutAndSecrets() {
  const secrets = await folder({ credentials: `${SECRET}\n`, 'etc/hosts.md': 'https://etc.example/a https://etc.example/b' });
  const cwd = await folder({ 'README.md': 'https://ok.example/', 'docs/inner.md': 'https://inner.example/' });
  return { cwd, secrets };
}

function walk(cwd: string, paths = ['.']) {
  const notes: SkipNote[] = [];
  const files = [...walkFiles(paths, { cwd, include: ['**/*'], exclude: [] }, notes)];
  return { files, notes };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e,
  );

const devZero = fs.existsSync('/dev/zero');

describe('gate: links out of the checkout and endless files', () => {
  after(async () => {
    for (const dir of made.splice(0)) await fsp.rm(dir, { recursive: true, force: true });
  });

  it('the walk reads nothing behind a link that leaves the folder, and says what it skipped; a link inside is read', async () => {
    const { cwd, secrets } = await checkoutAndSecrets();
    await fsp.symlink(path.join(secrets, 'credentials'), path.join(cwd, 'notes.md'));
    await fsp.symlink(path.join(secrets, 'etc'), path.join(cwd, 'etc'));
    await fsp.symlink(path.join(cwd, 'docs', 'inner.md'), path.join(cwd, 'inner-link.md'));
    await fsp.symlink(path.join(cwd, 'docs'), path.join(cwd, 'docs-link'));
    const { files, notes } = walk(cwd);
    assert.deepEqual(
      files.map((f) => f.file),
      ['README.md', 'docs/inner.md', 'inner-link.md'],
      'docs-link leads to a folder already read',
    );
    assert.ok(!files.some((f) => f.text.includes('SECRET') || f.text.includes('etc.example')));
    assert.deepEqual(
      notes.filter((n) => n.reason === 'outside-link').map((n) => n.file),
      ['etc', 'notes.md'],
    );
    assert.ok(
      notes.every((n) => !n.message.includes(secrets)),
      'the target is not named',
    );
  });

  it('a path given on the command line that is a link out of the working directory is not read either', async () => {
    const { cwd, secrets } = await checkoutAndSecrets();
    await fsp.symlink(path.join(secrets, 'credentials'), path.join(cwd, 'notes.md'));
    await fsp.symlink(path.join(secrets, 'etc'), path.join(cwd, 'site'));
    const { files, notes } = walk(cwd, ['notes.md', 'site', 'README.md']);
    assert.deepEqual(
      files.map((f) => f.file),
      ['README.md'],
    );
    assert.deepEqual(
      notes.map((n) => `${n.file} ${n.reason}`),
      ['notes.md outside-link', 'site outside-link'],
    );
    // A folder outside the working directory, named as it is, is the folder being checked.
    assert.deepEqual(walk(cwd, [path.join(secrets, 'etc')]).files.length, 1);
  });

  it('a config, a baseline or a scan state that is a link out of its folder is refused unread, naming no byte of it', async () => {
    const { cwd, secrets } = await checkoutAndSecrets();
    await fsp.symlink(path.join(secrets, 'credentials'), path.join(cwd, 'website-reports.json'));
    await fsp.symlink(path.join(secrets, 'credentials'), path.join(cwd, 'baseline.json'));
    await fsp.symlink(path.join(secrets, 'credentials'), path.join(cwd, 'scan.jsonl'));
    const config = await loadConfig(path.join(cwd, 'website-reports.json'), cwd).catch((e: unknown) => e);
    assert.ok(config instanceof ConfigError);
    assert.match(config.message, /symbolic link to a place outside/);
    assert.ok(!config.message.includes('SECRET') && !config.message.includes('x-access-token'), config.message);
    const baseline = await loadBaseline('baseline.json', { cwd }).catch((e: unknown) => e);
    assert.ok(baseline instanceof BaselineError);
    assert.match(baseline.message, /^baseline\.json: It is a symbolic link to a place outside/);
    const state = await nodeJobFiles.readText(path.join(cwd, 'scan.jsonl')).catch((e: unknown) => e);
    assert.ok(state instanceof ReadProblem && state.kind === 'outside', String(state));
    // A link to elsewhere inside the checkout is fine.
    await fsp.writeFile(path.join(cwd, 'docs', 'config.json'), '{"tolerance": 3}');
    await fsp.symlink(path.join(cwd, 'docs', 'config.json'), path.join(cwd, 'linked.json'));
    assert.equal((await loadConfig('linked.json', cwd)).tolerance, 3);
  });

  it('an endless file is read within its budget, and the refusal names the file and the limit', async function () {
    if (!devZero) this.skip(); // no /dev/zero on this platform
    await assert.rejects(
      loadBaseline('/dev/zero'),
      (e: unknown) =>
        e instanceof BaselineError && e.message === '/dev/zero: It is larger than 16 MiB, the limit for this file; it was not read.',
    );
    await assert.rejects(readConfined('/dev/zero', { maxBytes: 1000 }), (e: unknown) => e instanceof ReadProblem && e.kind === 'too-large');
    // A regular file one byte over is refused by its size, one at the budget is read.
    const dir = await folder({ 'at.txt': 'x'.repeat(1000), 'over.txt': 'x'.repeat(1001) });
    assert.equal((await readConfined('at.txt', { maxBytes: 1000, cwd: dir })).length, 1000);
    await assert.rejects(readConfined('over.txt', { maxBytes: 1000, cwd: dir }), /larger than 1000 bytes/);
  });

  it('a baseline rating that is a property of every object is no valid rating', () => {
    for (const rating of ['toString', '__proto__', 'constructor', 'hasOwnProperty', 'valueOf']) {
      const text = `{"version": 1, "urls": {"https://a.example/": {"rating": ${JSON.stringify(rating)}}}}`;
      assert.throws(() => parseBaseline(text, 'b.json'), /has no valid "rating"/, rating);
    }
    const text = '{"version": 1, "urls": {"https://a.example/": {"rating": "good", "checks": {"__proto__": "failed", "title": "passed"}}}}';
    assert.deepEqual({ ...parseBaseline(text, 'b.json').get('https://a.example/')?.checks }, { ['__proto__']: 'failed', title: 'passed' });
    assert.ok(MAX_BASELINE_BYTES > 0);
  });

  it('a baseline is written with the key taken out of its URLs and check names', () => {
    const key = 'cli-key-0123456789';
    const clean = (t: string) => t.split(key).join('[redacted]');
    const text = serializeBaseline(
      new Map([[`https://a.example/?k=${key}`, { rating: 'bad', checks: { [key]: 'failed', title: 'passed' } }]]),
      clean,
    );
    assert.ok(!text.includes(key), text);
    assert.deepEqual(Object.keys(parseBaseline(text, 'b.json').get('https://a.example/?k=[redacted]')?.checks ?? {}), [
      '[redacted]',
      'title',
    ]);
  });

  it('reportLink: an http(s) URL with exactly one {id} and no credentials', () => {
    assert.equal(parseConfig('{"reportLink": "https://r.example/reports/{id}"}', 'c.json').reportLink, 'https://r.example/reports/{id}');
    for (const bad of [
      'ftp://r.example/{id}',
      'javascript:alert(1)//{id}',
      'https://r.example/reports/',
      'https://r.example/{id}/{id}',
      'https://u:p@r.example/{id}',
      '/reports/{id}',
      'https://r.example/\n{id}',
      42,
    ]) {
      assert.throws(
        () => parseConfig(JSON.stringify({ reportLink: bad }), 'c.json'),
        (e: unknown) => e instanceof ConfigError && e.field === 'reportLink',
        String(bad),
      );
    }
  });

  it("a config that links out of the workspace folder is refused unread, with the command line's message", async () => {
    const secrets = await folder({ credentials: SECRET });
    const root = await folder({ 'site/index.html': '' });
    await fsp.symlink(path.join(secrets, 'credentials'), path.join(root, 'site', 'website-reports.json'));
    const name = path.join('site', 'website-reports.json');
    const editor = await refusal(configInFolder(name, root));
    const cli = await refusal(loadConfig(name, root));
    assert.ok(editor instanceof ConfigError && cli instanceof ConfigError, String(editor));
    assert.equal(editor.message, cli.message);
    assert.match(editor.message, /symbolic link to a place outside/);
    assert.ok(!editor.message.includes('SECRET'), editor.message);
  });

  it('no config and a folder by that name are no config; a link inside the folder and a bad field are as the CLI says', async () => {
    const root = await folder({
      'a/website-reports.json/x': '',
      'b/real.json': '{"tolerance": 3}',
      'c/website-reports.json': '{"tolerance": 500}',
    });
    assert.equal(await configInFolder('website-reports.json', root), undefined);
    assert.equal(await configInFolder(path.join('a', 'website-reports.json'), root), undefined);
    await fsp.symlink(path.join(root, 'b', 'real.json'), path.join(root, 'website-reports.json'));
    assert.equal((await configInFolder('website-reports.json', root))?.tolerance, 3);
    const name = path.join('c', 'website-reports.json');
    const editor = await refusal(configInFolder(name, root));
    assert.ok(editor instanceof ConfigError);
    assert.equal(editor.message, ((await refusal(loadConfig(name, root))) as Error).message);
  });

  it('through a remote or virtual file system: a link and an oversized file are refused unread, none is no config', async () => {
    let reads = 0;
    const read = async () => {
      reads++;
      return new TextEncoder().encode('{"tolerance": 2}');
    };
    assert.equal(await configThrough('w.json', undefined, read), undefined);
    assert.equal(await configThrough('w.json', { kind: 'folder', size: 0 }, read), undefined);
    await assert.rejects(configThrough('w.json', { kind: 'link', size: 10 }, read), (e: unknown) => e instanceof ConfigError);
    await assert.rejects(configThrough('w.json', { kind: 'file', size: MAX_CONFIG_BYTES + 1 }, read), /larger than/);
    assert.equal(reads, 0);
    assert.equal((await configThrough('w.json', { kind: 'file', size: 16 }, read))?.tolerance, 2);
  });
});
