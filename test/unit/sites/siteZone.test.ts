// A public site never leads this machine into its own network: a sitemap index, a robots.txt
// `Sitemap:` line or a redirect of a site on the internet that points at a loopback, private or
// link-local address is refused before a byte is sent; a site on the user's own network (a dev
// server) may name any address. Every address a test can reach is loopback, so the discovery
// tests say which of two real sites on 127.0.0.1 stands for the internet (by its port): the one
// stand-in here, for an internet these tests must not reach.
import { strict as assert } from 'node:assert';
import { notOwnAddress, refuseByName } from '../../../core/client/guardedConnector';
import { discoverSitemapUrls } from '../../../core/sites/discover';
import { LocalNetworkError, SiteZone } from '../../../core/sites/siteZone';
import { fetchPreviewPage, PreviewReader } from '../../../core/sources/previewFetch';
import { isPublicAddress } from '../../../core/urls/hostAddress';
import { startConnectProxy } from '../api/connectProxy';
import { type SiteServer, sitemapIndex, startSite, urlset } from './siteServer';

describe('sites: a public site never leads this machine into its own network', () => {
  it('tells the internet from this machine and its network, in every spelling', () => {
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '2001:4860:4860::8888',
      '::ffff:8.8.8.8',
      '[2606:4700::1111]',
      '2002:808:808::1',
      '64:ff9b::1.1.1.1',
    ]) {
      assert.equal(isPublicAddress(address), true, address);
    }
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.251',
      '255.255.255.255',
      '::1',
      '[::1]',
      '::',
      'fe80::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:192.168.0.1',
      // The same blocks written inside IPv6: 6to4, NAT64 and the old IPv4-compatible form.
      '2002:c0a8:101::1',
      '2002:a9fe:a9fe::',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::10.0.0.1',
      '::7f00:1',
    ]) {
      assert.equal(isPublicAddress(address), false, address);
    }
    assert.equal(isPublicAddress('localhost'), undefined, 'a name is no address: judged where it lands');
  });

  it('the first address decides: from the internet never back home; from home anywhere', () => {
    const fromInternet = new SiteZone();
    assert.equal(fromInternet.admit('93.184.215.14', 443), undefined);
    assert.equal(fromInternet.admit('151.101.1.69', 443), undefined);
    for (const home of ['127.0.0.1', '192.168.1.1', '::1', '169.254.169.254']) {
      assert.ok(fromInternet.admit(home, 80) instanceof LocalNetworkError, home);
    }
    const fromHome = new SiteZone();
    assert.equal(fromHome.admit('127.0.0.1', 4000), undefined);
    assert.equal(fromHome.admit('192.168.1.20', 80), undefined);
    assert.equal(fromHome.admit('93.184.215.14', 443), undefined);
    assert.equal(fromHome.admit('127.0.0.1', 4000), undefined);
  });

  it('through a proxy: judged by the host as this machine resolves it; a name it cannot resolve is out there', async () => {
    const zone = new SiteZone();
    const judge = (url: string, resolve: (host: string) => Promise<string[]>) =>
      refuseByName(new URL(url), (addresses, port) => zone.admitAll(addresses, port), 1_000, resolve);
    await judge('http://site.example.test/robots.txt', async () => []);
    await judge('http://cdn.example.test/a.xml', async () => ['198.51.100.7']);
    await assert.rejects(
      judge('http://10.0.0.1/b.xml', async () => []),
      LocalNetworkError,
    );
    await assert.rejects(
      judge('http://router.example.test/c.xml', async () => ['198.51.100.8', '192.168.0.1']),
      LocalNetworkError,
    );
    await judge('http://only-the-proxy-knows.example.test/d.xml', async () => []);
    // The report service is refused in the same pass, whatever the zone.
    const own = notOwnAddress({ host: '127.0.0.1', port: () => 8080, resolved: ['127.0.0.1'] });
    await assert.rejects(refuseByName(new URL('http://0.0.0.0:8080/'), (a, p) => a.map((x) => own(x, p)).find(Boolean), 1_000));
  });

  describe('discovery', () => {
    let internet: SiteServer;
    let home: SiteServer;
    let isPublic: (address: string, port: number) => boolean;
    beforeEach(async () => {
      internet = await startSite();
      home = await startSite();
      const internetPort = Number(new URL(internet.origin).port);
      isPublic = (_address, port) => port === internetPort;
      home.pages.set('/admin.xml', { body: urlset(['https://intranet.example/secret']) });
    });
    afterEach(async () => {
      await internet.close();
      await home.close();
    });

    it("an index on the internet that lists a sitemap at home: refused, said, and home never asked; the site's others kept", async () => {
      internet.pages.set('/index.xml', { body: sitemapIndex([`${internet.origin}/a.xml`, `${home.origin}/admin.xml`]) });
      internet.pages.set('/a.xml', { body: urlset(['https://www.example.com/a']) });
      const found = await discoverSitemapUrls(`${internet.origin}/index.xml`, { isPublic });
      assert.deepEqual(found.urls, ['https://www.example.com/a']);
      assert.equal(found.failures.length, 1, JSON.stringify(found.failures));
      assert.equal(found.failures[0].kind, 'local-network');
      assert.equal(found.failures[0].file, `${home.origin}/admin.xml`);
      assert.match(found.failures[0].message, /was refused: it is on this machine or its local network/);
      assert.deepEqual(home.requests, []);
    });

    it("a robots.txt line and a redirect of the internet's site that point home: refused", async () => {
      internet.pages.set('/robots.txt', { headers: { 'content-type': 'text/plain' }, body: `Sitemap: ${home.origin}/admin.xml\n` });
      const byRobots = await discoverSitemapUrls(internet.url, { isPublic });
      assert.deepEqual(
        byRobots.failures.map((f) => f.kind),
        ['local-network'],
      );
      internet.pages.set('/moved.xml', { status: 302, headers: { location: `${home.origin}/admin.xml` } });
      const byRedirect = await discoverSitemapUrls(`${internet.origin}/moved.xml`, { isPublic });
      assert.deepEqual(
        byRedirect.failures.map((f) => f.kind),
        ['local-network'],
      );
      assert.deepEqual(home.requests, []);
    });

    it('a sitemap at home (a dev server) may list any address, at home or on the internet', async () => {
      home.pages.set('/index.xml', { body: sitemapIndex([`${internet.origin}/a.xml`, `${home.origin}/admin.xml`]) });
      internet.pages.set('/a.xml', { body: urlset(['https://www.example.com/a']) });
      const found = await discoverSitemapUrls(`${home.origin}/index.xml`, { isPublic });
      assert.deepEqual(found.failures, []);
      assert.deepEqual(found.urls, ['https://www.example.com/a', 'https://intranet.example/secret']);
    });

    it('a workspace sitemap: the first sitemap it lists decides', async () => {
      internet.pages.set('/a.xml', { body: urlset(['https://www.example.com/a']) });
      const index = sitemapIndex([`${internet.origin}/a.xml`, `${home.origin}/admin.xml`]);
      const found = await discoverSitemapUrls('/workspace/sitemap.xml', { isPublic, localText: index });
      assert.deepEqual(found.urls, ['https://www.example.com/a']);
      assert.deepEqual(
        found.failures.map((f) => f.kind),
        ['local-network'],
      );
      assert.deepEqual(home.requests, []);
    });

    it('a preview on the internet that redirects a page home: refused; a preview at home may redirect anywhere', async () => {
      internet.pages.set('/post/', { status: 302, headers: { location: `${home.origin}/admin.xml` } });
      const refused = await fetchPreviewPage(`${internet.origin}/post/`, { isPublic });
      assert.equal(refused.ok, false);
      assert.match(refused.ok ? '' : refused.message, /was refused: it is on this machine or its local network/);
      assert.deepEqual(home.requests, []);
      // The command line's one reader of a run: its first page (the preview) decides for the rest.
      const reader = await PreviewReader.open({ userAgent: 'test', connections: 2, isPublic });
      try {
        internet.pages.set('/about/', { headers: { 'content-type': 'text/html' }, body: '<title>About</title>' });
        assert.equal((await reader.read(`${internet.origin}/about/`)).ok, true);
        assert.equal((await reader.read(`${internet.origin}/post/`)).ok, false);
        assert.deepEqual(home.requests, []);
      } finally {
        await reader.close();
      }
      home.pages.set('/moved/', { status: 302, headers: { location: `${internet.origin}/about/` } });
      const fromHome = await fetchPreviewPage(`${home.origin}/moved/`, { isPublic });
      assert.equal(fromHome.ok, true);
    });

    it('through a proxy, a sitemap of the internet that names an address at home is refused before a tunnel is asked for', async () => {
      const proxy = await startConnectProxy(() => Number(new URL(internet.origin).port));
      try {
        internet.pages.set('/index.xml', { body: sitemapIndex([`http://0.0.0.0:${new URL(home.origin).port}/admin.xml`]) });
        const found = await discoverSitemapUrls('http://site.example.test/index.xml', { isPublic, proxy: { proxy: proxy.url, env: {} } });
        assert.deepEqual(
          found.failures.map((f) => f.kind),
          ['local-network'],
          JSON.stringify(found.failures),
        );
        assert.deepEqual(proxy.tunnels, ['site.example.test:80']);
        assert.deepEqual(home.requests, []);
      } finally {
        await proxy.close();
      }
    });
  });
});
