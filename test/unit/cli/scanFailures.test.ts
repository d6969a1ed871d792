// `website-reports scan` when things fail: the service while looking up, the sitemap (whole or one
// of its files), usage errors; and the key never shown or written. The preview, the confirmation
// and the resumes are scan.test.ts.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { sitemapIndex, urlset } from '../sites/siteServer';
import { project, runCli } from './runCli';
import { env, KEY, pages, posts, service, site, useScanWorld } from './scanWorld';

describe('cli: scan a site from its sitemap, when things fail', function () {
  this.timeout(60_000);
  useScanWorld();

  it('a service that fails while looking up exits 2; nothing is created', async () => {
    site.pages.set('/sitemap.xml', { body: urlset(pages('down', 2)) });
    service.addFault({ method: 'GET', path: '/api/v1/reports', status: 503, times: 0 });
    const cwd = await project({});
    const run = await runCli(['scan', site.url, '--yes'], { cwd, env });
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /The report service failed \(it answered with a server error\) while looking up .*nothing was created/);
    assert.equal(posts().length, 0);
  });

  it('never shows or writes the key: not in stdout, stderr, the state file, nor any request to the site', async () => {
    site.pages.set('/sitemap.xml', { body: urlset(pages('key', 3)) });
    const cwd = await project({});
    const state = path.join(cwd, 'key.state');
    const runs = [
      await runCli(['scan', site.url, '--dry-run'], { cwd, env }),
      await runCli(['scan', site.url, '--yes', '--state', state, '--format', 'json'], { cwd, env }),
      await runCli(['scan', site.url, '--yes'], { cwd, env: { ...env, WEBREPORTS_API_KEY: `${KEY}-wrong` } }),
    ];
    assert.deepEqual(
      runs.map((r) => r.code),
      [0, 0, 2],
    );
    assert.match(runs[2].stderr, /refused the API key \(401\): check WEBREPORTS_API_KEY/);
    const stateText = await fsp.readFile(state, 'utf8');
    for (const text of [...runs.flatMap((r) => [r.stdout, r.stderr]), stateText]) assert.ok(!text.includes(KEY), text);
    assert.ok(site.requests.length > 0);
    for (const r of site.requests) {
      assert.equal(r.headers.authorization, undefined);
      assert.equal(r.headers.cookie, undefined);
      assert.ok(!JSON.stringify(r.headers).includes(KEY));
    }
  });

  it('a sitemap that fails exits 2 with the reason; nothing is created', async () => {
    const cwd = await project({});
    site.pages.set('/broken.xml', { status: 500, headers: { 'content-type': 'text/plain' }, body: 'oops' });
    site.pages.set('/page.xml', { headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><body>hi</body></html>' });
    const status = await runCli(['scan', `${site.origin}/broken.xml`, '--yes'], { cwd, env });
    assert.equal(status.code, 2, status.stderr);
    assert.match(status.stderr, /No URL could be read from .*broken\.xml: .*500/);
    const html = await runCli(['scan', `${site.origin}/page.xml`, '--yes'], { cwd, env });
    assert.equal(html.code, 2, html.stderr);
    assert.match(html.stderr, /No URL could be read from .*page\.xml/);
    const own = await runCli(['scan', `${service.url}/`, '--yes'], { cwd, env });
    assert.equal(own.code, 2, own.stderr);
    assert.match(own.stderr, /report service's own address/);
    assert.equal(posts().length, 0);
  });

  it('a sitemap file that fails costs only its own URLs: named on stderr and in the JSON, the others are created', async () => {
    const urls = pages('part', 2);
    site.pages.set('/index.xml', {
      body: sitemapIndex([`${site.origin}/good.xml`, `${site.origin}/gone.xml`, `${site.origin}/index.xml`]),
    });
    site.pages.set('/good.xml', { body: urlset(urls) });
    const cwd = await project({});
    const run = await runCli(['scan', `${site.origin}/index.xml`, '--yes', '--format', 'json'], { cwd, env });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /gone\.xml answered with HTTP status 404/);
    const json = JSON.parse(run.stdout);
    assert.deepEqual(
      { ...json, sitemapFailures: json.sitemapFailures.map((f: { file: string }) => f.file) },
      {
        found: 2,
        created: 2,
        skipped: 0,
        failed: 0,
        failures: [],
        status: 'done',
        sitemapFailures: [`${site.origin}/gone.xml`, `${site.origin}/index.xml`],
      },
    );
  });

  it('usage errors exit 2 and say what to do', async () => {
    const cwd = await project({});
    const cases: [string[], RegExp][] = [
      [['scan'], /scan needs the address of a site or a sitemap/],
      [['scan', site.url, '--dump'], /--dump is not an option of "scan"/],
      [['check', '--yes'], /--yes is not an option of "check"/],
      [['scan', site.url, '--sample', '0'], /--sample: "0" is not a whole number of at least 1/],
      [['scan', site.url, '--format', 'sarif'], /--format: "sarif" is not one of text, json/],
      [['scan', site.url, '--dry-run', '--yes'], /--dry-run creates nothing/],
      [['scan', site.url, '--remap', 'nothing'], /remap "nothing" is not FROM=TO/],
      [['scan', site.url, '--api-key', KEY], /A key on the command line is refused/],
    ];
    for (const [args, message] of cases) {
      const run = await runCli(args, { cwd, env });
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, message);
      assert.ok(!run.stderr.includes(KEY) && !run.stdout.includes(KEY));
    }
    assert.equal(service.requests().length, 0);
  });
});
