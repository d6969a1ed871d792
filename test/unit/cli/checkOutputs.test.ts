// The command line as CI runs it, what it writes: reports created (--create-missing) and re-run
// (--rerun-older-than), SARIF, baselines, and progress on a terminal beside the report on stdout.
import { strict as assert } from 'node:assert';
import { execFile, execFileSync } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { CLI, project, runCli } from './runCli';
import { BAD, DECENT, env, GOOD, NONE, service, useCheckWorld, WORSE, writes } from './checkWorld';

describe('cli: check against the local service: creates, re-runs, SARIF, baselines and progress', function () {
  this.timeout(60_000);
  useCheckWorld();

  it('creates reports for URLs without one with --create-missing, once each (a second run creates none)', async () => {
    const fresh = ['https://new1.example.net/a', 'https://new2.example.net/b', 'https://new2.example.net/c', 'https://new3.example.net/'];
    const cwd = await project({ 'a.md': [...fresh, GOOD, fresh[0]].join('\n') });
    const first = await runCli(['check', '--create-missing', '--format', 'json'], { cwd, env });
    assert.equal(first.code, 0, first.stderr);
    const json = JSON.parse(first.stdout);
    assert.equal(json.summary.created, 4);
    assert.ok(json.urls.every((u: { rating: string }) => u.rating === 'good'));
    assert.equal(writes().filter((r) => r.method === 'POST').length, 4);
    service.clearRequests();
    const second = await runCli(['check', '--create-missing', '--format', 'json'], { cwd, env });
    assert.equal(JSON.parse(second.stdout).summary.created, 0);
    assert.equal(writes().length, 0);
  });

  it('re-runs reports older than --rerun-older-than and judges the new result', async () => {
    const cwd = await project({ 'a.md': `${BAD}\n${DECENT}` });
    const run = await runCli(['check', '--rerun-older-than', '1d', '--format', 'json'], { cwd, env });
    assert.equal(run.code, 0, run.stderr);
    const json = JSON.parse(run.stdout);
    assert.equal(json.summary.rerun, 2);
    assert.deepEqual(
      writes()
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
      ['PUT /api/v1/reports/2', 'PUT /api/v1/reports/3'],
    );
    assert.ok(json.urls.every((u: { rating: string }) => u.rating === 'good'));
  });

  it('writes SARIF 2.1.0 with one result per finding per place', async () => {
    const cwd = await project({ 'src/x y.ts': `const a = '${WORSE}';\nconst b = '${WORSE}';\n`, 'c.md': NONE });
    const run = await runCli(['check', '--format', 'sarif'], { cwd, env });
    assert.equal(run.code, 1);
    const sarif = JSON.parse(run.stdout);
    assert.equal(sarif.version, '2.1.0');
    const results = sarif.runs[0].results.map(
      (r: {
        ruleId: string;
        level: string;
        locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[];
      }) => ({
        ruleId: r.ruleId,
        level: r.level,
        uri: r.locations[0].physicalLocation.artifactLocation.uri,
        line: r.locations[0].physicalLocation.region.startLine,
      }),
    );
    assert.deepEqual(
      results.sort((a: { uri: string; line: number }, b: { uri: string; line: number }) => (a.uri + a.line).localeCompare(b.uri + b.line)),
      [
        { ruleId: 'no-report', level: 'note', uri: 'c.md', line: 1 },
        { ruleId: 'rating', level: 'error', uri: 'src/x%20y.ts', line: 1 },
        { ruleId: 'rating', level: 'error', uri: 'src/x%20y.ts', line: 2 },
      ],
    );
  });

  it('with --baseline only regressions are errors; --update-baseline writes a stable, sorted file', async () => {
    const cwd = await project({ 'a.md': `${WORSE}\n${GOOD}` });
    const update = await runCli(['check', '--baseline', 'b.json', '--update-baseline'], { cwd, env });
    assert.equal(update.code, 0, update.stderr);
    const written = await fsp.readFile(path.join(cwd, 'b.json'), 'utf8');
    assert.deepEqual(Object.keys(JSON.parse(written).urls), [GOOD, WORSE].sort());
    assert.equal(written, `${JSON.stringify(JSON.parse(written), null, 2)}\n`);
    const same = await runCli(['check', '--baseline', 'b.json', '--format', 'json'], { cwd, env });
    assert.equal(same.code, 0, 'the bad page is in the baseline: a warning now');
    assert.deepEqual(
      JSON.parse(same.stdout).urls.flatMap((u: { findings: { level: string; rule: string }[] }) =>
        u.findings.map((f) => `${f.level} ${f.rule}`),
      ),
      ['warn rating'],
    );
    const before = JSON.parse(written);
    before.urls[GOOD].score = 99;
    await fsp.writeFile(path.join(cwd, 'b.json'), JSON.stringify(before));
    const fell = await runCli(['check', '--baseline', 'b.json', '--format', 'json'], { cwd, env });
    assert.equal(fell.code, 1);
    const good = JSON.parse(fell.stdout).urls.find((u: { url: string }) => u.url === GOOD);
    assert.deepEqual(good.findings, [
      { level: 'error', rule: 'regression/score', message: 'The score fell from 99 to 90 (more than 5 points).' },
    ]);
  });

  it('shows progress on stderr when it is a terminal, and stdout still carries only the report', async function () {
    try {
      execFileSync('script', ['--version'], { stdio: 'ignore' });
    } catch {
      this.skip(); // util-linux `script` gives the child a terminal; without it there is none to test with
    }
    const cwd = await project({ 'a.md': `${GOOD} ${NONE}` });
    const out = path.join(cwd, 'out.json');
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} check --format json > ${JSON.stringify(out)}`;
    const terminal = await new Promise<string>((resolve, reject) =>
      execFile('script', ['-qec', command, '/dev/null'], { cwd, env: { PATH: process.env.PATH, ...env } }, (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      ),
    );
    assert.match(terminal, /Finding URLs/);
    assert.ok(!terminal.includes('"urls"'), 'the report is not on the terminal');
    assert.equal(JSON.parse(await fsp.readFile(out, 'utf8')).summary.urls, 2);
  });
});
