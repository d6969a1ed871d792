// The workflow of action/README.md, copied as it is: its steps read from the README, the action's
// `with:` evaluated with the repository's variable and secret (the local report service's address
// and key), and the action run by the runner stand-in (actionRunner.ts) with GitHub's REST API
// played by a loopback fake (fakeGitHub.ts). The action runs no package manager: npm, npx, yarn and
// pnpm are first on PATH and record any call. The time the action spends before the check starts
// is printed, not asserted (a timed assertion would flake on a loaded machine).
import { strict as assert } from 'node:assert';
import { promises as fsp, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { startService, RunningService } from '../../../service/server';
import { writeDataFile } from '../actions/reportRecords';
import { ACTION_DIR, readAction, runAction, stubPackageManagers, type ActionStep } from './actionRunner';
import { FakeGitHub } from './fakeGitHub';
import { project, removeProjects } from './runCli';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- js-yaml ships no typings; loaded as CommonJS
const { load } = require('js-yaml') as { load(text: string): unknown };

const KEY = 'action-readme-key-7713-secret';
const TOKEN = 'ghs_readmetoken1234567890';
const GOOD = 'https://good.example.com/page';
const BAD = 'https://bad.example.com/page';
const VERSION = JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8')).version as string;

interface Workflow {
  on: unknown;
  permissions: Record<string, string>;
  jobs: Record<string, { 'runs-on': string; steps: ActionStep[] }>;
}

async function readmeWorkflow(): Promise<Workflow> {
  const readme = await fsp.readFile(path.join(ACTION_DIR, 'README.md'), 'utf8');
  const yaml = /```yaml\n([\s\S]*?)```/.exec(readme)?.[1];
  assert.ok(yaml, 'action/README.md has a workflow');
  return load(yaml) as Workflow;
}

/** A workflow's `${{ vars.X }}` and `${{ secrets.X }}`; any other expression fails the test. */
function evaluateWorkflow(text: string, context: { vars: Record<string, string>; secrets: Record<string, string> }): string {
  return text.replace(/\$\{\{\s*(vars|secrets)\.(\w+)\s*\}\}|\$\{\{[^}]*\}\}/g, (all, kind?: 'vars' | 'secrets', name?: string) => {
    if (!kind || !name) throw new Error(`the README's workflow uses an expression this test does not know: ${all}`);
    const value = context[kind][name];
    if (value === undefined) throw new Error(`the README names ${kind}.${name}, which this test does not set`);
    return value;
  });
}

describe("action: action/README.md's workflow, copied as it is", function () {
  this.timeout(120_000);
  let service: RunningService;
  let github: FakeGitHub;

  before(async () => {
    service = await startService({
      apiKey: KEY,
      dataFile: await writeDataFile([
        { url: GOOD, score: 90 },
        { url: BAD, score: 30, failed: 2 },
      ]),
    });
    github = new FakeGitHub();
    await github.start();
  });
  after(async () => {
    await github.close();
    await service.close();
    await removeProjects();
  });

  async function runReadme(event: { name: string; payload: unknown }, packageManagers: { bin: string }) {
    const workflow = await readmeWorkflow();
    const [job] = Object.values(workflow.jobs);
    assert.deepEqual(
      job.steps.map((s) => s.uses),
      ['actions/checkout@v4', 'webreports/website-reports/action@main'],
    );
    const using = job.steps[1];
    const context = { vars: { WEBREPORTS_BASE_URL: service.url }, secrets: { WEBREPORTS_API_KEY: KEY } };
    const inputs = Object.fromEntries(
      Object.entries(using.with ?? {}).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, evaluateWorkflow(String(value), context)]),
    );
    const declared = (await readAction()).inputs;
    for (const name of Object.keys(using.with ?? {})) assert.ok(name in declared, `the README's input ${name} is declared`);
    // The checked-out repository (actions/checkout): a page of each kind.
    const workspace = await project({
      'docs/pages.md': `See ${BAD} and ${GOOD}.\n`,
      'event.json': JSON.stringify(event.payload),
    });
    const started = performance.now();
    const result = await runAction({
      inputs,
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
    return { result, total: performance.now() - started };
  }

  it('checks against the service, comments once, runs no package manager; prints the time before the check', async () => {
    const packageManagers = await stubPackageManagers();
    const { result, total } = await runReadme({ name: 'pull_request', payload: { pull_request: { number: 12 } } }, packageManagers);
    const checkAt = result.steps.findIndex((s) => s.name === 'Check the URLs');
    const check = result.steps[checkAt];
    assert.equal(check?.outcome, 'success', check?.stderr);
    assert.deepEqual(
      { urls: result.outputs.urls, errors: result.outputs.errors, exit: result.outputs['exit-code'] },
      { urls: '2', errors: '1', exit: '1' },
    );
    const comments = github.comments.get(12) ?? [];
    assert.equal(comments.length, 1, 'one comment');
    // Which version wrote them: the comment's last line, and the summary's.
    assert.equal(comments[0].body.trimEnd().split('\n').at(-1), `_website-reports ${VERSION}_`);
    assert.ok(result.summary.includes(`\n_website-reports ${VERSION}_\n`), result.summary);
    assert.equal(result.steps.at(-1)?.outcome, 'failure', 'the gate fails on the bad page');

    // Before the check: only GitHub's setup-node (recorded here, not run); no step of the action's
    // own runs before it, and no package manager runs at all.
    const before = result.steps.slice(0, checkAt);
    assert.deepEqual(
      before.map((s) => s.outcome),
      ['used'],
    );
    assert.equal(await packageManagers.calls(), '', 'no package manager ran');
    const beforeMs = before.reduce((n, s) => n + s.ms, 0);
    console.log(
      `      the action before the check: ${Math.round(beforeMs)} ms in ${before.length} step(s) (setup-node is GitHub's, not run here); ` +
        `the check step ${Math.round(check.ms)} ms with the command line's start; the whole action ${Math.round(total)} ms`,
    );
  });

  it('outside a pull request the job summary (the Markdown report) ends with the version too', async () => {
    const { result } = await runReadme({ name: 'push', payload: {} }, await stubPackageManagers());
    assert.equal(result.outputs['exit-code'], '1');
    assert.equal(result.summary.trimEnd().split('\n').at(-1), `_website-reports ${VERSION}_`);
  });
});
