// `check --github-comment` and `--github-issue` as GitHub Actions runs them: the command line as a
// child process against the real local report service, and GitHub played by a loopback fake
// (fakeGitHub.ts: GitHub cannot run here), with GITHUB_API_URL, GITHUB_REPOSITORY,
// GITHUB_EVENT_PATH, GITHUB_TOKEN and GITHUB_STEP_SUMMARY set as GitHub sets them.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { startService, RunningService } from '../../../service/server';
import { writeDataFile } from '../actions/reportRecords';
import { FakeGitHub, PERSON } from './fakeGitHub';
import { project, removeProjects, runCli } from './runCli';

const KEY = 'gh-test-key-7741-secret';
const TOKEN = 'ghs_faketoken0123456789';
const GOOD = 'https://good.example.com/page';
const BAD = 'https://bad.example.com/page';
const MARKER = '<!-- website-reports -->';

/** The baseline of the base branch: the bad page was decent, its checks passed. */
const BASE_BASELINE = {
  version: 1,
  urls: {
    [BAD]: { rating: 'decent', score: 70, checks: { h1: 'passed', https: 'passed', title: 'passed' } },
    [GOOD]: { rating: 'good', score: 90, checks: { h1: 'passed', https: 'passed', title: 'passed' } },
  },
};

describe('cli: --github-comment and --github-issue against a fake GitHub', function () {
  this.timeout(60_000);
  let service: RunningService;
  let github: FakeGitHub;

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
  });
  afterEach(() => github.close());

  async function setUp(files: Record<string, string> = {}, event: unknown = { pull_request: { number: 7 } }) {
    const cwd = await project({
      'docs/a.md': `See ${BAD} and ${GOOD}.\n`,
      'website-reports.json': JSON.stringify({ reportLink: 'https://reports.example.com/r/{id}' }),
      'base-baseline.json': JSON.stringify(BASE_BASELINE),
      'event.json': JSON.stringify(event),
      ...files,
    });
    const env = {
      WEBREPORTS_API_KEY: KEY,
      WEBREPORTS_BASE_URL: service.url,
      GITHUB_API_URL: github.url,
      GITHUB_REPOSITORY: github.repository,
      GITHUB_EVENT_PATH: path.join(cwd, 'event.json'),
      GITHUB_TOKEN: TOKEN,
      GITHUB_STEP_SUMMARY: path.join(cwd, 'summary.md'),
      GITHUB_SERVER_URL: 'https://github.example',
      GITHUB_RUN_ID: '42',
    };
    return { cwd, env, summary: () => fsp.readFile(env.GITHUB_STEP_SUMMARY, 'utf8').catch(() => '') };
  }

  const args = ['check', 'docs', '--baseline', 'base-baseline.json', '--github-comment'];
  const marked = (pr = 7) => (github.comments.get(pr) ?? []).filter((c) => c.body.startsWith(MARKER));

  it('the first run creates the comment, the second edits it in place: the changes against the base, then the findings', async () => {
    const { cwd, env, summary } = await setUp();
    const first = await runCli(args, { cwd, env });
    assert.equal(first.code, 1, first.stderr);
    assert.match(first.stderr, /Commented on pull request #7/);
    assert.equal(marked().length, 1);
    const body = marked()[0].body;
    assert.match(body, /### Changed against the base branch/);
    assert.match(
      body,
      /\| `https:\/\/bad\.example\.com\/page` \| \[decent → bad\]\(https:\/\/reports\.example\.com\/r\/2\) \| 70 → 30 \| `h1`, `title` \| — \|/,
    );
    assert.ok(!body.includes('`https://good.example.com/page` |'), 'an unchanged page is not listed as changed');
    assert.ok(body.indexOf('### Findings') > body.indexOf('### Changed'), 'changes first, then the findings');
    assert.match(body, /\[The run\]\(https:\/\/github\.example\/octo\/site\/actions\/runs\/42\)/);
    assert.match(await summary(), /Commented on pull request #7/);
    assert.ok(!(await summary()).includes(MARKER), 'the summary shows no marker');

    const second = await runCli(args, { cwd, env });
    assert.equal(second.code, 1, second.stderr);
    assert.match(second.stderr, /Updated the comment on pull request #7/);
    assert.equal(marked().length, 1, 'never a second comment');
    assert.equal(github.requests.filter((r) => r.method === 'POST').length, 1);
    assert.equal(github.requests.filter((r) => r.method === 'PATCH').length, 1);
    assert.ok(github.requests.every((r) => r.authorization === `Bearer ${TOKEN}`));
  });

  it("a fork's read-only token (403): no comment, the summary says why, the exit code is the check's", async () => {
    github.readOnly = true;
    const { cwd, env, summary } = await setUp();
    const run = await runCli(args, { cwd, env });
    assert.equal(run.code, 1, 'the findings decide, not the comment');
    assert.match(run.stderr, /No pull-request comment: the token may not write here \(GitHub answered 403\)\. A pull request from a fork/);
    assert.match(await summary(), /> No pull-request comment: .*fork gets a read-only token/);
    assert.match(await summary(), /decent → bad/, 'the summary still has the results');
    assert.equal(marked().length, 0);
  });

  it('finds its comment among 200 others by paging (Link rel="next") and edits it', async () => {
    github.addComments(7, 150);
    github.comments.get(7)?.push(github.comment(`${MARKER}\nold`));
    github.addComments(7, 50);
    const { cwd, env } = await setUp();
    const run = await runCli(args, { cwd, env });
    assert.equal(run.code, 1, run.stderr);
    assert.equal(marked().length, 1);
    assert.notEqual(marked()[0].body, `${MARKER}\nold`);
    assert.equal(github.requests.filter((r) => r.method === 'POST').length, 0);
    const pages = github.requests.filter((r) => r.method === 'GET').map((r) => new URL(r.url, github.url).searchParams.get('page') ?? '1');
    assert.deepEqual(pages, ['1', '2', '3', '4', '5', '6'], 'pages until the marker (30 a page: the 151st comment is on page 6)');
  });

  it("a stranger's comment that starts with the marker is not taken for its own: a comment of its own, the stranger's untouched", async () => {
    const stranger = github.comment(`${MARKER}\nAll pages are good.`, 'User', 'stranger');
    github.comments.set(7, [stranger]);
    const { cwd, env } = await setUp();
    const first = await runCli(args, { cwd, env });
    assert.match(first.stderr, /Commented on pull request #7/);
    const second = await runCli(args, { cwd, env });
    assert.match(second.stderr, /Updated the comment on pull request #7/);
    assert.equal(marked().length, 2);
    assert.equal(stranger.body, `${MARKER}\nAll pages are good.`);
    const ours = marked().find((c) => c !== stranger);
    assert.equal(ours?.user.login, 'github-actions[bot]');
    assert.deepEqual(
      github.requests.filter((r) => r.method === 'PATCH').map((r) => r.url),
      [`/repos/${github.repository}/issues/comments/${ours?.id}`],
    );
    assert.ok(!github.requests.some((r) => r.url === '/user'), "an app's token (ghs_) is not asked who it is");
  });

  it("a person's token: its own marked comment is found by its login (GET /user), not a stranger's before it", async () => {
    const stranger = github.comment(`${MARKER}\nold`, 'User', 'stranger');
    const own = github.comment(`${MARKER}\nold`, 'User', PERSON);
    github.comments.set(7, [stranger, own]);
    const { cwd, env } = await setUp();
    const run = await runCli(args, { cwd, env: { ...env, GITHUB_TOKEN: 'ghp_persontoken0123456789' } });
    assert.match(run.stderr, /Updated the comment on pull request #7/);
    assert.equal(stranger.body, `${MARKER}\nold`);
    assert.match(own.body, /decent → bad/);
    assert.equal(github.requests.filter((r) => r.method === 'POST').length, 0);
    assert.equal(github.requests.filter((r) => r.url === '/user').length, 1);
  });

  it('an issue a stranger opened with the marker is neither edited nor closed: the scheduled run keeps its own', async () => {
    const stranger = github.addIssue('Website Reports: pages regressed', `${MARKER}\nFake results`);
    const { cwd, env } = await setUp({}, {});
    const issueArgs = ['check', 'docs', '--baseline', 'base-baseline.json', '--github-issue'];
    const regressed = await runCli(issueArgs, { cwd, env });
    assert.match(regressed.stderr, /Opened issue #2/);
    await fsp.writeFile(path.join(cwd, 'docs/a.md'), `See ${GOOD}.\n`);
    const well = await runCli(issueArgs, { cwd, env });
    assert.match(well.stderr, /Closed issue #2: all is well again/);
    assert.deepEqual([stranger.state, stranger.body], ['open', `${MARKER}\nFake results`]);
  });

  it('a 5xx on the create that stored it anyway: looked for before sending again, never a duplicate', async () => {
    github.faults.push({ method: 'POST', path: /comments$/, status: 502, store: true });
    github.faults.push({ method: 'GET', path: /comments$/, status: 503 });
    const { cwd, env } = await setUp();
    const run = await runCli(args, { cwd, env });
    assert.equal(run.code, 1, run.stderr);
    assert.equal(marked().length, 1, 'one comment');
    assert.equal(github.requests.filter((r) => r.method === 'POST').length, 1, 'the create was not sent again');
  });

  it('a 5xx on a create that did not store it: sent again once, one comment', async () => {
    github.faults.push({ method: 'POST', path: /comments$/, status: 500 });
    const { cwd, env } = await setUp();
    const run = await runCli(args, { cwd, env });
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /Commented on pull request #7/);
    assert.equal(marked().length, 1);
    assert.equal(github.requests.filter((r) => r.method === 'POST').length, 2);
  });

  it('a 429 with Retry-After on the create is waited out: sent again once, one comment', async () => {
    github.faults.push({ method: 'POST', path: /comments$/, status: 429, headers: { 'retry-after': '1' } });
    const { cwd, env } = await setUp();
    const run = await runCli(args, { cwd, env });
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /Commented on pull request #7/);
    assert.equal(marked().length, 1);
    assert.equal(github.requests.filter((r) => r.method === 'POST').length, 2);
  });

  it('outside a pull request: no comment, said in the summary; the report is still written', async () => {
    const { cwd, env, summary } = await setUp({}, { ref: 'refs/heads/main' });
    const run = await runCli([...args, '--format', 'json'], { cwd, env });
    assert.equal(run.code, 1, run.stderr);
    assert.equal(JSON.parse(run.stdout).summary.errors > 0, true);
    assert.match(await summary(), /No pull-request comment: this run is not for a pull request/);
    assert.equal(github.requests.length, 0);
  });

  it('the issue of a scheduled run: opened on a regression, updated next time, closed when all is well', async () => {
    const { cwd, env } = await setUp({}, {});
    const issueArgs = ['check', 'docs', '--baseline', 'base-baseline.json', '--github-issue'];
    const first = await runCli(issueArgs, { cwd, env });
    assert.equal(first.code, 1, first.stderr);
    assert.match(first.stderr, /Opened issue #1/);
    const again = await runCli(issueArgs, { cwd, env });
    assert.match(again.stderr, /Updated issue #1/);
    assert.equal(github.issues.length, 1, 'one issue');
    assert.equal(github.issues[0].state, 'open');
    assert.match(github.issues[0].body, /decent → bad/);
    // All is well: only the good page is left in the files.
    await fsp.writeFile(path.join(cwd, 'docs/a.md'), `See ${GOOD}.\n`);
    const well = await runCli(issueArgs, { cwd, env });
    assert.equal(well.code, 0, well.stderr);
    assert.match(well.stderr, /Closed issue #1: all is well again/);
    assert.equal(github.issues[0].state, 'closed');
    const quiet = await runCli(issueArgs, { cwd, env });
    assert.match(quiet.stderr, /No issue: nothing regressed, and no issue is open/);
    assert.equal(github.issues.length, 1);
  });

  it('neither the key nor the token reaches GitHub, the summary, stdout, stderr or a file; values are escaped', async () => {
    const hostile = `https://bad.example.com/page?k=${KEY}&t=${TOKEN}&x=@octocat<img src=x>`;
    const { cwd, env, summary } = await setUp({ 'docs/b.md': `${hostile}\n` });
    const run = await runCli([...args, '--write', 'sarif=out.sarif', '--write', 'codequality=cq.json', '--format', 'markdown'], {
      cwd,
      env,
    });
    assert.equal(run.code, 1, run.stderr);
    const body = marked()[0].body;
    const toGitHub = [run.stderr, await summary(), body, ...github.requests.map((r) => r.body + r.url)];
    const files = [
      run.stdout,
      await fsp.readFile(path.join(cwd, 'out.sarif'), 'utf8'),
      await fsp.readFile(path.join(cwd, 'cq.json'), 'utf8'),
    ];
    toGitHub.forEach((text, i) => {
      assert.ok(!text.includes(KEY), `no key in output ${i}`);
      assert.ok(!text.includes(TOKEN), `no token in output ${i}`);
    });
    // The token is made for the job and cannot be written in the files checked; the key can be.
    files.forEach((text, i) => assert.ok(!text.includes(KEY), `no key in file ${i}`));
    assert.match(body, /\[redacted\]/);
    // A URL is shown as code: no HTML, link or mention outside code spans.
    const outsideCode = body.replace(/`[^`\n]*`/g, '');
    assert.ok(!/<img/i.test(outsideCode), 'no HTML');
    assert.ok(!outsideCode.includes('@octocat'), 'no live mention');
    assert.ok(body.includes('@octocat'), 'the URL is shown');
  });
});
