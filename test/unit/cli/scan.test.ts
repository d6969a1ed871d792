// `website-reports scan` as a user runs it: a child process reading a loopback site's sitemap and
// creating reports on the real local service over loopback. The preview before anything is
// created, the one confirmation, the JSON counts, a resume after Ctrl+C (every URL exactly one
// report; the resume after kill -9 is scanKill.test.ts), a --state of another address or process;
// failures, the key and usage errors are scanFailures.test.ts.
import { strict as assert } from 'node:assert';
import { execFileSync, spawn } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { MAX_URLS_PER_SITEMAP } from '../../../core/sites/scanLimits';
import { urlset } from '../sites/siteServer';
import { CLI, project, runCli } from './runCli';
import { client, env, pages, posts, reportsByUrl, service, site, until, useScanWorld } from './scanWorld';

describe('cli: scan a site from its sitemap', function () {
  this.timeout(60_000);
  useScanWorld();

  it('--dry-run shows the preview and creates nothing; the JSON has created 0', async () => {
    const urls = pages('dry', 5);
    site.pages.set('/sitemap.xml', { body: urlset(urls) });
    await client.createReport({ url: urls[1], privacy: 0 });
    service.clearRequests();
    const cwd = await project({});
    const run = await runCli(['scan', site.url, '--dry-run', '--format', 'json'], { cwd, env });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), { found: 5, created: 0, skipped: 1, failed: 0, failures: [], status: 'dry-run', new: 4 });
    // 4 creates at the client's own ceiling (50 a minute, under the service's 60): about 5 seconds, not 4.
    assert.match(run.stderr, /5 found, 4 new, 1 skipped; about 5 seconds at the service's rate limit\./);
    assert.equal(posts().length, 0);
    assert.ok(!run.stderr.includes('Reading the sitemaps'), 'no progress when stderr is not a terminal');
    // The service from the config's baseUrl, as for check.
    const configured = await project({ 'website-reports.json': JSON.stringify({ baseUrl: service.url }) });
    const text = await runCli(['scan', site.url, '--dry-run'], { cwd: configured, env: { ...env, WEBREPORTS_BASE_URL: undefined } });
    assert.equal(text.code, 0, text.stderr);
    assert.equal(text.stdout, '5 found: 0 created, 1 skipped, 0 failed (dry run: 4 would be created).\n');
    assert.equal(posts().length, 0);
  });

  it('--yes creates each selected URL once (sample, exclude, remap) and counts right; a second run creates none', async () => {
    const urls = [
      'https://www.shop.example/a/1',
      'https://www.shop.example/a/2',
      'https://www.shop.example/a/3',
      'https://www.shop.example/b/1',
      'https://www.shop.example/b/2',
      'https://www.shop.example/c/1',
    ];
    site.pages.set('/robots.txt', { headers: { 'content-type': 'text/plain' }, body: `User-agent: *\nSitemap: ${site.origin}/map.xml\n` });
    site.pages.set('/map.xml', { body: urlset(urls) });
    const staging = (u: string) => u.replace('https://www.shop.example', 'https://staging.shop.example');
    await client.createReport({ url: staging(urls[0]), privacy: 0 });
    const args = [
      'scan',
      site.url,
      '--sample',
      '2',
      '--exclude',
      '**/c/*',
      '--remap',
      'https://www.shop.example=https://staging.shop.example',
    ];
    const cwd = await project({});
    const run = await runCli([...args, '--yes', '--format', 'json'], { cwd, env });
    assert.equal(run.code, 0, run.stderr);
    // Selected: a/1, a/2, b/1, b/2 (a/3 sampled out, c/1 excluded); a/1 has a report already.
    assert.deepEqual(JSON.parse(run.stdout), { found: 6, created: 3, skipped: 3, failed: 0, failures: [], status: 'done' });
    const stored = await reportsByUrl();
    for (const u of [urls[0], urls[1], urls[3], urls[4]]) assert.equal(stored.get(staging(u))?.length, 1, u);
    assert.equal(stored.size, 4);
    assert.equal(run.stderr.includes('listed in robots.txt'), true, run.stderr);
    assert.deepEqual(await fsp.readdir(env.TMPDIR), [], 'the temporary state file is removed after a finished run');
    service.clearRequests();
    const again = await runCli([...args, '--yes'], { cwd, env });
    assert.equal(again.code, 0, again.stderr);
    assert.equal(again.stdout, '6 found: 0 created, 6 skipped, 0 failed.\n');
    assert.equal(posts().length, 0);
  });

  it('a sitemap at the protocol limit (50,000 URLs, gzipped): the dry run looks them up in one request for the host', async () => {
    const urls = Array.from({ length: MAX_URLS_PER_SITEMAP }, (_, i) => `https://big.example/s${i % 40}/page-${i}`);
    site.pages.set('/sitemap.xml.gz', { headers: { 'content-type': 'application/gzip' }, body: zlib.gzipSync(urlset(urls)) });
    const cwd = await project({});
    const run = await runCli(['scan', `${site.origin}/sitemap.xml.gz`, '--dry-run', '--format', 'json'], { cwd, env });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(JSON.parse(run.stdout).new, MAX_URLS_PER_SITEMAP);
    assert.equal(service.requests().filter((r) => r.method === 'GET').length, 1);
    assert.equal(posts().length, 0);
  });

  it('without --yes and without a terminal creates nothing and exits 2, saying to pass --yes', async () => {
    site.pages.set('/sitemap.xml', { body: urlset(pages('ask', 3)) });
    const cwd = await project({});
    const state = path.join(cwd, 'scan.state');
    const run = await runCli(['scan', `${site.origin}/sitemap.xml`, '--state', state], { cwd, env });
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /3 found, 3 new, 0 skipped/);
    assert.match(run.stderr, /nothing was created: pass --yes/);
    assert.equal(run.stdout, '');
    assert.equal(posts().length, 0);
    await assert.rejects(fsp.stat(state), 'no state file is written');
  });

  it('on a terminal it asks once: "y" creates, anything else creates nothing and exits 2', async function () {
    try {
      execFileSync('script', ['--version'], { stdio: 'ignore' });
    } catch {
      this.skip(); // util-linux `script` gives the child a terminal; without it there is none to test with
    }
    const urls = pages('tty', 2);
    site.pages.set('/sitemap.xml', { body: urlset(urls) });
    const cwd = await project({});
    const answer = async (reply: string): Promise<{ code: number | null; terminal: string; stdout: string }> => {
      const out = path.join(cwd, `${reply}.json`);
      const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} scan ${site.url} --format json > ${JSON.stringify(out)}`;
      const child = spawn('script', ['-qec', command, '/dev/null'], { cwd, env: { PATH: process.env.PATH, ...env } });
      let terminal = '';
      let asked = false;
      child.stdout.on('data', (chunk: Buffer) => {
        terminal += chunk.toString();
        if (!asked && terminal.includes('[y/N]')) {
          asked = true;
          child.stdin.write(`${reply}\r`);
        }
      });
      const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
      return { code, terminal, stdout: await fsp.readFile(out, 'utf8') };
    };
    const no = await answer('n');
    assert.equal(no.code, 2, no.terminal);
    assert.match(no.terminal, /2 found, 2 new, 0 skipped/);
    assert.match(no.terminal, /Create 2 report\(s\)\? \[y\/N\]/);
    assert.match(no.terminal, /nothing was created/);
    assert.equal(posts().length, 0);
    const yes = await answer('y');
    assert.equal(yes.code, 0, yes.terminal);
    assert.equal(JSON.parse(yes.stdout).created, 2);
    assert.ok(!yes.terminal.includes('"created"'), 'the result is not on the terminal');
    assert.match(yes.terminal, /Reading the sitemaps/, 'progress on a terminal');
    const stored = await reportsByUrl();
    for (const url of urls) assert.equal(stored.get(url)?.length, 1, url);
  });

  it('Ctrl+C pauses the job, keeps its state and says how to resume; resuming finishes it', async () => {
    const urls = pages('pause', 9);
    site.pages.set('/sitemap.xml', { body: urlset(urls) });
    const cwd = await project({});
    const state = path.join(cwd, 'job.state');
    const args = [CLI, 'scan', site.url, '--yes', '--state', state];
    service.addFault({ method: 'POST', path: '/api/v1/reports', delayMs: 200, times: 0 });
    const first = spawn(process.execPath, args, { cwd, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    first.stdout?.on('data', (c: Buffer) => (out += c.toString()));
    first.stderr?.on('data', (c: Buffer) => (err += c.toString()));
    await until(() => posts().length >= 2, first);
    first.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => first.once('close', resolve));
    assert.equal(code, 130, err);
    assert.match(err, /paused; resume with:\n {2}website-reports scan .* --state .*job\.state/);
    assert.match(out, /Not finished\.\n$/);
    assert.ok((await reportsByUrl()).size < urls.length, 'paused before the end');
    assert.ok((await fsp.stat(state)).size > 0, 'the state is kept');
    service.clearFaults();
    const second = await runCli(args.slice(1), { cwd, env });
    assert.equal(second.code, 0, second.stderr);
    assert.equal(second.stdout, '9 found: 9 created, 0 skipped, 0 failed.\n');
    const stored = await reportsByUrl();
    for (const url of urls) assert.equal(stored.get(url)?.length, 1, url);
  });

  it('Ctrl+C without --state keeps the temporary state and names it; resuming with it finishes the job', async () => {
    const urls = pages('tmp', 6);
    site.pages.set('/sitemap.xml', { body: urlset(urls) });
    const cwd = await project({});
    service.addFault({ method: 'POST', path: '/api/v1/reports', delayMs: 200, times: 0 });
    const first = spawn(process.execPath, [CLI, 'scan', site.url, '--yes'], {
      cwd,
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    first.stderr?.on('data', (c: Buffer) => (err += c.toString()));
    await until(() => posts().length >= 1, first);
    first.kill('SIGINT');
    assert.equal(await new Promise((resolve) => first.once('close', resolve)), 130, err);
    const state = /--state (\S+)/.exec(err)?.[1] ?? '';
    assert.ok(state.startsWith(env.TMPDIR), err);
    service.clearFaults();
    const second = await runCli(['scan', site.url, '--state', state], { cwd, env });
    assert.equal(second.code, 0, second.stderr);
    assert.equal(second.stdout, '6 found: 6 created, 0 skipped, 0 failed.\n');
    const stored = await reportsByUrl();
    for (const url of urls) assert.equal(stored.get(url)?.length, 1, url);
  });

  it('exits 1 listing the URLs that failed; resuming the same --state tries them again, once each', async () => {
    const urls = pages('fail', 3);
    site.pages.set('/sitemap.xml', { body: urlset(urls) });
    const cwd = await project({});
    const state = path.join(cwd, 'fail.state');
    // The service refuses one create (422: nothing stored); the others go through.
    service.addFault({ method: 'POST', path: '/api/v1/reports', status: 422, body: { message: 'Refused for the test.' }, times: 1 });
    const first = await runCli(['scan', site.url, '--yes', '--state', state, '--format', 'json'], { cwd, env });
    assert.equal(first.code, 1, first.stderr);
    const json = JSON.parse(first.stdout);
    assert.deepEqual(
      { ...json, failures: json.failures.length },
      { found: 3, created: 2, skipped: 0, failed: 1, failures: 1, status: 'done' },
    );
    assert.ok(urls.includes(json.failures[0].url));
    assert.equal(typeof json.failures[0].reason, 'string');
    const text = await runCli(['scan', site.url, '--dry-run', '--state', state], { cwd, env });
    assert.equal(text.code, 0, text.stderr);
    assert.equal(text.stdout, '3 found: 0 created, 2 skipped, 0 failed (dry run: 1 would be created).\n');
    const again = await runCli(['scan', site.url, '--yes', '--state', state, '--format', 'json'], { cwd, env });
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stderr, /2 done, 0 to do, 1 failed before \(tried again\)/);
    assert.equal(JSON.parse(again.stdout).created, 3);
    const stored = await reportsByUrl();
    for (const url of urls) assert.equal(stored.get(url)?.length, 1, url);
  });

  it('a --state of another address, or of a scan another process runs, is refused with exit 2', async () => {
    site.pages.set('/sitemap.xml', { body: urlset(pages('other', 2)) });
    const cwd = await project({});
    const state = path.join(cwd, 'other.state');
    assert.equal((await runCli(['scan', site.url, '--yes', '--state', state], { cwd, env })).code, 0);
    // The same address spelled otherwise is the same job.
    const same = await runCli(['scan', site.origin.toUpperCase().replace('HTTP', 'http'), '--dry-run', '--state', state], { cwd, env });
    assert.equal(same.code, 0, same.stderr);
    assert.match(same.stderr, /resuming the scan/);
    const other = await runCli(['scan', `${site.origin}/sitemap.xml`, '--yes', '--state', state], { cwd, env });
    assert.equal(other.code, 2, other.stderr);
    assert.match(other.stderr, /holds the scan of .*, not of .*sitemap\.xml: pass that address to resume it, or another --state FILE/);
    // This test's own process is alive: its lock is not stale.
    await fsp.writeFile(`${state}.lock`, JSON.stringify({ pid: process.pid }));
    const locked = await runCli(['scan', site.url, '--yes', '--state', state], { cwd, env });
    assert.equal(locked.code, 2, locked.stderr);
    assert.match(locked.stderr, /being run by another window or process/);
  });
});
