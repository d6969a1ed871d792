// The command line as CI runs it: a child process against the real local service over loopback,
// with reports loaded from a data file. The JSON contract, exit codes, --dump, the key never shown,
// a service that fails mid-run, a bad config; creating, re-running, SARIF, baselines and progress
// are checkOutputs.test.ts.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { MAX_UNCHECKED_NAMED } from '../../../cli/judge';
import { startService } from '../../../service/server';
import { writeDataFile } from '../actions/reportRecords';
import { project, runCli } from './runCli';
import { BAD, DECENT, env, GOOD, KEY, NONE, service, useCheckWorld } from './checkWorld';

describe('cli: check against the local service', function () {
  this.timeout(60_000);
  useCheckWorld();

  it('writes the JSON contract: relative files with /, 1-based lines and columns, findings with levels', async () => {
    const cwd = await project({ 'docs/a.md': `# Links\n\nSee ${BAD} and\n  <${GOOD}>\n`, 'b.html': `<a href="${DECENT}">x</a> ${NONE}\n` });
    const run = await runCli(['check', '--format', 'json'], { cwd, env });
    assert.equal(run.code, 1, run.stderr);
    const json = JSON.parse(run.stdout);
    const byUrl = new Map(json.urls.map((u: { url: string }) => [u.url, u]));
    assert.deepEqual(byUrl.get(BAD), {
      url: BAD,
      rating: 'bad',
      score: 30,
      reportId: 3,
      occurrences: [{ file: 'docs/a.md', line: 3, column: 5 }],
      findings: [{ level: 'error', rule: 'rating', message: 'Rated Bad (30); failing: Title, H1.' }],
    });
    assert.deepEqual(byUrl.get(GOOD), {
      url: GOOD,
      rating: 'good',
      score: 90,
      reportId: 1,
      occurrences: [{ file: 'docs/a.md', line: 4, column: 4 }],
      findings: [],
    });
    assert.deepEqual((byUrl.get(DECENT) as { findings: unknown }).findings, [
      { level: 'warn', rule: 'rating', message: 'Rated Decent (60); failing: Title.' },
    ]);
    assert.deepEqual(byUrl.get(NONE), {
      url: NONE,
      rating: 'none',
      occurrences: [{ file: 'b.html', line: 1, column: 49 }],
      findings: [{ level: 'note', rule: 'no-report', message: 'No report for this URL yet.' }],
    });
    assert.deepEqual(
      { ...json.summary, skippedFiles: undefined },
      {
        urls: 4,
        errors: 1,
        warnings: 1,
        notes: 1,
        ratings: { good: 1, decent: 1, bad: 1, none: 1 },
        created: 0,
        rerun: 0,
        notChecked: [],
        skippedFiles: undefined,
      },
    );
    assert.equal(run.stderr, '', 'no progress when stderr is not a terminal');
  });

  it('exits 0 when nothing is at error level, and a rule can lower a bad rating to a warning', async () => {
    const config = { rules: [{ match: 'https://bad.example.com/**', level: 'warn' }] };
    const cwd = await project({ 'a.md': `${GOOD} ${DECENT} ${BAD} ${NONE}`, 'website-reports.json': JSON.stringify(config) });
    const run = await runCli(['check'], { cwd, env });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /4 URL\(s\): 1 good, 1 decent, 1 bad, 1 without a report; 0 error\(s\), 2 warning\(s\), 1 note\(s\)\./);
  });

  it('lists URLs with --dump and sends nothing, without a key or a service', async () => {
    const cwd = await project({ 'a.md': `x ${GOOD}\n\n  ${BAD}`, 'sub/b.txt': GOOD });
    const run = await runCli(['check', '--dump'], { cwd, env: {} });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, `a.md:1:3\t${GOOD}\na.md:3:3\t${BAD}\nsub/b.txt:1:1\t${GOOD}\n`);
    assert.equal(service.requests().length, 0);
  });

  it('passes no control character from a file name or a URL to the terminal', async () => {
    const cwd = await project({ 'evil\u001b[2J\nname.md': `${GOOD}\u001b]8;;https://x\u0007 text` });
    const dump = await runCli(['check', '--dump'], { cwd, env: {} });
    assert.equal(dump.code, 0, dump.stderr);
    // eslint-disable-next-line no-control-regex
    assert.ok(!/[\u0000-\u0008\u000b-\u001f\u007f]/.test(dump.stdout), JSON.stringify(dump.stdout));
    assert.equal(dump.stdout.split('\n').length, 2, 'one line');
    service.addFault({ method: 'GET', path: '/api/v1/reports', status: 503, times: 0 });
    const failed = await runCli(['check'], { cwd, env });
    assert.equal(failed.code, 2);
    // eslint-disable-next-line no-control-regex
    assert.ok(!/[\u0000-\u0008\u000b-\u001f\u007f]/.test(failed.stderr), JSON.stringify(failed.stderr));
  });

  it('never looks up a URL that matches ignoreUrls', async () => {
    const cwd = await project({
      'a.md': `${BAD} ${GOOD}`,
      'website-reports.json': JSON.stringify({ ignoreUrls: ['https://bad.example.com/**'] }),
    });
    const run = await runCli(['check', '--format', 'json'], { cwd, env });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(
      JSON.parse(run.stdout).urls.map((u: { url: string }) => u.url),
      [GOOD],
    );
    assert.ok(service.requests().every((r) => !JSON.stringify(r.query).includes('bad.example.com')));
  });

  it('never shows the key: not on success, not on a refused key, not on a service error, not in --output', async () => {
    const cwd = await project({ 'a.md': `${GOOD} ${BAD}` });
    const out = path.join(cwd, 'report.json');
    const runs = [await runCli(['check', '--format', 'json', '--output', out], { cwd, env })];
    runs.push(await runCli(['check'], { cwd, env: { ...env, WEBREPORTS_API_KEY: `${KEY}-wrong` } }));
    assert.equal(runs[1].code, 2);
    assert.match(runs[1].stderr, /refused the API key \(401\).*WEBREPORTS_API_KEY/);
    service.addFault({ method: 'GET', path: '/api/v1/reports', status: 500, times: 0, body: { message: `echo ${KEY}` } });
    runs.push(await runCli(['check', '--format', 'sarif'], { cwd, env }));
    assert.equal(runs[2].code, 2);
    const texts = [...runs.flatMap((r) => [r.stdout, r.stderr]), await fsp.readFile(out, 'utf8')];
    for (const text of texts) assert.ok(!text.includes(KEY), `the key shows in: ${text.slice(0, 200)}`);
  });

  it(`a failed run names at most ${MAX_UNCHECKED_NAMED} of the URLs not checked and counts the rest`, async () => {
    const urls = Array.from({ length: MAX_UNCHECKED_NAMED + 5 }, (_, i) => `https://host${i % 3}.many.example/p/${i}`);
    const failing = await startService({ apiKey: KEY, control: true });
    try {
      const cwd = await project({ 'a.md': urls.join('\n') });
      failing.addFault({ method: 'GET', path: '/api/v1/reports', status: 503, times: 0 });
      const run = await runCli(['check'], { cwd, env: { ...env, WEBREPORTS_BASE_URL: failing.url } });
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, new RegExp(`${urls.length} URL\\(s\\) were not checked`));
      assert.equal(urls.filter((u) => run.stderr.includes(`  ${u}\n`)).length, MAX_UNCHECKED_NAMED);
      assert.ok(run.stderr.includes('  … and 5 more\n'), run.stderr);
    } finally {
      await failing.close();
    }
  });

  it('fails with exit 2 when the service fails mid-run, names the URLs not checked, and leaves --output as it was', async () => {
    // 300 reports (3 pages of the account list): the 6 hosts cost more searched one by one, so
    // `check` reads the list; pages 1 and 2 answer (three of the URLs are there), page 3 fails,
    // so the three URLs not found by then are unknown, never "no report".
    const urls = Array.from({ length: 6 }, (_, i) => `https://host${i}.example.org/p`);
    const filler = Array.from({ length: 300 }, (_, i) => ({ url: `https://filler.example.org/${i}` }));
    for (let i = 0; i < 3; i++) filler[250 + i] = { url: urls[i] };
    const big = await startService({ apiKey: KEY, control: true, dataFile: await writeDataFile(filler) });
    try {
      const cwd = await project({ 'a.md': urls.join('\n') });
      const out = path.join(cwd, 'report.sarif');
      await fsp.writeFile(out, 'previous report');
      big.addFault({ method: 'GET', path: '/api/v1/reports', delayMs: 1, times: 2 });
      big.addFault({ method: 'GET', path: '/api/v1/reports', status: 503, times: 0 });
      const run = await runCli(['check', '--format', 'sarif', '--output', out], { cwd, env: { ...env, WEBREPORTS_BASE_URL: big.url } });
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, /The report service failed \(it answered with a server error\); 3 URL\(s\) were not checked/);
      const named = urls.filter((u) => run.stderr.includes(u));
      assert.deepEqual(named, urls.slice(3));
      assert.equal(await fsp.readFile(out, 'utf8'), 'previous report');
      assert.deepEqual((await fsp.readdir(cwd)).sort(), ['a.md', 'report.sarif'], 'no temporary file is left');
      assert.equal(run.stdout, '');
    } finally {
      await big.close();
    }
  });

  it('fails with exit 2 naming the file and the field of a bad config, and refuses a key in it or on the command line', async () => {
    const bad = await project({
      'website-reports.json': JSON.stringify({ rules: [{ match: 'https://x/**', minScore: 'high' }] }),
      'a.md': GOOD,
    });
    const run = await runCli(['check'], { cwd: path.join(bad), env });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /website-reports\.json: "rules\[0\]\.minScore" must be a number from 0 to 100\./);
    const keyed = await project({ 'website-reports.json': JSON.stringify({ apiKey: 'abc' }) });
    const refused = await runCli(['check'], { cwd: keyed, env });
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /"apiKey" looks like an API key.*WEBREPORTS_API_KEY/);
    const flag = await runCli(['check', '--api-key', KEY], { cwd: keyed, env });
    assert.equal(flag.code, 2);
    assert.match(flag.stderr, /A key on the command line is refused/);
    assert.ok(!flag.stderr.includes(KEY));
    const usage = await runCli(['check', '--format', 'yaml'], { cwd: keyed, env });
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /--format: "yaml" is not one of text, json, junit, markdown, sarif/);
    const nokey = await runCli(['check'], { cwd: await project({ 'a.md': GOOD }), env: { WEBREPORTS_BASE_URL: service.url } });
    assert.equal(nokey.code, 2);
    assert.match(nokey.stderr, /No API key: set the environment variable WEBREPORTS_API_KEY/);
  });
});
