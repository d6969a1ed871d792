// `website-reports mcp` without a service, with a service that is down, and with bad input: each a
// tool error that says what to change, while check_page and explain_check still work; stdout
// carries only the protocol, and the server ends when its input closes.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CLI, project, removeProjects } from '../cli/runCli';
import { KEY } from './mcpFixtures';
import { openSession } from './mcpSession';

const PAGE =
  '<!doctype html>\n<html>\n<head><title>Hi</title></head>\n<body>\n<img src="a.png">\n<a href="https://x.example/" target="_blank">x</a>\n</body>\n</html>\n';

describe('mcp: without a service, a service that is down, bad input', function () {
  this.timeout(120_000);
  let cwd: string;
  before(async () => {
    cwd = await project({ 'site/index.html': PAGE, 'notes.txt': 'x' });
  });
  after(removeProjects);

  it('no service configured: the service tools say so as a tool error; check_page and explain_check answer', async () => {
    const session = await openSession({ cwd, env: { WEBREPORTS_API_KEY: KEY } });
    try {
      for (const name of ['find_reports', 'get_report', 'report_changes', 'check_urls']) {
        const args = name === 'find_reports' || name === 'check_urls' ? {} : { id: 1 };
        const { text, isError } = await session.call(name, args);
        assert.equal(isError, true, `${name}: ${text}`);
        assert.match(text, /not configured.*WEBREPORTS_BASE_URL.*check_page and explain_check work without the service/s, name);
      }
      const page = await session.call('check_page', { path: 'site/index.html' });
      assert.equal(page.isError, false, page.text);
      assert.match(page.text, /Local checks of "site\/index\.html": score \d+/);
      assert.match(page.text, /- high · Image keywords \[image_keywords\] · line 5: "1 image without alt text"/);
      assert.match(
        page.text,
        /Unsafe cross-origin links \[unsafe_cross_origin_links\] · line 6: .* · deterministic fix: Add rel="noopener" to the link/,
      );
      const html = await session.call('check_page', { html: PAGE });
      assert.match(html.text, /Local checks of the HTML given/);
      const explained = await session.call('explain_check', { check: 'Meta description' });
      assert.match(explained.text, /^Meta description \[meta_description\] — seo, high importance/);
      assert.match(explained.text, /How to fix it in the source: Add <meta name="description">/);
      assert.ok(!session.stderr().includes(KEY));
    } finally {
      await session.close();
    }
  });

  it('a service that is down (a closed port): a tool error saying it did not answer; check_page still works', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const session = await openSession({ cwd, env: { WEBREPORTS_API_KEY: KEY, WEBREPORTS_BASE_URL: `http://127.0.0.1:${port}` } });
    try {
      const { text, isError } = await session.call('find_reports');
      assert.equal(isError, true);
      assert.match(text, /did not answer .*may be down/);
      assert.ok(!text.includes(KEY));
      assert.equal((await session.call('check_page', { path: 'site/index.html' })).isError, false);
    } finally {
      await session.close();
    }
  });

  it('every bad input is a tool error naming the field and how to change it', async () => {
    const preview = http.createServer((_req, res) => res.writeHead(404).end('gone'));
    await new Promise<void>((resolve) => preview.listen(0, '127.0.0.1', resolve));
    const { port } = preview.address() as AddressInfo;
    const session = await openSession({ cwd, env: { WEBREPORTS_API_KEY: KEY, WEBREPORTS_BASE_URL: 'http://127.0.0.1:9' } });
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['find_reports', { result: 'great' }, /result.*"good", "decent" or "bad"/],
      ['find_reports', { page: 0 }, /page/],
      ['find_reports', { search: 'x'.repeat(300) }, /\(search\).*longer than 200/],
      ['get_report', {}, /\(id\): Give the report: id .* or url/],
      ['get_report', { id: 1, url: 'https://a.example/' }, /either id or url, not both/],
      ['get_report', { url: 'ftp://a.example/' }, /\(url\).*http/],
      ['get_report', { id: '../1' }, /\(id\).*not a report id/],
      ['report_changes', { url: 'not a url' }, /\(url\)/],
      ['check_page', {}, /Give one of: path, url, html/],
      ['check_page', { path: 'a.html', html: '<p>' }, /only one of path, url, html/],
      ['check_page', { path: '../outside.html' }, /\(path\).*outside the project/],
      ['check_page', { path: 'notes.txt' }, /\(path\).*not an \.html/],
      ['check_page', { path: 'site/missing.html' }, /\(path\)/],
      ['check_page', { url: `http://127.0.0.1:${port}/page` }, /\(url\).*could not be read/],
      ['check_urls', { paths: ['../..'] }, /outside the project/],
      ['explain_check', {}, /\(check\): Give check/],
      ['explain_check', { check: 'meta descr' }, /not a check .*Close names: meta_description/],
    ];
    try {
      for (const [name, args, expected] of cases) {
        const { text, isError } = await session.call(name, args).catch((e: Error) => ({ text: e.message, isError: true }));
        assert.equal(isError, true, `${name} ${JSON.stringify(args)}: ${text}`);
        assert.match(text, expected, `${name} ${JSON.stringify(args)}`);
      }
    } finally {
      await session.close();
      preview.close();
    }
  });

  it('stdout carries only the protocol, and the server ends by itself when its input closes', async () => {
    const child = spawn(process.execPath, [CLI, 'mcp'], {
      cwd,
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const request = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    };
    child.stdin.write(`${JSON.stringify(request)}\n`);
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    assert.equal(code, 0);
    for (const line of stdout.trim().split('\n')) assert.equal(JSON.parse(line).jsonrpc, '2.0', line);
  });
});
