// `check` with a hostile glob (one that made a backtracking matcher run for seconds on 66
// characters) in every pattern field of website-reports.json: it finishes, and each field still
// means what it says. A child process against the real local service over loopback.
import { strict as assert } from 'node:assert';
import { startService, RunningService } from '../../../service/server';
import { project, removeProjects, runCli } from './runCli';

const KEY = 'cli-patterns-key-7731';
const HOSTILE = '**/*a*a*a*a*a*a*a*a*a*a*a*b';
/** 66 characters, no `b` at the end: the worst case for the hostile glob. */
const KEPT = `https://kept.example.com/${'a'.repeat(41)}`;
const IGNORED = `https://ignored.example.com/${'a'.repeat(40)}b`;

describe('cli: check with hostile patterns in the config', function () {
  this.timeout(60_000);
  let service: RunningService;

  before(async () => {
    service = await startService({ apiKey: KEY });
  });
  after(async () => {
    await service.close();
    await removeProjects();
  });

  it('ignoreUrls, include, exclude and rules[].match hold the glob: the run finishes with the right URLs', async () => {
    assert.equal(KEPT.length, 66);
    const name = `docs/${'a'.repeat(46)}`;
    assert.equal(name.length, 51);
    const cwd = await project({
      'notes.md': `${KEPT}\n${IGNORED}\n`,
      [name]: 'https://not-included.example.com/x\n',
      [`${name.slice(0, -1)}b`]: 'https://excluded.example.com/x\n',
      'website-reports.json': JSON.stringify({
        include: ['**/*.md', HOSTILE],
        exclude: [HOSTILE],
        ignoreUrls: [HOSTILE],
        rules: [{ match: HOSTILE, minScore: 100 }],
      }),
    });
    const run = await runCli(['check', '--format', 'json'], {
      cwd,
      env: { WEBREPORTS_API_KEY: KEY, WEBREPORTS_BASE_URL: service.url },
    });
    assert.equal(run.code, 0, run.stderr);
    const json = JSON.parse(run.stdout) as { urls: { url: string; findings: { rule: string }[] }[] };
    assert.deepEqual(
      json.urls.map((u) => [u.url, u.findings.map((f) => f.rule)]),
      [[KEPT, ['no-report']]],
    );
  });
});
