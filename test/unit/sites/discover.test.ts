// Discovery against a real site on 127.0.0.1: robots.txt, /sitemap.xml, indexes, gzip by its
// magic bytes, and hostile answers (entity expansion, a gzip bomb, an index that lists itself, a
// 10 MB line, answers that are not XML, redirects to another scheme or to the report service,
// 50,001 URLs, indexes nested too deep). Each ends in a typed failure naming the file, and the
// URLs of the other files are kept.
import { strict as assert } from 'node:assert';
import * as zlib from 'node:zlib';
import { discoverSitemapUrls } from '../../../core/sites/discover';
import { MAX_SITEMAP_BYTES, MAX_URLS_PER_SITEMAP } from '../../../core/sites/scanLimits';
import { urlsOfSitemapText } from '../../../core/sites/sitemapParser';
import { SiteServer, sitemapIndex, startSite, urlset } from './siteServer';

describe('sites: discovery from a site address or a sitemap', () => {
  let site: SiteServer;
  beforeEach(async () => {
    site = await startSite();
  });
  afterEach(() => site.close());

  const pages = (n: number, prefix = 'page') => Array.from({ length: n }, (_, i) => `https://www.example.com/${prefix}/${i}`);

  it('reads the Sitemap: lines of robots.txt, every file they list, and keeps one spelling per URL', async () => {
    site.pages.set('/robots.txt', {
      headers: { 'content-type': 'text/plain' },
      body: `User-agent: *\nDisallow: /private\nSitemap: ${site.origin}/a.xml\nsitemap:${site.origin}/b.xml\n`,
    });
    site.pages.set('/a.xml', { body: urlset(['https://www.example.com/x', 'https://www.example.com/y']) });
    site.pages.set('/b.xml', { body: urlset(['https://WWW.example.com/x', 'https://www.example.com/z']) });
    const found = await discoverSitemapUrls(site.url);
    assert.equal(found.source, 'robots');
    assert.deepEqual(found.urls, ['https://www.example.com/x', 'https://www.example.com/y', 'https://www.example.com/z']);
    assert.deepEqual(found.failures, []);
    assert.equal(found.files.length, 2);
  });

  it('falls back to /sitemap.xml without a robots.txt, and sends the site no key, cookie or Authorization', async () => {
    site.pages.set('/sitemap.xml', { body: urlset(pages(3)) });
    const found = await discoverSitemapUrls(site.origin, { serviceOrigin: 'http://127.0.0.1:1' });
    assert.equal(found.source, 'sitemap.xml');
    assert.deepEqual(found.urls, pages(3));
    for (const request of site.requests) {
      const names = Object.keys(request.headers);
      for (const secret of ['authorization', 'cookie', 'proxy-authorization', 'x-api-key']) assert.ok(!names.includes(secret), secret);
    }
  });

  it('inflates a gzipped sitemap recognised by its magic bytes, whatever its name', async () => {
    site.pages.set('/plain-name.xml', { body: zlib.gzipSync(urlset(pages(5))) });
    const found = await discoverSitemapUrls(`${site.origin}/plain-name.xml`);
    assert.deepEqual(found.urls, pages(5));
    assert.deepEqual(found.failures, []);
  });

  it('follows an index, and one bad child loses only its own URLs (the failure names it)', async () => {
    site.pages.set('/index.xml', { body: sitemapIndex([`${site.origin}/one.xml`, `${site.origin}/broken.xml`, `${site.origin}/two.xml`]) });
    site.pages.set('/one.xml', { body: urlset(pages(2, 'one')) });
    site.pages.set('/broken.xml', { status: 500, body: 'oops' });
    site.pages.set('/two.xml', { body: urlset(pages(2, 'two')) });
    const found = await discoverSitemapUrls(`${site.origin}/index.xml`);
    assert.deepEqual(found.urls, [...pages(2, 'one'), ...pages(2, 'two')]);
    assert.equal(found.failures.length, 1);
    assert.equal(found.failures[0].kind, 'status');
    assert.equal(found.failures[0].file, `${site.origin}/broken.xml`);
    assert.match(found.failures[0].message, /500/);
  });

  it('refuses entity expansion (billion laughs): a DOCTYPE is not read', async () => {
    const lol = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE lolz [<!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`),
      ']>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://e.example/&lol9;</loc></url></urlset>',
    ].join('\n');
    site.pages.set('/lol.xml', { body: lol });
    const found = await discoverSitemapUrls(`${site.origin}/lol.xml`);
    assert.deepEqual(found.urls, []);
    assert.equal(found.failures[0].kind, 'doctype');
  });

  it('an undeclared entity is refused as not a sitemap, never expanded', () => {
    const parsed = urlsOfSitemapText('<urlset><url><loc>https://e.example/&ext;</loc></url></urlset>');
    assert.equal(parsed.failure?.kind, 'not-sitemap');
    assert.deepEqual(parsed.locs, []);
  });

  it('a <loc> with a line break, tab or other control character written as a character reference is skipped', () => {
    const locs = [
      'https://e.example/a&#10;b',
      'https://e.example/a&#13;b',
      'https://e.example/a&#9;b',
      'https://e.example/a&#127;b',
      'https://e.example/ok',
    ];
    const parsed = urlsOfSitemapText(`<urlset>${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`);
    assert.deepEqual(parsed.locs, ['https://e.example/ok']);
    assert.equal(parsed.skipped, 4);
  });

  it('stops a gzip bomb at the 50 MB cap while inflating', async function () {
    this.timeout(60_000);
    // 64 MB of whitespace inside a sitemap (over the 50 MB cap), about 64 KB gzipped.
    const head = Buffer.from('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://e.example/a</loc></url>');
    const bomb = zlib.gzipSync(Buffer.concat([head, Buffer.alloc(64 * 1024 * 1024, 0x20)]), { level: 9 });
    assert.ok(bomb.length < 1024 * 1024);
    site.pages.set('/bomb.xml', { body: bomb });
    const before = process.memoryUsage().rss;
    const found = await discoverSitemapUrls(`${site.origin}/bomb.xml`);
    assert.equal(found.failures.length, 1);
    assert.equal(found.failures[0].kind, 'too-large');
    assert.match(found.failures[0].message, /50 MB/);
    // What was read before the cap is kept.
    assert.deepEqual(found.urls, ['https://e.example/a']);
    assert.ok(process.memoryUsage().rss - before < MAX_SITEMAP_BYTES * 2, 'inflated text is not held');
  });

  it('an index that lists itself is read once and the loop is said', async () => {
    site.pages.set('/self.xml', { body: sitemapIndex([`${site.origin}/self.xml`, `${site.origin}/pages.xml`]) });
    site.pages.set('/pages.xml', { body: urlset(pages(1)) });
    const found = await discoverSitemapUrls(`${site.origin}/self.xml`);
    assert.deepEqual(found.urls, pages(1));
    assert.deepEqual(
      found.failures.map((f) => f.kind),
      ['loop'],
    );
    assert.equal(site.requests.filter((r) => r.path === '/self.xml').length, 1);
  });

  it('a 10 MB single line: its overlong <loc> is skipped, the other URLs kept', async () => {
    const line = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://e.example/a</loc></url><url><loc>https://e.example/${'x'.repeat(10 * 1024 * 1024)}</loc></url><url><loc>https://e.example/b</loc></url></urlset>`;
    site.pages.set('/line.xml', { body: line });
    const found = await discoverSitemapUrls(`${site.origin}/line.xml`);
    assert.deepEqual(found.urls, ['https://e.example/a', 'https://e.example/b']);
    assert.deepEqual(found.failures, []);
  });

  for (const [name, body, type] of [
    ['an HTML page', '<!doctype html><html><body>Welcome</body></html>', 'text/html'],
    ['an HTML page without doctype', '<html><body>Welcome</body></html>', 'text/html'],
    ['JSON', '{"urls": ["https://e.example/"]}', 'application/json'],
    ['plain text', 'https://e.example/a\nhttps://e.example/b\n', 'text/plain'],
    ['nothing', '', 'application/xml'],
    ['binary noise', '\u0000\u0001\u0002\u0003', 'application/octet-stream'],
    ['a cut-off sitemap', '<urlset><url><loc>https://e.example/a</loc></url><url><lo', 'application/xml'],
  ] as const) {
    it(`an answer that is not a sitemap (${name}) is a typed failure naming the file`, async () => {
      site.pages.set('/odd.xml', { headers: { 'content-type': type }, body });
      const found = await discoverSitemapUrls(`${site.origin}/odd.xml`);
      assert.equal(found.failures.length, 1, JSON.stringify(found.failures));
      assert.ok(['not-sitemap', 'doctype'].includes(found.failures[0].kind), found.failures[0].kind);
      assert.equal(found.failures[0].file, `${site.origin}/odd.xml`);
    });
  }

  it('refuses a redirect to another scheme', async () => {
    site.pages.set('/sitemap.xml', { status: 302, headers: { location: 'file:///etc/passwd' } });
    site.pages.set('/ftp.xml', { status: 301, headers: { location: 'ftp://127.0.0.1/sitemap.xml' } });
    for (const path of ['/sitemap.xml', '/ftp.xml']) {
      const found = await discoverSitemapUrls(`${site.origin}${path}`);
      assert.deepEqual(found.urls, []);
      assert.equal(found.failures[0].kind, 'redirect', found.failures[0].message);
    }
  });

  it("refuses a redirect to the report service's own address, and the service's address itself", async () => {
    const service = await startSite();
    try {
      service.pages.set('/api/v1/reports', { body: urlset(pages(1)) });
      site.pages.set('/sitemap.xml', { status: 307, headers: { location: `${service.origin}/api/v1/reports` } });
      const found = await discoverSitemapUrls(`${site.origin}/sitemap.xml`, { serviceOrigin: `${service.origin}/` });
      assert.equal(found.failures[0].kind, 'forbidden-origin');
      const direct = await discoverSitemapUrls(`${service.origin}/api/v1/reports`, { serviceOrigin: service.url });
      assert.equal(direct.failures[0].kind, 'forbidden-origin');
      assert.equal(service.requests.length, 0);
    } finally {
      await service.close();
    }
  });

  it('refuses the service by where a socket lands, not by spelling: localhost, mapped IPv6, 0.0.0.0, 0, a redirect to them', async () => {
    const service = await startSite();
    try {
      service.pages.set('/sitemap.xml', { body: urlset(pages(1)) });
      const port = new URL(service.origin).port;
      const spellings = [`localhost:${port}`, `[::ffff:127.0.0.1]:${port}`, `[::ffff:7f00:1]:${port}`, `0.0.0.0:${port}`, `0:${port}`];
      for (const host of spellings) {
        const found = await discoverSitemapUrls(`http://${host}/sitemap.xml`, { serviceOrigin: service.origin });
        assert.equal(found.failures[0]?.kind, 'forbidden-origin', `${host}: ${JSON.stringify(found.failures)}`);
      }
      site.pages.set('/away.xml', { status: 302, headers: { location: `http://localhost:${port}/sitemap.xml` } });
      const redirected = await discoverSitemapUrls(`${site.origin}/away.xml`, { serviceOrigin: service.origin });
      assert.equal(redirected.failures[0]?.kind, 'forbidden-origin');
      site.pages.set('/robots.txt', { body: `Sitemap: http://[::ffff:7f00:1]:${port}/sitemap.xml\n` });
      const robots = await discoverSitemapUrls(site.origin, { serviceOrigin: service.origin });
      assert.ok(
        robots.failures.some((f) => f.kind === 'forbidden-origin'),
        JSON.stringify(robots.failures),
      );
      assert.equal(service.requests.length, 0, 'the service was never sent a request');
    } finally {
      site.pages.delete('/robots.txt');
      await service.close();
    }
  });

  it('follows a few redirects, then stops', async () => {
    site.pages.set('/moved.xml', { status: 301, headers: { location: '/pages.xml' } });
    site.pages.set('/pages.xml', { body: urlset(pages(1)) });
    assert.deepEqual((await discoverSitemapUrls(`${site.origin}/moved.xml`)).urls, pages(1));
    site.pages.set('/loop.xml', { status: 302, headers: { location: '/loop.xml' } });
    const looping = await discoverSitemapUrls(`${site.origin}/loop.xml`);
    assert.equal(looping.failures[0].kind, 'redirect');
    assert.ok(site.requests.filter((r) => r.path === '/loop.xml').length <= 6);
  });

  it('keeps the first 50,000 URLs of a file listing 50,001 and says it was cut', async function () {
    this.timeout(30_000);
    const many = Array.from({ length: MAX_URLS_PER_SITEMAP + 1 }, (_, i) => `https://e.example/p${i}`);
    site.pages.set('/many.xml', { body: urlset(many) });
    const found = await discoverSitemapUrls(`${site.origin}/many.xml`);
    assert.equal(found.urls.length, MAX_URLS_PER_SITEMAP);
    assert.equal(found.failures[0].kind, 'too-many-urls');
    assert.match(found.failures[0].message, /50000|50,000|50.000/);
  });

  it('reads indexes nested 3 levels deep and refuses the 4th', async () => {
    // /l0 → /l1 → /l2 → /l3 (urls, depth 3: read) and /l3 → /l4 (depth 4: refused).
    site.pages.set('/l0.xml', { body: sitemapIndex([`${site.origin}/l1.xml`]) });
    site.pages.set('/l1.xml', { body: sitemapIndex([`${site.origin}/l2.xml`]) });
    site.pages.set('/l2.xml', { body: sitemapIndex([`${site.origin}/l3.xml`, `${site.origin}/l3b.xml`]) });
    site.pages.set('/l3.xml', { body: urlset(pages(2)) });
    site.pages.set('/l3b.xml', { body: sitemapIndex([`${site.origin}/l4.xml`]) });
    site.pages.set('/l4.xml', { body: urlset(pages(2, 'deep')) });
    const found = await discoverSitemapUrls(`${site.origin}/l0.xml`);
    assert.deepEqual(found.urls, pages(2));
    assert.deepEqual(
      found.failures.map((f) => [f.kind, f.file]),
      [['depth', `${site.origin}/l4.xml`]],
    );
    assert.ok(!site.requests.some((r) => r.path === '/l4.xml'));
  });

  it('refuses addresses that are not http(s) before any request', async () => {
    for (const input of ['ftp://e.example/sitemap.xml', 'javascript:alert(1)', 'not a url', 'http://user:pw@127.0.0.1/']) {
      const found = await discoverSitemapUrls(input);
      assert.equal(found.urls.length, 0);
      assert.ok(['scheme', 'bad-input'].includes(found.failures[0].kind), input);
    }
  });

  it('a sitemap file of the workspace that is an index: its sitemaps are read from the web, its loops and depth as for any', async () => {
    site.pages.set('/child.xml', { body: urlset(pages(2)) });
    const text = sitemapIndex([`${site.origin}/child.xml`, `${site.origin}/child.xml`]);
    const found = await discoverSitemapUrls('public/sitemap.xml', { localText: text });
    assert.deepEqual(found.urls, pages(2), 'the pages of the child, not the child sitemap as a page');
    assert.deepEqual(
      found.files.map((f) => [f.url, f.kind]),
      [
        ['public/sitemap.xml', 'sitemapindex'],
        [`${site.origin}/child.xml`, 'urlset'],
      ],
    );
    assert.deepEqual(
      found.failures.map((f) => f.kind),
      ['loop'],
    );
    const plain = await discoverSitemapUrls('public/pages.xml', { localText: urlset(pages(3)) });
    assert.deepEqual(plain.urls, pages(3));
    assert.equal(site.requests.filter((r) => r.path === '/child.xml').length, 1);
  });

  it('urlsOfSitemapText: the URLs of an open file, entries with other schemes skipped', () => {
    const parsed = urlsOfSitemapText(urlset(['https://e.example/a', 'javascript:alert(1)', 'https://e.example/b']));
    assert.equal(parsed.kind, 'urlset');
    assert.deepEqual(parsed.locs, ['https://e.example/a', 'https://e.example/b']);
    assert.equal(parsed.skipped, 1);
    assert.equal(parsed.failure, undefined);
  });
});
