// Only the token's own marked comment or issue is edited, never another app's: GitHub is played by
// a loopback fake (fakeGitHub.ts: GitHub cannot run here; a `ghs_` token writes as
// github-actions[bot], as the workflow's does), the report service is the real local one.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { startService, RunningService } from '../../../service/server';
import { writeDataFile } from '../actions/reportRecords';
import { FakeGitHub } from './fakeGitHub';
import { project, removeProjects, runCli } from './runCli';

const KEY = 'gh-author-key-5512';
const TOKEN = 'ghs_workflowtoken0123456789';
const BAD = 'https://bad.example.com/page';
const GOOD = 'https://good.example.com/page';
const MARKER = '<!-- website-reports -->';
const RENOVATE = { login: 'renovate[bot]', type: 'Bot' };

describe("cli: GitHub: another app's marked comment, and GitHub's own words", function () {
  this.timeout(60_000);
  let service: RunningService;
  let github: FakeGitHub;
  let summary = '';

  before(async () => {
    service = await startService({
      apiKey: KEY,
      control: true,
      dataFile: await writeDataFile([
        { url: BAD, score: 30, failed: 2 },
        { url: GOOD, score: 95, failed: 0 },
      ]),
    });
  });
  after(async () => {
    await service.close();
    await removeProjects();
  });
  beforeEach(async () => {
    github = new FakeGitHub();
    await github.start();
  });
  afterEach(() => github.close());

  async function run(flag: string, event: unknown, docs = `See ${BAD}.\n`) {
    const cwd = await project({ 'docs/a.md': docs, 'event.json': JSON.stringify(event) });
    summary = path.join(cwd, 'summary.md');
    const env = {
      WEBREPORTS_API_KEY: KEY,
      WEBREPORTS_BASE_URL: service.url,
      GITHUB_API_URL: github.url,
      GITHUB_REPOSITORY: github.repository,
      GITHUB_EVENT_PATH: path.join(cwd, 'event.json'),
      GITHUB_TOKEN: TOKEN,
      GITHUB_STEP_SUMMARY: summary,
    };
    return runCli(['check', 'docs', flag], { cwd, env });
  }

  it("renovate[bot]'s comment that starts with the marker is left as it is: the workflow's token comments once, then edits its own", async () => {
    const renovate = github.comment(`${MARKER}\nRenovate's dashboard`, RENOVATE.type, RENOVATE.login);
    github.comments.set(7, [renovate]);
    const first = await run('--github-comment', { pull_request: { number: 7 } });
    assert.match(first.stderr, /Commented on pull request #7/);
    const second = await run('--github-comment', { pull_request: { number: 7 } });
    assert.match(second.stderr, /Updated the comment on pull request #7/);
    assert.equal(renovate.body, `${MARKER}\nRenovate's dashboard`);
    const ours = github.comments.get(7)?.filter((c) => c !== renovate) ?? [];
    assert.deepEqual(
      ours.map((c) => c.user.login),
      ['github-actions[bot]'],
    );
    assert.deepEqual(
      github.requests.filter((r) => r.method === 'PATCH').map((r) => r.url),
      [`/repos/${github.repository}/issues/comments/${ours[0].id}`],
    );
  });

  it('an issue another app opened with the marker is neither edited nor closed', async () => {
    const theirs = github.addIssue('Website Reports: pages regressed', `${MARKER}\nnot ours`, RENOVATE);
    const regressed = await run('--github-issue', {});
    assert.match(regressed.stderr, /Opened issue #2/);
    const well = await run('--github-issue', {}, `Now only ${GOOD}.\n`);
    assert.match(well.stderr, /Closed issue #2: all is well again/);
    assert.deepEqual([theirs.state, theirs.body], ['open', `${MARKER}\nnot ours`]);
    assert.ok(!github.requests.some((r) => r.url === '/repos/octo/site/issues/1'), 'issue #1 never addressed');
  });

  it("a line feed in GitHub's error message forges no line on stderr or in the summary", async () => {
    github.faults.push({ method: 'POST', path: /comments$/, status: 422, message: 'Validation Failed\nFAKE: all good\r\nFAKE: too' });
    const failed = await run('--github-comment', { pull_request: { number: 7 } });
    assert.equal(failed.code, 1, failed.stderr);
    assert.match(
      failed.stderr,
      /No pull-request comment: GitHub failed \(GitHub answered 422 \(Validation Failed FAKE: all good {2}FAKE: too\)\)/,
    );
    const lines = [...failed.stderr.split(/\r?\n|\r/), ...(await fsp.readFile(summary, 'utf8')).split(/\r?\n|\r/)];
    assert.deepEqual(
      lines.filter((l) => /^\W*FAKE/.test(l)),
      [],
    );
  });
});
