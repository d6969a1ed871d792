// A --baseline file that does not exist yet (a CI recipe copied into a new project) is an empty
// baseline: the run is judged by the rules, and a note says how to write the file; one that exists
// but is broken still stops the run (exit 2). The real command line against the local service.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { startService, RunningService } from '../../../service/server';
import { writeDataFile } from '../actions/reportRecords';
import { project, removeProjects, runCli } from './runCli';

const KEY = 'baseline-file-key-4410-secret';
const GOOD = 'https://good.example.com/page';
const BAD = 'https://bad.example.com/page';
const PAGE = '<!doctype html><html lang="en"><head><title>A page</title></head><body><h1>A page</h1></body></html>\n';

describe('cli: a --baseline file that does not exist yet', function () {
  this.timeout(60_000);
  let service: RunningService;
  let env: Record<string, string>;

  before(async () => {
    const dataFile = await writeDataFile([
      { url: GOOD, score: 90 },
      { url: BAD, score: 30, failed: 2 },
    ]);
    service = await startService({ apiKey: KEY, dataFile, control: true });
    env = { WEBREPORTS_API_KEY: KEY, WEBREPORTS_BASE_URL: service.url };
  });
  after(async () => {
    await service.close();
    await removeProjects();
  });

  it('is an empty baseline: judged by the rules, with a note on how to write it; nothing is written', async () => {
    const cwd = await project({ 'good.md': `${GOOD}\n`, 'bad.md': `${BAD}\n` });
    const good = await runCli(['check', 'good.md', '--baseline', '.website-reports-baseline.json'], { cwd, env });
    assert.equal(good.code, 0, good.stderr);
    assert.match(
      good.stderr,
      /the baseline \.website-reports-baseline\.json does not exist yet, so every page is judged by the rules alone; to start one, run the same command with --update-baseline/,
    );
    const bad = await runCli(['check', 'bad.md', '--baseline', 'ci/baseline.json', '--format', 'json'], { cwd, env });
    assert.equal(bad.code, 1, 'the rules judge: a bad page is an error');
    assert.equal(JSON.parse(bad.stdout).urls[0].findings[0].rule, 'rating');
    await assert.rejects(fsp.access(path.join(cwd, '.website-reports-baseline.json')));
    // --update-baseline writes it, without the note; the next run reads it.
    const update = await runCli(['check', 'good.md', '--baseline', '.website-reports-baseline.json', '--update-baseline'], { cwd, env });
    assert.equal(update.code, 0, update.stderr);
    assert.doesNotMatch(update.stderr, /does not exist yet/);
    const again = await runCli(['check', 'good.md', '--baseline', '.website-reports-baseline.json'], { cwd, env });
    assert.equal(again.code, 0, again.stderr);
    assert.doesNotMatch(again.stderr, /does not exist yet/);
  });

  it('is the same for check --local', async () => {
    const cwd = await project({ '_site/index.html': PAGE });
    const run = await runCli(['check', '--local', '_site', '--baseline', 'missing.json', '--format', 'json'], { cwd });
    assert.ok(run.code === 0 || run.code === 1, run.stderr);
    assert.match(run.stderr, /the baseline missing\.json does not exist yet/);
    assert.equal(JSON.parse(run.stdout).urls.length, 1);
  });

  it('still stops the run (exit 2) when the file exists but is broken or is no file, before anything is sent', async () => {
    const cwd = await project({
      'good.md': `${GOOD}\n`,
      'two.md': `${GOOD}\n${BAD}\n`,
      'broken.json': '{"version": 1, "urls": ',
      'folder/x': '',
    });
    service.clearRequests();
    // Two hosts: a run would begin with the account's first page, sent early — not when the baseline is refused.
    const broken = await runCli(['check', 'two.md', '--baseline', 'broken.json'], { cwd, env });
    assert.equal(broken.code, 2);
    assert.match(broken.stderr, /Baseline error: .*broken\.json.*not valid JSON/);
    assert.deepEqual(service.requests(), [], 'no request');
    const folder = await runCli(['check', 'good.md', '--baseline', 'folder'], { cwd, env });
    assert.equal(folder.code, 2, folder.stderr);
    assert.match(folder.stderr, /Baseline error/);
  });
});
