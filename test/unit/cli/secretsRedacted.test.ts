// The key (WEBREPORTS_API_KEY, as the action sets it) and the token (GITHUB_TOKEN) are "[redacted]"
// in every output of every mode, here where no service echoes them: `check --local` on a build
// folder whose pages are named after them, and `merge` of its shard. GitHub is played by a
// loopback fake (fakeGitHub.ts: GitHub cannot run here); no report service is needed.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { FORMATS } from '../../../cli/args';
import { FakeGitHub } from './fakeGitHub';
import { project, removeProjects, runCli } from './runCli';

const KEY = 'wr-key-Secret-7781';
const TOKEN = 'ghs_tokenSecret0123456789';
const BAD = '<html>\n<head><title>x</title></head>\n<body>\n<img src="/a.png">\n</body></html>\n';
const RULES = { rules: [{ match: '**', checks: { image_keywords: 'error', title: 'warn' } }] };

describe('cli: the key and the token are redacted in every output of check --local and merge, and on stderr', function () {
  this.timeout(120_000);
  let github: FakeGitHub;
  before(async () => {
    github = new FakeGitHub();
    await github.start();
  });
  after(async () => {
    await github.close();
    await removeProjects();
  });

  function assertClean(texts: Record<string, string>): void {
    for (const [where, text] of Object.entries(texts)) {
      assert.ok(text.length > 0, `${where} was written`);
      assert.ok(!text.includes(KEY), `the key in ${where}: ${text.slice(0, 2000)}`);
      assert.ok(!text.includes(TOKEN), `the token in ${where}: ${text.slice(0, 2000)}`);
      assert.match(text, /\[redacted\]/, `${where} says where a secret was`);
    }
  }

  it('pages named after the key and the token: stdout, every --write, the baseline, the comment and the job summary', async () => {
    const cwd = await project({
      [`_site/${KEY}.html`]: BAD,
      [`_site/${TOKEN}.html`]: BAD,
      'website-reports.json': JSON.stringify(RULES),
      'event.json': JSON.stringify({ pull_request: { number: 3 } }),
    });
    const env = {
      WEBREPORTS_API_KEY: KEY,
      GITHUB_TOKEN: TOKEN,
      GITHUB_API_URL: github.url,
      GITHUB_REPOSITORY: github.repository,
      GITHUB_EVENT_PATH: path.join(cwd, 'event.json'),
      GITHUB_STEP_SUMMARY: path.join(cwd, 'summary.md'),
    };
    const writes = FORMATS.flatMap((f) => ['--write', `${f}=out.${f}`]);
    const run = await runCli(['check', '--local', '_site', '--github-comment', ...writes], { cwd, env });
    assert.equal(run.code, 1, run.stderr);
    const files = Object.fromEntries(
      await Promise.all(FORMATS.map(async (f) => [`--write ${f}`, await fsp.readFile(path.join(cwd, `out.${f}`), 'utf8')])),
    );
    const comment = github.comments.get(3)?.[0]?.body ?? '';
    const summary = await fsp.readFile(env.GITHUB_STEP_SUMMARY, 'utf8');
    assertClean({ stdout: run.stdout, comment, summary, ...files });
    assert.ok(!run.stderr.includes(KEY) && !run.stderr.includes(TOKEN), run.stderr);

    const baseline = await runCli(['check', '--local', '_site', '--baseline', 'b.json', '--update-baseline'], { cwd, env });
    assert.equal(baseline.code, 0, baseline.stderr);
    assertClean({ baseline: await fsp.readFile(path.join(cwd, 'b.json'), 'utf8') });

    // merge of a shard that holds them: written by a job that had neither set
    const shard = await runCli(['check', '--local', '_site', '--format', 'json', '--output', 'shard.json'], { cwd, env: {} });
    assert.ok((await fsp.readFile(path.join(cwd, 'shard.json'), 'utf8')).includes(KEY), shard.stderr);
    for (const format of FORMATS) {
      const merged = await runCli(['merge', 'shard.json', '--format', format], { cwd, env });
      assert.equal(merged.code, 1, merged.stderr);
      assertClean({ [`merge --format ${format}`]: merged.stdout });
    }
  });
  it('a failure that quotes them (an address, a folder named after them) says "[redacted]" on stderr', async () => {
    const closed = await closedPort();
    const cwd = await project({
      'urls.md': '- https://site.example/a\n',
      // A key put in the service's address by mistake: the unreachable service's message names the address.
      'website-reports.json': JSON.stringify({ baseUrl: `http://127.0.0.1:${closed}/${KEY}` }),
    });
    const env = { WEBREPORTS_API_KEY: KEY, GITHUB_TOKEN: TOKEN };
    const unreachable = await runCli(['check'], { cwd, env });
    assert.equal(unreachable.code, 2, unreachable.stderr);
    assert.match(unreachable.stderr, /could not be reached/);
    assertClean({ stderr: unreachable.stderr });
    const noFolder = await runCli(['check', '--local', `${TOKEN}-site`], { cwd, env });
    assert.equal(noFolder.code, 2, noFolder.stderr);
    assert.match(noFolder.stderr, /is not a folder/);
    assertClean({ stderr: noFolder.stderr });
  });
});

/** A loopback port nothing listens on (one just given back by the system). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
