// `--base-url` pointed at a web site instead of the report service (the demo's site): the real
// command line against loopback servers that stand in for the site, one answering every address
// with an HTML 404 and one with an HTML page (200). The run stops at once (exit 2) saying the address
// does not answer as a report service, what it gave and which setting to check — never "the report
// service failed … run again when the service answers".
import { strict as assert } from 'node:assert';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { project, removeProjects, runCli } from './runCli';

const PAGE_URL = 'https://www.example.com/page';

async function site(status: number, html: string): Promise<{ origin: string; asked: () => number; close(): Promise<void> }> {
  let asked = 0;
  const server = http.createServer((_req, res) => {
    asked++;
    res.writeHead(status, { 'content-type': 'text/html' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked: () => asked,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('cli: a base URL that is not a report service', function () {
  this.timeout(60_000);
  after(() => removeProjects());

  it('an HTML 404 (check, from --base-url): says so, names the page and --base-url, exit 2', async () => {
    const demo = await site(404, '<!doctype html><html><body><h1>Not Found</h1></body></html>');
    try {
      const cwd = await project({ 'a.md': `${PAGE_URL}\n${PAGE_URL}/2\n` });
      const run = await runCli(['check', '--base-url', `${demo.origin}/`], { cwd, env: { WEBREPORTS_API_KEY: 'k-1' } });
      assert.equal(run.code, 2, run.stderr);
      assert.equal(
        run.stderr,
        `website-reports: ${demo.origin} (from --base-url) does not answer as a report service: it gave HTTP 404 with an HTML page` +
          ' ("Not Found") where JSON was expected. Check --base-url: it should be the report service\'s own address, the one whose' +
          ' /api/v1/ answers (e.g. https://reports.example.com), not a web site it rates.\n',
      );
      assert.doesNotMatch(run.stderr, /failed|Run again|not found on it/);
      assert.equal(run.stdout, '');
    } finally {
      await demo.close();
    }
  });

  it('an HTML page (200), from WEBREPORTS_BASE_URL: names it by its title and the variable; nothing is created', async () => {
    const demo = await site(200, '<!doctype html><html><head><title>Demo site</title></head><body>Welcome</body></html>');
    try {
      const cwd = await project({ 'a.md': `${PAGE_URL}\n` });
      const env = { WEBREPORTS_API_KEY: 'k-1', WEBREPORTS_BASE_URL: demo.origin };
      const run = await runCli(['check'], { cwd, env });
      assert.equal(run.code, 2, run.stderr);
      assert.match(
        run.stderr,
        new RegExp(
          `^website-reports: ${demo.origin} \\(from WEBREPORTS_BASE_URL\\) does not answer as a report service: it gave HTTP 200 with an HTML page titled "Demo site" where JSON was expected\\. Check WEBREPORTS_BASE_URL: `,
        ),
      );
      // --create-missing stops at the lookups: nothing is sent to create.
      const before = demo.asked();
      const creating = await runCli(['check', '--create-missing'], { cwd, env });
      assert.equal(creating.code, 2);
      assert.ok(demo.asked() - before <= 2, `${demo.asked() - before} requests`);
    } finally {
      await demo.close();
    }
  });
});
