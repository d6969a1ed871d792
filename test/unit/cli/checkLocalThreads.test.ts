// check --local says the same of every page whichever threads analyse it: the command's own
// (the default for a small run, and WEBREPORTS_WORKERS=0) or workers from the start
// (WEBREPORTS_WORKERS=2): good and bad pages, one past the analysis caps, one at them (1,000 deep:
// the command's thread has the stack it needs), one binary, one too large.
import { strict as assert } from 'node:assert';
import { AT_THE_CAPS } from '../service/hostilePages';
import { project, removeProjects, runCli } from './runCli';

const BAD = '<html>\n<head><title>x</title></head>\n<body>\n<img src="/a.png">\n<center>old</center>\n</body></html>\n';

describe('cli: check --local in this thread or on workers', function () {
  this.timeout(120_000);
  after(removeProjects);

  it('gives the same report, byte for byte, with the analysis in the command thread or on workers', async () => {
    const files: Record<string, string | Buffer> = {
      '_site/deep.html': `<html><body>${'<div>'.repeat(6000)}</body></html>`,
      '_site/caps.html': AT_THE_CAPS,
      '_site/binary.html': Buffer.from([0x3c, 0x70, 0, 0x3e]),
      '_site/huge.html': `<html><body>${'x'.repeat(5 * 1024 * 1024)}</body></html>`,
    };
    for (let i = 0; i < 12; i++) files[`_site/s${i % 3}/p${i}.html`] = BAD.replace('x', `Page ${i} ${'word '.repeat(i)}`);
    const cwd = await project(files);
    const runs = await Promise.all(
      [undefined, '0', '2'].map((workers) =>
        runCli(['check', '--local', '_site', '--format', 'json'], {
          cwd,
          env: workers === undefined ? {} : { WEBREPORTS_WORKERS: workers },
        }),
      ),
    );
    for (const run of runs) assert.equal(run.code, 1, run.stderr);
    const report = JSON.parse(runs[0].stdout) as { urls: { url: string; local?: { reason?: string; score?: number } }[] };
    assert.equal(report.urls.length, 16);
    assert.match(report.urls.find((u) => u.url === '/deep.html')?.local?.reason ?? '', /nest|deep/i);
    assert.match(report.urls.find((u) => u.url === '/binary.html')?.local?.reason ?? '', /not text/);
    assert.equal(report.urls.filter((u) => u.local?.score !== undefined).length, 13);
    assert.equal(typeof report.urls.find((u) => u.url === '/caps.html')?.local?.score, 'number');
    assert.equal(runs[1].stdout, runs[0].stdout);
    assert.equal(runs[2].stdout, runs[0].stdout);
  });
});
