// `check` and the service's limits, and what it creates: a 429 asking to wait a day (seconds or an
// HTTP date) ends the run at once with exit 2 and the service's time; a URL with a user name or
// password is never sent to be created, and its password is never printed.
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { project, runCli } from './runCli';
import { env, service, useCheckWorld } from './checkWorld';

describe('cli: check, the rate limit and creates', function () {
  this.timeout(60_000);
  useCheckWorld();

  for (const retryAfter of ['999999', '86401', 'next year']) {
    it(`a 429 with Retry-After ${retryAfter}: exit 2 at once, saying until when; nothing waited`, async () => {
      const value = retryAfter === 'next year' ? new Date(Date.now() + 366 * 86_400_000).toUTCString() : retryAfter;
      service.addFault({ method: 'GET', path: '/api/v1/reports', status: 429, headers: { 'Retry-After': value }, times: 0 });
      const urls = Array.from({ length: 30 }, (_, i) => `https://h${i}.example/page`);
      const cwd = await project({ 'links.md': urls.join('\n') });
      const run = await runCli(['check', '--format', 'json'], { cwd, env });
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, /limiting requests \(429\): it asks to wait \d+ s, until \d{4}-\d\d-\d\dT/);
      assert.equal(run.stdout, '');
      assert.ok(service.requests().length <= 30, `${service.requests().length} requests: none repeated after the answer`);
    });
  }

  it('--create-missing never sends a URL with a user name or password, and never prints the password', async () => {
    const secret = 'https://deploy:hunter2-pw@staging.example/page';
    const plain = 'https://plain.example/page';
    const cwd = await project({ 'links.md': `${secret}\n${plain}\n` });
    const run = await runCli(['check', '--create-missing', '--format', 'json'], { cwd, env });
    const posts = service.requests().filter((r) => r.method === 'POST');
    assert.equal(posts.length, 1, 'only the plain URL is created');
    assert.equal(new URLSearchParams(posts[0].body).get('url'), plain);
    assert.match(run.stderr, /no report was created for https:\/\/…@staging\.example\/page: the URL holds a user name or password/);
    assert.ok(!run.stderr.includes('hunter2-pw'), run.stderr);
  });

  it('--create-missing where every create answers 503: each run ends at once with exit 2, names the URLs, writes neither output nor baseline', async function () {
    // Without the bound of a service's own answer, each run waited out the create's time limit (2 min).
    this.timeout(60_000);
    service.addFault({ method: 'POST', path: '/api/v1/reports', status: 503, times: 0 });
    const urls = ['https://a.example/p', 'https://b.example/q'];
    const cwd = await project({ 'links.md': urls.join('\n') });
    for (const extra of [
      ['--output', 'out.json'],
      ['--baseline', 'b.json', '--update-baseline'],
    ]) {
      service.clearRequests();
      const run = await runCli(['check', '--create-missing', '--format', 'json', ...extra], { cwd, env });
      assert.equal(run.code, 2, run.stderr);
      for (const url of urls) assert.ok(run.stderr.includes(`  ${url}\n`), run.stderr);
      assert.equal(run.stdout, '');
      const posts = service.requests().filter((r) => r.method === 'POST').length;
      const looks = service.requests().filter((r) => r.method === 'GET').length;
      assert.equal(posts, 2, 'each URL sent once');
      assert.ok(looks <= 2 + urls.length, `one lookup, then one look per create for what it stored: ${looks} GETs`);
    }
    assert.ok(!existsSync(path.join(cwd, 'out.json')), 'no output');
    assert.ok(!existsSync(path.join(cwd, 'b.json')), 'no baseline');
  });
});
