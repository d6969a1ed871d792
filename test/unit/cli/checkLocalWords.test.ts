// The command line's finding words are the editor's: each failed check of `check --local` says what
// the editor's Problem says of the same page (core/sources/localFindings.ts htmlFindings), not a
// bare `Check "x" failed.`, in the report and after a sharded run's merge; the rule id stays `check/<key>`.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { analyseHtml } from '../../../core/analysis/localAnalysis';
import { htmlFindings } from '../../../core/sources/localFindings';
import { project, removeProjects, runCli } from './runCli';

/** An <img> without alt, a <center>, no lang, no description: several failed checks. */
const BAD = '<html>\n<head><title>x</title></head>\n<body>\n<img src="/a.png">\n<center>old</center>\n</body></html>\n';

type Finding = { rule: string; message: string };

describe('check --local: the findings in the editor’s words', function () {
  this.timeout(120_000);
  after(removeProjects);

  const editorWords = () => new Map(htmlFindings(analyseHtml(BAD)).map((f) => [`check/${f.check}`, f.message]));

  function assertSameWords(findings: Finding[]) {
    const wanted = editorWords();
    const checks = findings.filter((f) => f.rule.startsWith('check/'));
    assert.ok(checks.length >= 2, JSON.stringify(findings));
    for (const f of checks) {
      assert.equal(f.message, wanted.get(f.rule), f.rule);
      assert.doesNotMatch(f.message, /^Check ".*" failed\.$/);
    }
    assert.equal(checks.find((f) => f.rule === 'check/image_keywords')?.message, '1 image without alt text');
  }

  it('says what the Problem says, in one run and merged from shards', async () => {
    const cwd = await project({ '_site/a.html': BAD, '_site/b.html': BAD });
    const run = await runCli(['check', '--local', '_site', '--format', 'json'], { cwd, env: {} });
    const json = JSON.parse(run.stdout) as { urls: { findings: Finding[] }[] };
    for (const url of json.urls) assertSameWords(url.findings);

    const shards = [0, 1].map((i) => path.join(cwd, `shard${i}.json`));
    for (const [i, s] of ['1/2', '2/2'].entries()) {
      await runCli(['check', '--local', '_site', '--shard', s, '--format', 'json', '--output', shards[i]], { cwd, env: {} });
    }
    const merged = await runCli(['merge', ...shards, '--format', 'json'], { cwd, env: {} });
    const mergedJson = JSON.parse(merged.stdout) as { urls: { findings: Finding[] }[] };
    assert.equal(mergedJson.urls.length, 2, merged.stderr);
    for (const url of mergedJson.urls) assertSameWords(url.findings);
  });
});
