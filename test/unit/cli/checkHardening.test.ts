// The command line run by CI on a stranger's pull request, against the real local service over
// loopback: links out of the checkout, an empty variable where a secret was missing, a service
// that echoes the key as a check name, endless baseline and state files, file names that hold
// terminal escapes, and each finding linked to its report's page.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as net from 'node:net';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startService, RunningService } from '../../../service/server';
import { storedReport } from '../actions/reportRecords';
import { project, removeProjects, runCli } from './runCli';

const KEY = 'cli-hardening-key-7731-secret';
const SECRET = 'ghs_SECRET9911';
const GOOD = 'https://good.example.com/page';
/** Its report has a check named by the key, as a service echoing it would send. */
const ECHO = 'https://echo.example.com/page';

describe('cli: check on a hostile pull request', function () {
  this.timeout(60_000);
  let service: RunningService;
  let env: Record<string, string>;
  let secrets: string;

  before(async () => {
    const echo = storedReport(2, { url: ECHO, score: 40 });
    (echo.results as { key: string; name: string; category: 'seo'; passed: boolean; value: null; advice: string }[]).push({
      key: KEY,
      name: KEY,
      category: 'seo',
      passed: false,
      value: null,
      advice: '',
    });
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'webreports-hardening-'));
    const dataFile = path.join(dir, 'reports.json');
    await fsp.writeFile(dataFile, JSON.stringify({ version: 1, nextId: 3, reports: [storedReport(1, { url: GOOD, score: 90 }), echo] }));
    service = await startService({
      apiKey: KEY,
      control: true,
      dataFile,
      analyze: async () => ({ score: 95, result: 'good', results: {} }),
    });
    env = { WEBREPORTS_API_KEY: KEY, WEBREPORTS_BASE_URL: service.url };
    // A machine's private file, outside any checkout.
    secrets = await project({ credentials: `https://x-access-token:${SECRET}@github.com/o/r\n` });
  });
  after(async () => {
    await service.close();
    await removeProjects();
  });
  beforeEach(() => service.clearRequests());

  const credentials = () => path.join(secrets, 'credentials');

  it('a link to a credentials file is neither read, printed nor sent, and the skip is said on stderr and in JSON', async () => {
    const cwd = await project({ 'README.md': GOOD });
    await fsp.symlink(credentials(), path.join(cwd, 'notes.md'));
    const run = await runCli(['check', '--format', 'json', '--create-missing'], { cwd, env });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /^website-reports: notes\.md: Skipped: a symbolic link that leaves the folder being checked\.$/m);
    const json = JSON.parse(run.stdout);
    assert.deepEqual(
      json.urls.map((u: { url: string }) => u.url),
      [GOOD],
    );
    assert.deepEqual(
      json.summary.skippedFiles.map((n: { file: string; reason: string }) => `${n.file} ${n.reason}`),
      ['notes.md outside-link'],
    );
    const markdown = await runCli(['check', '--format', 'markdown'], { cwd, env });
    const sent = JSON.stringify(service.requests());
    for (const text of [run.stdout, run.stderr, markdown.stdout, markdown.stderr, sent]) assert.ok(!text.includes(SECRET), text);
    assert.ok(!service.requests().some((r) => r.method === 'POST'), 'nothing created');
  });

  it('a config or a baseline that is a link out of the checkout is refused (exit 2) without quoting its target', async () => {
    const cwd = await project({ 'README.md': GOOD });
    await fsp.symlink(credentials(), path.join(cwd, 'website-reports.json'));
    const config = await runCli(['check'], { cwd, env });
    assert.equal(config.code, 2);
    assert.match(config.stderr, /website-reports\.json: It is a symbolic link to a place outside .*; it was not read\./);
    await fsp.rm(path.join(cwd, 'website-reports.json'));
    await fsp.symlink(credentials(), path.join(cwd, 'baseline.json'));
    const baseline = await runCli(['check', '--baseline', 'baseline.json'], { cwd, env });
    assert.equal(baseline.code, 2);
    assert.match(baseline.stderr, /Baseline error: baseline\.json: It is a symbolic link to a place outside/);
    for (const text of [config.stdout, config.stderr, baseline.stdout, baseline.stderr]) assert.ok(!text.includes(SECRET), text);
    assert.equal(service.requests().length, 0);
  });

  it('an empty WEBREPORTS_BASE_URL or WEBREPORTS_API_KEY is an error naming it, never a fall-back to the config', async () => {
    // The config names the address a pull request chose: it must not get the key.
    const cwd = await project({ 'a.md': GOOD, 'website-reports.json': JSON.stringify({ baseUrl: service.url }) });
    const base = await runCli(['check'], { cwd, env: { ...env, WEBREPORTS_BASE_URL: '' } });
    assert.equal(base.code, 2);
    assert.match(base.stderr, /The environment variable WEBREPORTS_BASE_URL is set but empty/);
    const blank = await runCli(['check'], { cwd, env: { ...env, WEBREPORTS_BASE_URL: '  ' } });
    assert.equal(blank.code, 2);
    const key = await runCli(['check'], { cwd, env: { ...env, WEBREPORTS_API_KEY: '' } });
    assert.equal(key.code, 2);
    assert.match(key.stderr, /The environment variable WEBREPORTS_API_KEY is set but empty/);
    assert.equal(service.requests().length, 0);
  });

  it('"could not be reached" names the address', async () => {
    const cwd = await project({ 'a.md': GOOD });
    // A port that was just free: nothing answers there.
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const run = await runCli(['check'], { cwd, env: { ...env, WEBREPORTS_BASE_URL: `http://127.0.0.1:${closed}` } });
    assert.equal(run.code, 2);
    assert.match(run.stderr, new RegExp(`it could not be reached at http://127\\.0\\.0\\.1:${closed}`));
  });

  it('--update-baseline never writes the key, even when the service echoes it as a check name; nor does any format', async () => {
    const cwd = await project({ 'a.md': `${ECHO}\n${GOOD}` });
    const update = await runCli(['check', '--baseline', 'b.json', '--update-baseline', '--format', 'markdown'], { cwd, env });
    assert.equal(update.code, 0, update.stderr);
    const written = await fsp.readFile(path.join(cwd, 'b.json'), 'utf8');
    assert.ok(written.includes('[redacted]'), written);
    for (const text of [written, update.stdout, update.stderr]) assert.ok(!text.includes(KEY), text);
    const config = JSON.stringify({ rules: [{ match: '**', checks: { [KEY]: 'error' } }] });
    await fsp.writeFile(path.join(cwd, 'website-reports.json'), config);
    for (const format of ['text', 'json', 'junit', 'sarif']) {
      const run = await runCli(['check', '--format', format], { cwd, env });
      assert.equal(run.code, 1, run.stderr);
      assert.ok(!run.stdout.includes(KEY) && run.stdout.includes('[redacted]'), `${format}: ${run.stdout}`);
    }
  });

  it('a baseline or scan state at /dev/zero is refused within its budget, naming the file and the limit', async function () {
    if (!fs.existsSync('/dev/zero')) this.skip(); // not on this platform
    const cwd = await project({ 'a.md': GOOD });
    const baseline = await runCli(['check', '--baseline', '/dev/zero'], { cwd, env });
    assert.equal(baseline.code, 2);
    assert.match(baseline.stderr, /Baseline error: \/dev\/zero: It is larger than 16 MiB, the limit for this file; it was not read\./);
    const state = await runCli(['scan', 'https://good.example.com/', '--state', '/dev/zero'], { cwd, env });
    assert.equal(state.code, 2);
    assert.match(state.stderr, /\/dev\/zero could not be read: It is larger than 256 MiB, the limit for this file/);
  });

  it('a baseline rating such as "toString" or "__proto__" is no valid rating (exit 2)', async () => {
    for (const rating of ['toString', '__proto__', 'constructor', 'hasOwnProperty']) {
      const cwd = await project({ 'a.md': GOOD, 'b.json': `{"version": 1, "urls": {"${GOOD}": {"rating": "${rating}"}}}` });
      const run = await runCli(['check', '--baseline', 'b.json'], { cwd, env });
      assert.equal(run.code, 2, `${rating}: ${run.stdout}`);
      assert.match(run.stderr, /has no valid "rating"/);
    }
  });

  it('--dump says a skipped file on one line, whatever its name holds', async () => {
    const name = 'x\u001b]0;t\u0007\r\nwebsite-reports: forged.md: Skipped.png';
    const cwd = await project({ [name]: Buffer.from([0x89, 0x50, 0, 0x47]), 'a.md': GOOD });
    const run = await runCli(['check', '--dump'], { cwd, env: {} });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr.split('\n').filter(Boolean).length, 1, JSON.stringify(run.stderr));
    // eslint-disable-next-line no-control-regex
    assert.ok(!/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/.test(run.stderr), JSON.stringify(run.stderr));
  });

  it('with "reportLink" in the config, findings link to their report page', async () => {
    const link = 'https://reports.example.com/reports/{id}';
    const cwd = await project({ 'a.md': ECHO, 'website-reports.json': JSON.stringify({ reportLink: link }) });
    const run = await runCli(['check', '--format', 'json'], { cwd, env });
    assert.equal(run.code, 1, run.stderr);
    assert.equal(JSON.parse(run.stdout).urls[0].reportUrl, 'https://reports.example.com/reports/2');
  });
});
