// Reading a page from the preview origin: bounded (a generated endless page stops at the byte cap),
// nothing but the reader's few headers sent (no key, no cookie), redirects followed only as the
// one reader of a site's files follows them; a preview elsewhere through the client's proxy (one on
// loopback tunnels to the page server; the preview's name is never resolved), loopback direct. A
// loopback server stands in for a dev server.
import { strict as assert } from 'node:assert';
import * as http from 'node:http';
import * as zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { fetchPreviewPage } from '../../../core/sources/previewFetch';
import { startConnectProxy } from '../api/connectProxy';

const PAGE = '<html><title>Preview</title></html>';
const ENCODED: Record<string, [string, Buffer | string]> = {
  '/fake-gzip': ['gzip', PAGE],
  '/x-gzip': ['x-gzip', PAGE],
  '/one-byte': ['gzip', 'x'],
  '/empty': ['gzip', ''],
  '/brotli': ['br', zlib.brotliCompressSync(PAGE)],
  '/twice': ['gzip, gzip', zlib.gzipSync(zlib.gzipSync(PAGE))],
  '/real-gzip': ['gzip', zlib.gzipSync(PAGE)],
};

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
      // Content-Encoding that says gzip (or another coding) whatever the body is.
      const encoded = ENCODED[req.url ?? ''];
      if (encoded) return void res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': encoded[0] }).end(encoded[1]);
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

  it('a body that says it is gzip but is not, or another coding, is not read as its raw bytes; real gzip is read', async () => {
    for (const at of ['/fake-gzip', '/x-gzip', '/one-byte', '/empty']) {
      const page = await fetchPreviewPage(`${origin}${at}`);
      assert.ok(!page.ok, `${at}: read as ${JSON.stringify(page)}`);
      assert.match(page.message, /says it is gzip-compressed \(Content-Encoding: gzip\), but it is not/, at);
    }
    for (const at of ['/brotli', '/twice']) {
      const page = await fetchPreviewPage(`${origin}${at}`);
      assert.ok(!page.ok, `${at}: read as ${JSON.stringify(page)}`);
      assert.match(page.message, /is compressed with "(br|gzip, gzip)" \(Content-Encoding\), which is not read/, at);
    }
    const page = await fetchPreviewPage(`${origin}/real-gzip`);
    assert.ok(page.ok && page.html === PAGE, JSON.stringify(page));
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
