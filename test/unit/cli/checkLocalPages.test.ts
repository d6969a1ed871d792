// check --local names and places a page as the editor does (core/sources/pageOfFile.ts), on the
// demo's own workspace: its `{page}` → `content/{page}.md` maps pages no file produces, so a built
// page falls back to its built file; a page the config does not know is analysed without a URL;
// every failed check is a finding; and no format ever shows a place outside the working directory.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { FORMATS } from '../../../cli/args';
import { analyseHtml } from '../../../core/analysis/localAnalysis';
import { DEMO_HTML_PAGE, writeDemoWorkspace } from '../../../scripts/demoWorkspace';
import { project, removeProjects, runCli } from './runCli';

const SITE = 'http://127.0.0.1:4999';

interface Json {
  urls: {
    url: string;
    score?: number;
    occurrences: { file: string; line: number }[];
    findings: { level: string; rule: string; places?: { file: string; line: number }[] }[];
    local?: { file?: string; source?: string; judged?: number; checks?: Record<string, string> };
  }[];
}

async function demoProject(): Promise<string> {
  const cwd = await project({});
  writeDemoWorkspace(cwd, SITE);
  await fsp.mkdir(path.join(cwd, '_site', 'old-page'), { recursive: true });
  await fsp.writeFile(path.join(cwd, '_site', 'old-page', 'index.html'), '<html><body><h1>Old</h1><img src="/x.png"></body></html>');
  return cwd;
}

describe('cli: check --local names and places pages as the editor does', function () {
  this.timeout(120_000);
  after(removeProjects);

  it("the demo's offer.html: no URL (the config does not know the page), the editor's score, each failed check a note on the built file", async () => {
    const cwd = await demoProject();
    const run = await runCli(['check', '--local', 'static', '--format', 'json'], { cwd, env: {} });
    const page = (JSON.parse(run.stdout) as Json).urls[0];
    // The editor analyses the file without a URL (no source of the config makes it): the same here.
    const editor = analyseHtml(DEMO_HTML_PAGE);
    assert.equal(page.url, '/offer.html');
    assert.equal(page.local?.judged, editor.judged);
    assert.equal(page.score, editor.score);
    assert.equal(page.local?.source, undefined, 'content/offer.html.md does not exist');
    const failed = editor.checks.filter((c) => c.passed === false).map((c) => `check/${c.key}`);
    assert.ok(failed.length > 0);
    assert.deepEqual(
      page.findings.filter((f) => f.rule.startsWith('check/')).map((f) => f.rule),
      failed,
    );
    for (const f of page.findings.filter((f) => f.rule.startsWith('check/'))) {
      assert.equal(f.level, 'note', f.rule);
      for (const at of f.places ?? []) assert.equal(at.file, 'static/offer.html', f.rule);
    }
    assert.deepEqual(page.occurrences, [{ file: 'static/offer.html', line: 1, column: 1 }]);
  });

  it('a mapped source that does not exist: every format points at the built file, never at the missing source', async () => {
    const cwd = await demoProject();
    for (const format of FORMATS) {
      const run = await runCli(['check', '--local', '_site', '--format', format], { cwd, env: {} });
      assert.ok(run.stdout.length > 0, `${format}: ${run.stderr}`);
      assert.ok(!run.stdout.includes('content/old-page.md'), `${format}: ${run.stdout}`);
      assert.ok(run.stdout.includes('_site/old-page/index.html'), `${format}: ${run.stdout}`);
    }
    // Once the source exists, the page is named on the site (analysed with its URL) and its findings sit there.
    await fsp.writeFile(path.join(cwd, 'content', 'old-page.md'), '---\ntitle: Old\n---\n\nOld.\n');
    const json = JSON.parse((await runCli(['check', '--local', '_site', '--format', 'json'], { cwd, env: {} })).stdout) as Json;
    assert.equal(json.urls[0].url, `${SITE}/old-page/`);
    assert.equal(json.urls[0].local?.source, 'content/old-page.md');
    assert.equal(json.urls[0].local?.checks?.seo_friendly_url, 'passed');
  });

  it('--config and --local in another folder: no place climbs out of the working directory', async () => {
    const root = await demoProject();
    await fsp.writeFile(path.join(root, 'content', 'old-page.md'), '---\ntitle: Old\n---\n\nOld.\n');
    const cwd = path.join(root, 'a', 'b', 'c');
    await fsp.mkdir(cwd, { recursive: true });
    for (const format of FORMATS) {
      const run = await runCli(['check', '--local', '../../../_site', '--config', '../../../website-reports.json', '--format', format], {
        cwd,
        env: {},
      });
      assert.ok(run.stdout.length > 0, `${format}: ${run.stderr}`);
      assert.ok(!run.stdout.includes('content/old-page.md') && !run.stdout.includes('index.html'), `${format}: ${run.stdout}`);
      assert.ok(!/\.\.[/\\]/.test(run.stdout), `${format}: ${run.stdout}`);
    }
  });
});
