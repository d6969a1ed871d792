// The GitLab CI recipe of docs/CLI.md run as GitLab runs a job's script: its `script` lines read
// from the documented YAML, run in order by bash with `set -eo pipefail` (as GitLab's shell
// executor does) and GitLab's predefined variables, against the real local report service, with
// GitLab's notes API played by a loopback fake (nothing of GitLab can run here). Every line runs as
// written: the release it downloads from is a loopback server holding the real tarball
// (scripts/packageCli.js) and its SHA256SUMS (scripts/release.js), and `npm install -g` installs it
// into the job's own prefix.
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { startService, RunningService } from '../../../service/server';
import { writeDataFile } from '../actions/reportRecords';
import { project, removeProjects } from './runCli';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- js-yaml ships no typings; loaded as CommonJS
const { load } = require('js-yaml') as { load(text: string): unknown };

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the plain CommonJS packaging scripts
const { packageCli } = require(path.join(ROOT, 'scripts', 'packageCli.js')) as { packageCli(outDir: string): Promise<string> };
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the plain CommonJS release script
const { sha256Sums } = require(path.join(ROOT, 'scripts', 'release.js')) as { sha256Sums(dir: string, names: string[]): string };

const KEY = 'gitlab-recipe-key-5521-secret';
const NOTES_TOKEN = 'glpat-recipe-token-0001';
const GOOD = 'https://good.example.com/page';
const BAD = 'https://bad.example.com/page';

interface Job {
  variables?: Record<string, string>;
  script: string[];
  artifacts?: { reports?: { codequality?: string } };
}

async function documentedJob(): Promise<Job> {
  const doc = await fsp.readFile(path.resolve(__dirname, '../../../../docs/CLI.md'), 'utf8');
  const section = doc.slice(doc.indexOf('### GitLab CI'));
  const yaml = /```yaml\n([\s\S]*?)```/.exec(section)?.[1];
  assert.ok(yaml, 'docs/CLI.md has a GitLab CI recipe');
  return (load(yaml) as Record<string, Job>)['website-reports'];
}

/** A release's download folder on loopback: its files by name, read when asked (a test may change one). */
async function fakeRelease(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '').slice(1));
    fsp.readFile(path.join(dir, path.basename(name))).then(
      (body) => res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** GitLab's "create a merge request note" endpoint, recording what it was sent. */
async function fakeGitLab(): Promise<{ url: string; notes: { path: string; token?: string; body: string }[]; close(): Promise<void> }> {
  const notes: { path: string; token?: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.method === 'POST' && /^\/api\/v4\/projects\/\d+\/merge_requests\/\d+\/notes$/.test(req.url ?? '')) {
        notes.push({ path: req.url ?? '', token: req.headers['private-token'] as string | undefined, body: JSON.parse(text).body });
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: notes.length }));
      } else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v4`,
    notes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('cli: the GitLab CI recipe of docs/CLI.md, run as GitLab runs it', function () {
  this.timeout(120_000);
  let service: RunningService;
  let releaseDir: string;
  let release: { url: string; close(): Promise<void> };

  before(async () => {
    releaseDir = await project({});
    const tarball = path.basename(await packageCli(releaseDir));
    await fsp.writeFile(path.join(releaseDir, 'SHA256SUMS'), sha256Sums(releaseDir, [tarball]));
    release = await fakeRelease(releaseDir);
    service = await startService({
      apiKey: KEY,
      dataFile: await writeDataFile([
        { url: GOOD, score: 90 },
        { url: BAD, score: 30, failed: 2 },
      ]),
    });
  });
  after(async () => {
    await release.close();
    await service.close();
    await removeProjects();
  });

  async function runJob(env: Record<string, string>): Promise<{ code: number; dir: string; output: string; job: Job }> {
    const job = await documentedJob();
    const dir = await project({ 'README.md': `Pages: ${GOOD} and ${BAD}\n` });
    const script = job.script.join('\n');
    // npm's global folder inside the job's own (the image's would be /usr/local); no registry is asked.
    const prefix = path.join(dir, '.npm-global');
    // Asynchronously: the service under test runs in this process and must keep answering.
    const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const env2 = {
        PATH: `${path.join(prefix, 'bin')}:${process.env.PATH}`,
        HOME: process.env.HOME,
        npm_config_prefix: prefix,
        npm_config_offline: 'true',
        ...job.variables,
        WEBREPORTS_RELEASE: release.url,
        ...env,
      };
      execFile('bash', ['-c', `set -eo pipefail\n${script}`], { cwd: dir, env: env2, timeout: 90_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
      );
    });
    return { code: run.code, dir, output: `${run.stdout}\n${run.stderr}`, job };
  }

  it('in a merge request: the Code Quality report, one note with the Markdown report, and the exit code of the check', async () => {
    const gitlab = await fakeGitLab();
    try {
      const { code, dir, output, job } = await runJob({
        WEBREPORTS_BASE_URL: service.url,
        WEBREPORTS_API_KEY: KEY,
        CI_API_V4_URL: gitlab.url,
        CI_PROJECT_ID: '42',
        CI_MERGE_REQUEST_IID: '7',
        GITLAB_NOTES_TOKEN: NOTES_TOKEN,
      });
      assert.equal(code, 1, `the job fails on the bad page, after writing its reports and the note:\n${output}`);
      const report = JSON.parse(await fsp.readFile(path.join(dir, job.artifacts?.reports?.codequality ?? ''), 'utf8')) as Record<
        string,
        unknown
      >[];
      assert.ok(
        report.some((issue) => JSON.stringify(issue).includes('bad.example.com')),
        'the Code Quality report names the bad page',
      );
      for (const issue of report) {
        assert.equal(typeof issue.description, 'string');
        assert.equal(typeof issue.fingerprint, 'string');
      }
      assert.equal(gitlab.notes.length, 1, 'one note on the merge request');
      assert.equal(gitlab.notes[0].path, '/api/v4/projects/42/merge_requests/7/notes');
      assert.equal(gitlab.notes[0].token, NOTES_TOKEN);
      assert.match(gitlab.notes[0].body, /bad\.example\.com/);
      for (const text of [output, gitlab.notes[0].body, JSON.stringify(report)]) {
        assert.ok(!text.includes(KEY), 'the key is in no output, note or artifact');
      }
    } finally {
      await gitlab.close();
    }
  });

  it('outside a merge request: no note, and the exit code of the check', async () => {
    const gitlab = await fakeGitLab();
    try {
      const { code, output } = await runJob({
        WEBREPORTS_BASE_URL: service.url,
        WEBREPORTS_API_KEY: KEY,
        CI_API_V4_URL: gitlab.url,
        CI_PROJECT_ID: '42',
      });
      assert.equal(code, 1, output);
      assert.equal(gitlab.notes.length, 0);
    } finally {
      await gitlab.close();
    }
  });

  it("a tarball that does not match the release's SHA256SUMS is not installed: the job stops before the check", async () => {
    const sums = path.join(releaseDir, 'SHA256SUMS');
    const right = await fsp.readFile(sums, 'utf8');
    await fsp.writeFile(
      sums,
      right.replace(/^[0-9a-f]/, (c) => (c === '0' ? '1' : '0')),
    );
    try {
      const { code, dir, output } = await runJob({ WEBREPORTS_BASE_URL: service.url, WEBREPORTS_API_KEY: KEY });
      assert.notEqual(code, 0, output);
      assert.match(output, /FAILED/);
      await assert.rejects(fsp.stat(path.join(dir, '.npm-global', 'bin', 'website-reports')), 'nothing installed');
      await assert.rejects(fsp.stat(path.join(dir, 'gl-code-quality-report.json')), 'no check ran');
    } finally {
      await fsp.writeFile(sums, right);
    }
  });
});
