import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from '../../../service/cli';
import { call, tempDir } from './helpers';
import { storedRecords } from './storedRecords';

const CLI = path.join(__dirname, '..', '..', '..', 'service', 'cli.js');

describe('service/cli', () => {
  it('parses options, with env fallbacks and defaults', () => {
    const d = parseArgs([], {}, '/w');
    assert.equal(d.port, 0);
    assert.equal(d.host, '127.0.0.1');
    assert.equal(d.data, path.resolve('/w/.data/reports.json'));
    assert.equal(d.seed, 0);
    assert.equal(d.latency, 0);
    assert.ok(d.key.length >= 20, 'a random key');
    assert.notEqual(parseArgs([], {}, '/w').key, d.key);
    assert.equal(parseArgs([], { WEBREPORTS_API_KEY: 'envkey', PORT: '8123' }, '/w').key, 'envkey');
    assert.equal(parseArgs([], { PORT: '8123' }, '/w').port, 8123);
    const o = parseArgs(
      ['--port', '9000', '--host=0.0.0.0', '--key', 'k', '--data', 'x.json', '--seed', '40', '--latency', '15'],
      { PORT: '1' },
      '/w',
    );
    assert.deepEqual(o, {
      port: 9000,
      host: '0.0.0.0',
      key: 'k',
      data: path.resolve('/w/x.json'),
      seed: 40,
      latency: 15,
      shape: 'real',
      rateLimit: 0,
      control: false,
      help: false,
    });
    const t = parseArgs(['--shape', 'plain', '--rate-limit=60', '--control'], {}, '/w');
    assert.deepEqual([t.shape, t.rateLimit, t.control], ['plain', 60, true]);
    assert.throws(() => parseArgs(['--shape', 'words'], {}, '/w'), /--shape must be real or plain/);
    assert.equal(parseArgs(['--help'], {}, '/w').help, true);
    assert.throws(() => parseArgs(['--port', 'abc'], {}, '/w'), /--port/);
    assert.throws(() => parseArgs(['--bogus'], {}, '/w'), /Unknown option/);
    assert.throws(() => parseArgs(['--seed'], {}, '/w'), /needs a value/);
  });

  it('starts, prints the two lines, logs requests to stderr without the key, stops on SIGTERM', async () => {
    const dir = await tempDir();
    const child = spawn(process.execPath, [CLI, '--seed', '3', '--key', 'cli-secret-key'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, WEBREPORTS_API_KEY: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (d) => {
          stdout += d;
          if (stdout.split('\n').length >= 3) resolve();
        });
        child.on('exit', () => reject(new Error(`exited early: ${stderr}`)));
      });
      const lines = stdout.trimEnd().split('\n');
      assert.equal(lines.length, 2);
      assert.match(lines[0], /^Website Reports service listening on http:\/\/127\.0\.0\.1:\d+$/);
      assert.equal(lines[1], 'API key: cli-secret-key');
      const url = lines[0].replace('Website Reports service listening on ', '');
      const res = await call(url, 'GET', '/api/v1/reports', { key: 'cli-secret-key' });
      assert.equal(res.status, 200);
      assert.equal(res.body.meta.total, 3);
      await new Promise((r) => setTimeout(r, 50));
      assert.match(stderr, /GET \/api\/v1\/reports 200 \d+ms/);
      assert.ok(!stderr.includes('cli-secret-key'));
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
      // --data defaults to .data/reports.json, which names the database .data/reports.db
      assert.equal(storedRecords(path.join(dir, '.data', 'reports.db')).length, 3);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await fsp.rm(dir, { recursive: true, force: true });
    }
  });

  /** Runs the CLI to its end (it must not start); its exit code and stderr. */
  async function refused(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stderr: string; stdout: string }> {
    const dir = await tempDir();
    try {
      const child = spawn(process.execPath, [CLI, '--data', ':memory:', ...args], {
        cwd: dir,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, WEBREPORTS_API_KEY: '', ...env },
      });
      let stderr = '';
      let stdout = '';
      child.stderr.on('data', (d) => (stderr += d));
      child.stdout.on('data', (d) => {
        stdout += d;
        if (stdout.includes('listening')) child.kill('SIGKILL'); // it started: the test fails below
      });
      const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
      return { code, stderr, stdout };
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  }

  const badKeys: Array<[string, string, RegExp]> = [
    ['a leading space', ' key-123', /starts or ends with a space/],
    ['a trailing space', 'key-123 ', /starts or ends with a space/],
    ['a space inside', 'key 123', /a space at position 4/],
    ['a check mark', 'key-\u2713', /non-ASCII character "\u2713" \(U\+2713\) at position 5/],
    ['a zero-width space', 'key\u200b123', /invisible or control character U\+200B at position 4/],
    ['a control character', 'key\u0007123', /invisible or control character U\+0007 at position 4/],
    ['a tab', 'key\t123', /invisible or control character U\+0009 at position 4/],
  ];
  for (const [what, key, expected] of badKeys) {
    it(`refuses a key with ${what} at start, saying why (--key and WEBREPORTS_API_KEY)`, async () => {
      for (const run of [() => refused(['--key', key]), () => refused([], { WEBREPORTS_API_KEY: key })]) {
        const { code, stderr, stdout } = await run();
        assert.equal(stdout, '', 'it did not start');
        assert.equal(code, 2);
        assert.match(stderr, /The API key cannot be used: /);
        assert.match(stderr, expected);
      }
    });
  }

  it('accepts every visible ASCII character in a key', () => {
    const key = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)).join('');
    assert.equal(parseArgs(['--key', key], {}, '/w').key, key);
  });

  it('fails with a clear message and exit code 1 on a corrupt data file', async () => {
    const dir = await tempDir();
    try {
      await fsp.writeFile(path.join(dir, 'bad.json'), 'not json');
      const child = spawn(process.execPath, [CLI, '--data', 'bad.json', '--key', 'k'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d) => {
        stderr += d;
      });
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      assert.equal(code, 1);
      assert.match(stderr, /Cannot load the data file .*bad\.json/);
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  });
});
