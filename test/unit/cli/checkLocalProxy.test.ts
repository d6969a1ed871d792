// check --local on a preview deployment behind a proxy, as a CI runner behind one runs it: its
// sitemap and pages go through HTTP_PROXY (a CONNECT proxy on loopback tunnels to a page server on
// loopback; the preview's name is never resolved), and a spelling of the report service's address
// given as the preview is refused before a tunnel is asked for, the service never reached.
import { strict as assert } from 'node:assert';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startConnectProxy, type ConnectProxy } from '../api/connectProxy';
import { project, removeProjects, runCli } from './runCli';

const PREVIEW = 'http://preview.example.test';
const PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A page title of a fine length here</title></head>' +
  '<body><h1>A page</h1><p>Words.</p></body></html>';

describe('cli: check --local on a preview behind a proxy', function () {
  this.timeout(60_000);
  let pages: http.Server;
  let service: http.Server;
  let proxy: ConnectProxy;
  const asked: string[] = [];
  const serviceAsked: string[] = [];

  const listen = async (server: http.Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };

  before(async () => {
    pages = http.createServer((req, res) => {
      asked.push(`${req.headers.host} ${req.url}`);
      if (req.url === '/sitemap.xml') {
        const locs = ['/', '/about'].map((p) => `<url><loc>${PREVIEW}${p}</loc></url>`).join('');
        return void res.writeHead(200, { 'content-type': 'application/xml' }).end(`<urlset>${locs}</urlset>`);
      }
      if (req.url === '/' || req.url === '/about') return void res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      res.writeHead(404).end();
    });
    service = http.createServer((req, res) => {
      serviceAsked.push(req.url ?? '');
      res.writeHead(404).end();
    });
    const port = await listen(pages);
    await listen(service);
    proxy = await startConnectProxy(() => port);
  });
  after(async () => {
    await proxy.close();
    for (const server of [pages, service]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    await removeProjects();
  });

  it('reads the sitemap and the pages through HTTP_PROXY and rates them', async () => {
    const cwd = await project({ 'README.md': 'nothing here\n' });
    const run = await runCli(['check', '--local', PREVIEW, '--format', 'json'], { cwd, env: { HTTP_PROXY: proxy.url } });
    assert.ok(run.code === 0 || run.code === 1, run.stderr);
    const json = JSON.parse(run.stdout) as { urls: { url: string; local?: { score?: number; reason?: string } }[] };
    assert.deepEqual(
      json.urls.map((u) => u.url),
      [`${PREVIEW}/`, `${PREVIEW}/about`],
    );
    for (const u of json.urls) assert.equal(typeof u.local?.score, 'number', `${u.url}: ${u.local?.reason ?? 'no score'}`);
    assert.ok(proxy.tunnels.length > 0 && proxy.tunnels.every((t) => t === 'preview.example.test:80'), proxy.tunnels.join());
    assert.ok(asked.includes('preview.example.test /about'), asked.join(', '));
  });

  it("never reads the report service's address as the preview, through the proxy or not", async () => {
    proxy.tunnels.length = 0;
    const port = (service.address() as AddressInfo).port;
    const cwd = await project({ 'README.md': 'nothing here\n' });
    // 0.0.0.0 reaches the service on 127.0.0.1, and is no loopback name: a proxy would be asked.
    const run = await runCli(['check', '--local', `http://0.0.0.0:${port}`, '--format', 'json'], {
      cwd,
      env: { HTTP_PROXY: proxy.url, WEBREPORTS_BASE_URL: `http://127.0.0.1:${port}/api/v1`, WEBREPORTS_API_KEY: 'proxy-test-key-0000' },
    });
    // Nothing else to check: the run fails (exit 2), saying why.
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /Nothing was checked: .*\n.*refused: it is the report service's own address/);
    assert.deepEqual(serviceAsked, []);
    assert.deepEqual(proxy.tunnels, []);
  });
});
