// `npm run release` (scripts/release.js) and the workflow that runs it on a tag
// (.github/workflows/release.yml). The release is made into a temporary folder with the real
// command-line package (scripts/packageCli.js) and a stand-in for the .vsix (the real one takes a
// production build and vsce, which test/unit/package/package.test.ts already runs): the files are
// the release's list, and SHA256SUMS passes `sha256sum -c`. Nothing of GitHub can run here: the
// workflow is read and checked for what it must do.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- js-yaml ships no typings; loaded as CommonJS
const { load } = require('js-yaml') as { load(text: string): unknown };

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the plain CommonJS release script
const releaseScript = require(path.join(ROOT, 'scripts', 'release.js')) as {
  release(outDir: string, packagers?: { packageExtension?: (out: string) => string }): Promise<string[]>;
  releaseFiles(version: string): string[];
  releaseNotes(changelog: string, version: string): string | undefined;
  sha256Sums(dir: string, names: string[]): string;
  SUMS_FILE: string;
};

const VERSION = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version as string;

function sha256sumCheck(dir: string): { status: number | null; output: string } {
  const run = spawnSync('sha256sum', ['-c', releaseScript.SUMS_FILE], { cwd: dir, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('release: npm run release', function () {
  this.timeout(120_000);
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webreports-release-'));
    dirs.push(dir);
    return dir;
  };
  after(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it("writes SHA256SUMS in sha256sum's format: `sha256sum -c` passes, and fails on a changed byte", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'a-1.0.0.vsix'), Buffer.from([0, 1, 2, 255, 10, 13]));
    fs.writeFileSync(path.join(dir, 'b-cli-1.0.0.tgz'), 'text\n');
    const sums = releaseScript.sha256Sums(dir, ['a-1.0.0.vsix', 'b-cli-1.0.0.tgz']);
    assert.match(sums, /^[0-9a-f]{64} {2}a-1\.0\.0\.vsix\n[0-9a-f]{64} {2}b-cli-1\.0\.0\.tgz\n$/);
    fs.writeFileSync(path.join(dir, releaseScript.SUMS_FILE), sums);
    const ok = sha256sumCheck(dir);
    assert.equal(ok.status, 0, ok.output);
    assert.equal(ok.output, 'a-1.0.0.vsix: OK\nb-cli-1.0.0.tgz: OK\n');
    fs.writeFileSync(path.join(dir, 'b-cli-1.0.0.tgz'), 'texT\n');
    assert.equal(sha256sumCheck(dir).status, 1);
  });

  it('makes exactly its list of files (the .vsix, the command line, SHA256SUMS over both), replacing an earlier release', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'website-reports-0.0.9.vsix'), 'old');
    fs.writeFileSync(path.join(dir, releaseScript.SUMS_FILE), 'old');
    // The stand-in .vsix, written where the release asks for it, as scripts/package.js does.
    const packageExtension = (out: string) => {
      fs.writeFileSync(out, 'a stand-in for the .vsix');
      return out;
    };
    const files = await releaseScript.release(dir, { packageExtension });
    const names = releaseScript.releaseFiles(VERSION);
    assert.deepEqual(names, [`website-reports-${VERSION}.vsix`, `website-reports-cli-${VERSION}.tgz`, 'SHA256SUMS']);
    assert.deepEqual(
      files.map((f) => path.basename(f)),
      names,
    );
    assert.deepEqual(fs.readdirSync(dir).sort(), [...names].sort());
    const check = sha256sumCheck(dir);
    assert.equal(check.status, 0, check.output);
    assert.equal(check.output, `${names[0]}: OK\n${names[1]}: OK\n`);
  });

  it("takes the release's text from the CHANGELOG's section of the version, never an unreleased one", () => {
    const changelog = '# Changelog\n\n## 1.2.0 — 2026-01-05\n\n- New.\n- Fixed.\n\n## 1.1.0 — 2025-12-01\n\n- Old.\n';
    assert.equal(releaseScript.releaseNotes(changelog, '1.2.0'), '- New.\n- Fixed.\n');
    assert.equal(releaseScript.releaseNotes(changelog, '1.1.0'), '- Old.\n');
    assert.equal(releaseScript.releaseNotes(changelog, '1.3.0'), undefined);
    assert.equal(releaseScript.releaseNotes('## 1.2.0 — Unreleased\n\n- Soon.\n', '1.2.0'), undefined);
  });
});

interface WorkflowStep {
  name?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
}

describe('release: .github/workflows/release.yml', () => {
  const workflow = load(fs.readFileSync(path.join(ROOT, '.github', 'workflows', 'release.yml'), 'utf8')) as {
    on: { push: { tags: string[] } };
    permissions: Record<string, string>;
    jobs: Record<string, { steps: WorkflowStep[] }>;
  };
  const steps = Object.values(workflow.jobs).flatMap((j) => j.steps);

  it('runs on a tag v*, may write only contents, and uses no action but checkout and setup-node', () => {
    assert.deepEqual(workflow.on, { push: { tags: ['v*'] } });
    assert.deepEqual(workflow.permissions, { contents: 'write' });
    assert.deepEqual(
      steps.filter((s) => s.uses).map((s) => s.uses),
      ['actions/checkout@v4', 'actions/setup-node@v4'],
    );
    for (const step of steps) assert.ok(!step.run?.includes('${{'), `no expression inside the script of "${step.name ?? step.run}"`);
  });

  it('checks the tag against the version, runs npm run release, and attaches every file of release/ with the job token', () => {
    const at = (pattern: RegExp) => steps.findIndex((s) => pattern.test(s.run ?? ''));
    const tag = at(/\$TAG" != "v\$version"/);
    const release = at(/^npm run release\b/);
    const attach = at(/gh release (create|upload)/);
    assert.ok(tag >= 0 && tag < release && release < attach, 'the tag is checked, then the release made, then attached');
    assert.match(steps[attach].run ?? '', /gh release upload "\$TAG" release\/\* --clobber/);
    assert.match(steps[attach].run ?? '', /gh release create "\$TAG" release\/\* /);
    assert.equal(steps[attach].env?.GH_TOKEN, '${{ github.token }}');
  });
});
