// `check` (published reports, from the real local service over loopback) places a failed check's
// finding on the page's source file only when that file exists and lies inside the working
// directory: a `{page}` pattern maps every page, also those no file produces, and `--config` may
// sit in another folder — the finding then stays where the URL is written.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { startService, type RunningService } from '../../../service/server';
import { writeDataFile } from '../actions/reportRecords';
import { project, removeProjects, runCli } from './runCli';

const KEY = 'cli-sources-key-7781';
const PAGE = 'https://bad.example.com/page';
const CONFIG = {
  sources: [{ url: 'https://bad.example.com/{page}', file: 'content/{page}.md' }],
  rules: [{ match: '**', checks: { title: 'error' } }],
};

interface Json {
  urls: { url: string; findings: { rule: string; places?: { file: string; line: number }[] }[] }[];
}

describe('cli: check places findings on page sources that exist', function () {
  this.timeout(60_000);
  let service: RunningService;
  let env: Record<string, string>;

  before(async () => {
    service = await startService({ apiKey: KEY, dataFile: await writeDataFile([{ url: PAGE, score: 30, failed: 2 }]) });
    env = { WEBREPORTS_API_KEY: KEY, WEBREPORTS_BASE_URL: service.url };
  });
  after(async () => {
    await service.close();
    await removeProjects();
  });

  const titleOf = async (cwd: string, args: string[] = []) => {
    const run = await runCli(['check', '--format', 'json', ...args], { cwd, env });
    const json = JSON.parse(run.stdout) as Json;
    const finding = json.urls.find((u) => u.url === PAGE)?.findings.find((f) => f.rule === 'check/title');
    assert.ok(finding, run.stdout + run.stderr);
    return { finding, stdout: run.stdout };
  };

  it('a mapped source that does not exist is no place; once it exists, the title is placed on its line', async () => {
    const cwd = await project({ 'website-reports.json': JSON.stringify(CONFIG), 'docs/a.md': `See ${PAGE}\n` });
    const missing = await titleOf(cwd);
    assert.equal(missing.finding.places, undefined);
    assert.ok(!missing.stdout.includes('content/page.md'));
    await fsp.mkdir(path.join(cwd, 'content'));
    await fsp.writeFile(path.join(cwd, 'content', 'page.md'), '---\ntitle: x\n---\nBody.\n');
    const found = await titleOf(cwd);
    assert.deepEqual(found.finding.places, [{ file: 'content/page.md', line: 2, column: 8 }]);
  });

  it('with --config in another folder, a source outside the working directory is not a place', async () => {
    const root = await project({
      'website-reports.json': JSON.stringify(CONFIG),
      'content/page.md': '---\ntitle: x\n---\nBody.\n',
      'docs/deep/a.md': `See ${PAGE}\n`,
    });
    const { finding, stdout } = await titleOf(path.join(root, 'docs', 'deep'), ['--config', '../../website-reports.json']);
    assert.equal(finding.places, undefined);
    assert.ok(!stdout.includes('../'), stdout);
  });
});
