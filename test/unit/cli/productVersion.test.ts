// One version, root package.json's, wherever the product says one: productVersion()
// (core/productVersion.ts), `website-reports --version` as compiled (out/) and as the action runs it
// (action/dist/), the JSON report, and the last line of the pull-request comment and the issue.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { commentBody } from '../../../cli/github/commentBody';
import { summarize } from '../../../core/config/gateReport';
import { productVersion } from '../../../core/productVersion';
import { project, removeProjects, runCli } from './runCli';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const VERSION = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version as string;

describe('cli: the product version', () => {
  after(removeProjects);

  it("productVersion() is root package.json's version", () => {
    assert.match(VERSION, /^\d+\.\d+\.\d+/);
    assert.equal(productVersion(), VERSION);
  });

  it('--version and the JSON report say it', async () => {
    const cwd = await project({
      '_site/index.html': '<!doctype html><html lang="en"><head><title>A page</title></head><body></body></html>',
    });
    const shown = await runCli(['--version'], { cwd });
    assert.equal(shown.stdout, `${VERSION}\n`);
    const json = await runCli(['check', '--local', '_site', '--format', 'json'], { cwd });
    assert.ok(json.code === 0 || json.code === 1, json.stderr);
    assert.equal(JSON.parse(json.stdout).version, VERSION);
  });

  it("the comment's (and the summary's) last line names the version that wrote it, after the run's link", () => {
    const report = summarize([], { created: 0, rerun: 0, notChecked: [], skippedFiles: [] });
    const plain = commentBody({ report, changes: undefined, clean: (t) => t })
      .trimEnd()
      .split('\n');
    assert.equal(plain.at(-1), `_website-reports ${VERSION}_`);
    const withRun = commentBody({ report, changes: undefined, clean: (t) => t, footer: ['[The run](https://x.example/1)'] })
      .trimEnd()
      .split('\n');
    assert.deepEqual(withRun.slice(-3), ['[The run](https://x.example/1)', '', `_website-reports ${VERSION}_`]);
  });
});
