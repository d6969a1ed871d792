// --shard I/N and merge, as a CI matrix runs them: the shards of a generated build folder (the
// one analyser's generated pages, test/unit/analysis/pagesGen.ts) hold every page exactly once, and
// merge joins their JSON into the very report of the unsharded run, in every format. Bad inputs
// (not JSON, another version, a page twice, a shard missing) are clear errors with exit 2.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import * as fc from 'fast-check';
import { FORMATS } from '../../../cli/args';
import { generatedPage } from '../analysis/pagesGen';
import { project, removeProjects, runCli } from './runCli';

const RULES = { rules: [{ match: '**', checks: { image_keywords: 'error', title: 'warn' } }] };

async function generatedSite(pages: number): Promise<string> {
  const files: Record<string, string> = { 'website-reports.json': JSON.stringify(RULES) };
  fc.sample(generatedPage, { numRuns: pages, seed: 4 }).forEach(({ html }, i) => {
    files[`_site/${i % 7}/p${i}/index.html`] = html;
  });
  files['_site/notes.txt'] = 'not a page';
  return project(files);
}

describe('cli: check --local --shard and merge', function () {
  this.timeout(180_000);
  let cwd: string;
  before(async () => {
    cwd = await generatedSite(60);
  });
  after(removeProjects);

  it('--shard 1/4..4/4 hold every page exactly once; merge equals the unsharded run in every format', async () => {
    const whole = await runCli(['check', '--local', '_site', '--format', 'json', '--output', 'whole.json'], { cwd, env: {} });
    const wholeJson = JSON.parse(await fsp.readFile(path.join(cwd, 'whole.json'), 'utf8'));
    assert.equal(wholeJson.urls.length, 60);
    const seen: string[] = [];
    for (let i = 1; i <= 4; i++) {
      const run = await runCli(['check', '--local', '_site', '--shard', `${i}/4`, '--format', 'json', '--output', `s${i}.json`], {
        cwd,
        env: {},
      });
      assert.ok(run.code === 0 || run.code === 1, run.stderr);
      const json = JSON.parse(await fsp.readFile(path.join(cwd, `s${i}.json`), 'utf8'));
      assert.deepEqual(json.summary.shard, { index: i, count: 4 });
      assert.ok(json.urls.length > 0 && json.urls.length < 60, `shard ${i} holds a share: ${json.urls.length}`);
      seen.push(...json.urls.map((u: { url: string }) => u.url));
    }
    assert.equal(seen.length, 60, 'no page twice');
    assert.deepEqual(seen.sort(), wholeJson.urls.map((u: { url: string }) => u.url).sort(), 'every page once');
    for (const format of FORMATS) {
      const merged = await runCli(['merge', 's1.json', 's2.json', 's3.json', 's4.json', '--format', format], { cwd, env: {} });
      const unsharded = await runCli(['check', '--local', '_site', '--format', format], { cwd, env: {} });
      assert.equal(merged.code, whole.code, `${format}: the exit code is judged once, on the whole: ${merged.stderr}`);
      assert.equal(merged.stdout, unsharded.stdout, `${format}: merge equals the unsharded run`);
    }
  });

  it('shards of a folder without a page: merge fails as the unsharded run does (exit 2); --allow-empty accepts it', async () => {
    const empty = await project({ '_site/notes.txt': 'not a page' });
    for (const i of [1, 2]) {
      const shard = await runCli(
        ['check', '--local', '_site', '--shard', `${i}/2`, '--allow-empty', '--format', 'json', '--output', `e${i}.json`],
        {
          cwd: empty,
          env: {},
        },
      );
      assert.equal(shard.code, 0, shard.stderr);
    }
    const merged = await runCli(['merge', 'e1.json', 'e2.json'], { cwd: empty, env: {} });
    assert.equal(merged.code, 2, merged.stderr);
    assert.match(merged.stderr, /Nothing was checked: the shards hold no page .*Pass --allow-empty/);
    const allowed = await runCli(['merge', 'e1.json', 'e2.json', '--allow-empty', '--format', 'json'], { cwd: empty, env: {} });
    assert.equal(allowed.code, 0, allowed.stderr);
    assert.equal(JSON.parse(allowed.stdout).urls.length, 0);
  });

  it('the shard of a page is stable: the same share whatever else the folder holds', async () => {
    const more = await generatedSite(60);
    await fsp.writeFile(path.join(more, '_site/extra.html'), '<html><body>x</body></html>');
    const a = JSON.parse((await runCli(['check', '--local', '_site', '--shard', '2/4', '--format', 'json'], { cwd, env: {} })).stdout);
    const b = JSON.parse(
      (await runCli(['check', '--local', '_site', '--shard', '2/4', '--format', 'json'], { cwd: more, env: {} })).stdout,
    );
    const urls = (j: { urls: { url: string }[] }) => j.urls.map((u) => u.url).filter((u) => u !== '/extra.html');
    assert.deepEqual(urls(b), urls(a));
  });

  it('merge with --baseline judges the regressions once, on the whole', async () => {
    const base = await runCli(['merge', 's1.json', 's2.json', 's3.json', 's4.json', '--baseline', 'b.json', '--update-baseline'], {
      cwd,
      env: {},
    });
    assert.equal(base.code, 0, base.stderr);
    const again = await runCli(['merge', 's1.json', 's2.json', 's3.json', 's4.json', '--baseline', 'b.json'], { cwd, env: {} });
    assert.equal(again.code, 0, `nothing regressed against itself: ${again.stdout}`);
  });

  it('bad inputs: not JSON, another version, a page twice, a shard missing or twice, a shard count of 1e12, not a --local output (exit 2)', async () => {
    const s1 = JSON.parse(await fsp.readFile(path.join(cwd, 's1.json'), 'utf8'));
    await fsp.writeFile(path.join(cwd, 'broken.json'), '{"urls": [');
    await fsp.writeFile(path.join(cwd, 'old.json'), JSON.stringify({ ...s1, version: '0.0.1' }));
    await fsp.writeFile(path.join(cwd, 'dup.json'), JSON.stringify({ ...s1, summary: { ...s1.summary, shard: { index: 2, count: 4 } } }));
    await fsp.writeFile(
      path.join(cwd, 'published.json'),
      JSON.stringify({ ...s1, urls: [{ url: 'https://x.example/', rating: 'good', occurrences: [], findings: [] }] }),
    );
    await fsp.writeFile(
      path.join(cwd, 'huge.json'),
      JSON.stringify({ ...s1, summary: { ...s1.summary, shard: { index: 1, count: 1e12 } } }),
    );
    const cases: [string[], RegExp][] = [
      [['huge.json'], /huge\.json has a "summary\.shard" that is not \{index, count\} with 1 ≤ index ≤ count ≤ 256/],
      [['broken.json'], /not valid JSON/],
      [['old.json', 's2.json', 's3.json', 's4.json'], /0\.0\.1.*same version/],
      [['s1.json', 'dup.json', 's3.json', 's4.json'], /is in both/],
      [['s1.json', 's2.json', 's3.json'], /4\/4 missing/],
      [['s1.json', 's1.json', 's2.json', 's3.json', 's4.json'], /both shard 1\/4/],
      [['published.json'], /not a page of check --local/],
      [['nothing.json'], /merge: nothing\.json/],
    ];
    for (const [files, message] of cases) {
      const run = await runCli(['merge', ...files], { cwd, env: {} });
      assert.equal(run.code, 2, `${files.join(' ')}: ${run.stdout}`);
      assert.match(run.stderr, message);
      assert.equal(run.stdout, '');
    }
  });

  it('refuses a shard nested 10,000 deep before parsing it, saying so', async () => {
    const s1 = JSON.parse(await fsp.readFile(path.join(cwd, 's1.json'), 'utf8'));
    const deep = JSON.stringify({ ...s1, urls: [] }).replace('"urls":[]', `"urls":[${'['.repeat(10_000)}${']'.repeat(10_000)}]`);
    await fsp.writeFile(path.join(cwd, 'deep.json'), deep);
    const run = await runCli(['merge', 'deep.json'], { cwd, env: {} });
    assert.equal(run.code, 2, run.stdout);
    assert.match(run.stderr, /merge: deep\.json nests deeper than 64 levels: it is not the JSON output of website-reports check --local\./);
  });

  it("a line feed in a shard's version, page or JSON forges no line of merge's message", async () => {
    const s1 = JSON.parse(await fsp.readFile(path.join(cwd, 's1.json'), 'utf8'));
    const forged = { ...s1, summary: { ...s1.summary, shard: undefined }, urls: [{ ...s1.urls[0], url: '/x\nFAKE: all good' }] };
    await fsp.writeFile(path.join(cwd, 'v.json'), JSON.stringify({ ...s1, version: '9\nFAKE: all good' }));
    await fsp.writeFile(path.join(cwd, 'p1.json'), JSON.stringify(forged));
    await fsp.writeFile(path.join(cwd, 'p2.json'), JSON.stringify(forged));
    await fsp.writeFile(path.join(cwd, 'j.json'), '{"urls": [\n\rFAKE: all good');
    for (const files of [['v.json'], ['p1.json', 'p2.json'], ['j.json']]) {
      const run = await runCli(['merge', ...files], { cwd, env: {} });
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, /FAKE: all/, 'the text is shown');
      assert.deepEqual(
        run.stderr.split(/\r?\n|\r/).filter((l) => l.startsWith('FAKE')),
        [],
        run.stderr,
      );
    }
  });
});
