// The GitHub Action (action/action.yml): its metadata checked against a JSON Schema of GitHub's
// documented metadata syntax, and its steps run in order by a stand-in for the runner
// (actionRunner.ts) against the real local report service, with GitHub's REST API played by a
// loopback fake (fakeGitHub.ts): nothing of GitHub can run here.
//
// Why not SchemaStore's github-action.json: no copy could be obtained here whose text may be
// committed (the stored copies found were also years old, without composite actions). The schema
// beside this test (github-action.schema.json) is written from GitHub's documentation instead and
// checks: the required name, description and runs; input and output ids and their fields
// (description; default a string; an output's value); `using: composite`; each step either
// run + shell or uses (owner/name@ref), with only the keys GitHub documents; branding's colours.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { startService, RunningService } from '../../../service/server';
import { writeDataFile } from '../actions/reportRecords';
import { readAction, runAction, stubPackageManagers, type ActionRun } from './actionRunner';
import { FakeGitHub } from './fakeGitHub';
import { project, removeProjects } from './runCli';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- ajv 6 has its own typings, loaded as CommonJS
const Ajv = require('ajv') as new (options: object) => { validate(schema: object, data: unknown): boolean; errors?: unknown };

const KEY = 'action-test-key-3390-secret';
const TOKEN = 'ghs_actiontoken0987654321';
const GOOD = 'https://good.example.com/page';
const BAD = 'https://bad.example.com/page';

describe('action: action.yml', () => {
  it('is valid against the schema of GitHub action metadata (composite)', async () => {
    const schema = JSON.parse(await fsp.readFile(path.resolve(__dirname, '../../../../test/unit/cli/github-action.schema.json'), 'utf8'));
    const ajv = new Ajv({ allErrors: true });
    const action = await readAction();
    assert.ok(ajv.validate(schema, action), JSON.stringify(ajv.errors, null, 2));
    // The schema can fail: a step with both run and uses, an input without a description.
    const broken = structuredClone(action) as unknown as { runs: { steps: object[] }; inputs: Record<string, object> };
    broken.runs.steps.push({ run: 'x', shell: 'bash', uses: 'a/b@v1' });
    broken.inputs.extra = { default: 'x' };
    assert.equal(ajv.validate(schema, broken), false);
  });

  it('puts no expression inside a script, uses only GitHub-owned actions, and names only declared inputs and earlier steps', async () => {
    const action = await readAction();
    const ids: string[] = [];
    for (const step of action.runs.steps) {
      assert.ok(!step.run?.includes('${{'), `no expression in the script of "${step.name}" (inputs reach scripts through env)`);
      if (step.uses) assert.match(step.uses, /^(actions|github)\/[\w-]+(\/[\w-]+)?@v\d+$/, step.uses);
      const text = JSON.stringify(step);
      for (const [, input] of text.matchAll(/inputs\.([\w-]+)/g)) assert.ok(input in action.inputs, `input ${input} is declared`);
      for (const [, id] of text.matchAll(/steps\.([\w-]+)\./g)) assert.ok(ids.includes(id), `step ${id} runs before "${step.name}"`);
      if (step.id) ids.push(step.id);
    }
    for (const [name, output] of Object.entries(action.outputs)) {
      assert.match(output.value, /^\$\{\{ steps\.check\.outputs\.[\w-]+ \}\}$/, name);
    }
  });
});

describe('action: the steps in order, as the runner runs them', function () {
  this.timeout(120_000);
  let service: RunningService;
  let github: FakeGitHub;
  /** npm, npx, yarn and pnpm first on PATH, each recording that it was called (none may be). */
  let packageManagers: { bin: string; calls(): Promise<string> };

  before(async () => {
    const dataFile = await writeDataFile([
      { url: GOOD, score: 90 },
      { url: BAD, score: 30, failed: 2 },
    ]);
    service = await startService({ apiKey: KEY, control: true, dataFile });
  });
  after(async () => {
    await service.close();
    await removeProjects();
  });
  beforeEach(async () => {
    github = new FakeGitHub();
    await github.start();
    packageManagers = await stubPackageManagers();
  });
  afterEach(() => github.close());

  async function run(
    inputs: Record<string, string>,
    event: { name: string; payload: unknown },
    files: Record<string, string> = {},
  ): Promise<ActionRun> {
    const workspace = await project({
      'docs/a.md': `See ${BAD} and ${GOOD}; and https://none.example.com/?key=${KEY}\n`,
      'event.json': JSON.stringify(event.payload),
      ...files,
    });
    return runAction({
      inputs: { 'INPUT_BASE-URL': service.url, 'INPUT_API-KEY': KEY, INPUT_PATHS: 'docs', ...inputs },
      env: {
        PATH: `${packageManagers.bin}:${process.env.PATH}`,
        HOME: process.env.HOME,
        GITHUB_API_URL: github.url,
        GITHUB_REPOSITORY: github.repository,
        GITHUB_EVENT_NAME: event.name,
        GITHUB_EVENT_PATH: path.join(workspace, 'event.json'),
        GITHUB_TOKEN: TOKEN,
      },
      workspace,
    });
  }

  const step = (r: ActionRun, name: string) => r.steps.find((s) => s.name === name);

  it('a pull request: checks with the prebuilt command line, comments once, hands SARIF to upload-sarif, fails by fail-on', async () => {
    const result = await run({}, { name: 'pull_request', payload: { pull_request: { number: 3 } } });
    const check = step(result, 'Check the URLs');
    assert.equal(check?.outcome, 'success', check?.stderr);
    assert.equal(await packageManagers.calls(), '', 'no package manager ran');
    assert.deepEqual(
      {
        errors: result.outputs.errors,
        warnings: result.outputs.warnings,
        notes: result.outputs.notes,
        urls: result.outputs.urls,
        exit: result.outputs['exit-code'],
      },
      { errors: '1', warnings: '0', notes: '1', urls: '3', exit: '1' },
    );
    assert.match(result.outputs.sarif, /website-reports\.sarif$/);
    const upload = step(result, 'Upload SARIF for code scanning');
    assert.equal(upload?.outcome, 'used');
    assert.equal(upload?.with?.sarif_file, result.outputs.sarif);
    assert.equal(JSON.parse(result.reports['website-reports.sarif']).version, '2.1.0');
    assert.equal((github.comments.get(3) ?? []).length, 1, 'one comment');
    assert.match(result.summary, /Commented on pull request #3/);
    assert.match(result.summary, /\*\*1\*\* error\(s\)/);
    assert.equal(step(result, 'Gate')?.outcome, 'failure', 'fail-on error, one error');
    assert.ok(result.failed);
    // The key, from a secret, is nowhere: not in a log, the summary, an output, a report or the comment.
    const everything = [
      ...result.steps.flatMap((s) => [s.stdout, s.stderr, JSON.stringify(s.with ?? {})]),
      result.summary,
      ...result.outputFiles,
      JSON.stringify(result.outputs),
      ...Object.values(result.reports),
      ...github.requests.map((r) => r.url + r.body),
    ];
    everything.forEach((text, i) => assert.ok(!text.includes(KEY), `the key in output ${i}: ${text.slice(0, 200)}`));
  });

  it("fail-on never and a fork's read-only token: the job passes, the summary says why there is no comment", async () => {
    github.readOnly = true;
    const result = await run({ 'INPUT_FAIL-ON': 'never' }, { name: 'pull_request', payload: { pull_request: { number: 4 } } });
    assert.equal(result.failed, false, result.steps.map((s) => `${s.name}: ${s.outcome} ${s.stderr}`).join('\n'));
    assert.match(result.summary, /No pull-request comment: the token may not write here/);
    assert.match(result.summary, /\*\*1\*\* error\(s\)/);
  });

  it('a schedule with issue: true opens one issue; comment is not attempted outside a pull request', async () => {
    const result = await run({ INPUT_ISSUE: 'true', 'INPUT_FAIL-ON': 'warn' }, { name: 'schedule', payload: {} });
    assert.equal(github.issues.length, 1);
    assert.match(result.summary, /Opened issue #1/);
    assert.ok(!/pull-request comment/.test(result.summary));
    assert.ok(result.failed);
  });

  it('a missing secret fails with a clear reason and sends nothing', async () => {
    const result = await run({ 'INPUT_API-KEY': '' }, { name: 'push', payload: {} });
    assert.match(step(result, 'Check the URLs')?.stderr ?? '', /the api-key input is empty/);
    assert.equal(result.outputs['exit-code'], '2');
    assert.equal(step(result, 'Gate')?.outcome, 'failure');
    assert.equal(github.requests.length, 0);
  });

  it('mode local on a pull request: rates the build folder here (no key), SARIF on the element, one comment, fails by fail-on', async () => {
    const site = {
      'website-reports.json': JSON.stringify({ rules: [{ match: '**', checks: { image_keywords: 'error' } }] }),
      '_site/index.html':
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A page title of a good length here</title></head><body><h1>Hi</h1></body></html>',
      '_site/bad.html': '<html>\n<body>\n<img src="/a.png">\n</body></html>',
    };
    service.clearRequests();
    const result = await run(
      { INPUT_MODE: 'local', 'INPUT_BUILD-DIR': '_site', 'INPUT_API-KEY': '', 'INPUT_BASE-URL': '' },
      { name: 'pull_request', payload: { pull_request: { number: 9 } } },
      site,
    );
    const check = step(result, 'Check the URLs');
    assert.equal(check?.outcome, 'success', check?.stderr);
    assert.match(check?.stdout ?? '', /^website-reports check docs --local _site /m);
    assert.equal(result.outputs.urls, '2');
    assert.equal(result.outputs['exit-code'], '1', check?.stderr);
    const sarif = JSON.parse(result.reports['website-reports.sarif']);
    const img = sarif.runs[0].results.find((r: { ruleId: string }) => r.ruleId === 'check/image_keywords');
    assert.deepEqual(
      [img?.locations[0].physicalLocation.artifactLocation.uri, img?.locations[0].physicalLocation.region.startLine],
      ['_site/bad.html', 3],
    );
    assert.equal((github.comments.get(9) ?? []).length, 1, 'one comment');
    assert.equal(step(result, 'Gate')?.outcome, 'failure');
    assert.equal(service.requests().length, 0, 'nothing asked of the service');
  });

  it("mode local passes --local with the build folder (the flag itself is the command line's)", async () => {
    const result = await run({ INPUT_MODE: 'local', 'INPUT_BUILD-DIR': '_site' }, { name: 'push', payload: {} });
    assert.match(step(result, 'Check the URLs')?.stdout ?? '', /^website-reports check docs --local _site /m);
    const both = await run(
      { INPUT_MODE: 'local', 'INPUT_BUILD-DIR': '_site', 'INPUT_PREVIEW-ORIGIN': 'http://localhost:4000' },
      { name: 'push', payload: {} },
    );
    assert.match(step(both, 'Check the URLs')?.stderr ?? '', /build-dir or preview-origin, not both/);
  });

  it('a typo in paths or nothing to check fails the job; allow-empty: true passes the empty run only', async () => {
    const typo = await run({ INPUT_PATHS: 'dcos' }, { name: 'push', payload: {} });
    assert.equal(typo.outputs['exit-code'], '2');
    assert.match(step(typo, 'Check the URLs')?.stderr ?? '', /"dcos": no such file or folder/);
    assert.equal(step(typo, 'Gate')?.outcome, 'failure');
    const files = { 'plain/a.md': 'No address here.\n' };
    const empty = await run({ INPUT_PATHS: 'plain' }, { name: 'push', payload: {} }, files);
    assert.equal(empty.outputs['exit-code'], '2');
    assert.match(step(empty, 'Check the URLs')?.stderr ?? '', /Nothing was checked: .*Pass --allow-empty/);
    assert.equal(step(empty, 'Gate')?.outcome, 'failure');
    const allowed = await run({ INPUT_PATHS: 'plain', 'INPUT_ALLOW-EMPTY': 'true' }, { name: 'push', payload: {} }, files);
    assert.match(step(allowed, 'Check the URLs')?.stdout ?? '', /^website-reports check plain --allow-empty /m);
    assert.equal(allowed.outputs['exit-code'], '0');
    assert.equal(allowed.failed, false);
    const wrong = await run({ INPUT_PATHS: 'plain', 'INPUT_ALLOW-EMPTY': 'yes' }, { name: 'push', payload: {} }, files);
    assert.match(step(wrong, 'Check the URLs')?.stderr ?? '', /allow-empty must be "true" or "false"/);
  });
});
