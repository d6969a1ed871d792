// Reading a page from the preview origin: bounded (a generated endless page stops at the byte cap),
// nothing but the reader's few headers sent (no key, no cookie), redirects followed only as the
// one reader of a site's files follows them; a preview elsewhere through the client's proxy (one on
// loopback tunnels to the page server; the preview's name is never resolved), loopback direct. A
// loopback server stands in for a dev server.
import { strict as assert } from 'node:assert';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchPreviewPage } from '../../../core/sources/previewFetch';
import { startConnectProxy } from '../api/connectProxy';

describe('previewFetch: a page from the preview origin', function () {
  this.timeout(20_000);
  let server: http.Server;
  let origin: string;
  const seen: http.IncomingHttpHeaders[] = [];

  before(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.headers);
      if (req.url === '/endless') {
        res.writeHead(200, { 'content-type': 'text/html' });
        const chunk = '<p>' + 'x'.repeat(64 * 1024) + '</p>';
        const pump = () => {
          while (res.write(chunk));
        };
        res.on('drain', pump);
        pump();
        return;
      }
      if (req.url === '/moved') return void res.writeHead(302, { location: '/page' }).end();
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><title>Preview</title></html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('reads the page, following a redirect on the same origin, and sends no credentials', async () => {
    const page = await fetchPreviewPage(`${origin}/moved`);
    assert.ok(page.ok && page.html.includes('<title>Preview</title>') && page.finalUrl === `${origin}/page`);
    for (const headers of seen) {
      assert.equal(headers.authorization, undefined);
      assert.equal(headers.cookie, undefined);
    }
  });

  it('stops an endless page at the byte cap', async () => {
    const page = await fetchPreviewPage(`${origin}/endless`, { maxBytes: 256 * 1024 });
    assert.ok(!page.ok);
    assert.match(page.message, /larger than/);
  });

  it('refuses what is not http(s)', async () => {
    const page = await fetchPreviewPage('file:///etc/passwd');
    assert.ok(!page.ok);
  });

  it("reads a preview elsewhere through the client's proxy, and one on loopback directly", async () => {
    const proxy = await startConnectProxy(() => Number(new URL(origin).port));
    try {
      const settings = { env: { HTTP_PROXY: proxy.url } };
      const page = await fetchPreviewPage('http://preview.example.test/moved', { proxy: settings });
      assert.ok(page.ok && page.html.includes('<title>Preview</title>'), JSON.stringify(page));
      assert.equal(page.finalUrl, 'http://preview.example.test/page');
      assert.ok(proxy.tunnels.length > 0 && proxy.tunnels.every((t) => t === 'preview.example.test:80'), proxy.tunnels.join());
      proxy.tunnels.length = 0;
      assert.ok((await fetchPreviewPage(`${origin}/page`, { proxy: settings })).ok);
      assert.deepEqual(proxy.tunnels, [], 'loopback went through the proxy');
    } finally {
      await proxy.close();
    }
  });
});
