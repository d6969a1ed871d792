// Discovery behind a proxy: a site's robots.txt and sitemaps go through the proxy the report
// service's client uses (settings, else HTTPS_PROXY/HTTP_PROXY, never for loopback), and the report
// service is still never reached. A CONNECT proxy on loopback tunnels every request to a small site
// on loopback; the site's name (site.example.test) is never resolved.
import { strict as assert } from 'node:assert';
import { notOwnAddress, OwnAddressError, refuseByName } from '../../../core/client/guardedConnector';
import { discoverSitemapUrls } from '../../../core/sites/discover';
import { startConnectProxy, type ConnectProxy } from '../api/connectProxy';
import { startSite, type SiteServer } from './siteServer';

const SITE = 'http://site.example.test';

describe('sites: discovery through a proxy', () => {
  let site: SiteServer;
  let service: SiteServer;
  let proxy: ConnectProxy;
  let proxyUrl: string;
  let tunnels: string[];

  before(async () => {
    site = await startSite();
    service = await startSite();
    proxy = await startConnectProxy(() => Number(new URL(site.origin).port));
    proxyUrl = proxy.url;
    tunnels = proxy.tunnels;
  });
  after(async () => {
    await proxy.close();
    await site.close();
    await service.close();
  });
  beforeEach(() => {
    tunnels.length = 0;
    site.requests.length = 0;
    service.requests.length = 0;
  });

  it("reads the site's robots.txt and sitemap through the proxy of the settings", async () => {
    site.pages.set('/robots.txt', { headers: { 'content-type': 'text/plain' }, body: `Sitemap: ${SITE}/sitemap.xml\n` });
    site.pages.set('/sitemap.xml', {
      body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${SITE}/a</loc></url><url><loc>${SITE}/b</loc></url></urlset>`,
    });
    const found = await discoverSitemapUrls(`${SITE}/`, { proxy: { proxy: proxyUrl, env: {} } });
    assert.deepEqual(found.failures, []);
    assert.deepEqual(found.urls, [`${SITE}/a`, `${SITE}/b`]);
    assert.ok(tunnels.length > 0 && tunnels.every((t) => t === 'site.example.test:80'), tunnels.join(', '));
    assert.deepEqual(
      site.requests.map((r) => [r.path, r.headers.host]),
      [
        ['/robots.txt', 'site.example.test'],
        ['/sitemap.xml', 'site.example.test'],
      ],
    );
  });

  it('takes HTTP_PROXY from the environment as the client does; loopback goes direct (NO_PROXY is in the tests of chooseProxy)', async () => {
    site.pages.set('/sitemap.xml', { body: `<urlset><url><loc>${SITE}/c</loc></url></urlset>` });
    const viaEnv = await discoverSitemapUrls(`${SITE}/sitemap.xml`, { proxy: { env: { HTTP_PROXY: proxyUrl } } });
    assert.deepEqual(viaEnv.urls, [`${SITE}/c`]);
    assert.deepEqual(tunnels, ['site.example.test:80']);
    tunnels.length = 0;
    const local = await discoverSitemapUrls(`${site.origin}/sitemap.xml`, { proxy: { env: { HTTP_PROXY: proxyUrl } } });
    assert.deepEqual(local.urls, [`${SITE}/c`]);
    assert.deepEqual(tunnels, [], 'loopback went through the proxy');
  });

  it("says that the proxy refused the tunnel in the file's failure, as the client does", async () => {
    const refusing = await startConnectProxy(undefined, '407 Proxy Authentication Required');
    try {
      const found = await discoverSitemapUrls(`${SITE}/sitemap.xml`, { proxy: { proxy: refusing.url, env: {} } });
      assert.equal(found.failures.length, 1);
      assert.match(found.failures[0].message, /could not be read: the proxy asks for credentials \(HTTP 407\)/);
      assert.deepEqual(refusing.tunnels, ['site.example.test:80']);
    } finally {
      await refusing.close();
    }
  });

  it('says that the proxy could not be reached when nothing listens at its address', async () => {
    const closed = await startConnectProxy();
    await closed.close();
    const found = await discoverSitemapUrls(`${SITE}/sitemap.xml`, { proxy: { proxy: closed.url, env: {} } });
    assert.match(found.failures[0]?.message ?? '', /could not be read: the proxy could not be reached \(ECONNREFUSED\)/);
  });

  it('never reaches the report service through the proxy: a spelling of its address is refused before a tunnel is asked for', async () => {
    // The service listens on 127.0.0.1; 0.0.0.0 reaches it (and is no loopback name, so a proxy would be asked).
    const port = new URL(service.origin).port;
    const found = await discoverSitemapUrls(`http://0.0.0.0:${port}/sitemap.xml`, {
      serviceOrigin: service.url,
      proxy: { proxy: proxyUrl, env: {} },
    });
    assert.equal(found.failures[0]?.kind, 'forbidden-origin', JSON.stringify(found.failures));
    assert.deepEqual(tunnels, []);
    assert.deepEqual(service.requests, []);
  });

  it("checks a proxied name by this machine's resolution, within the request's time", async () => {
    const own = { host: '127.0.0.1', port: () => 8080, resolved: ['127.0.0.1'] };
    const notOwn = notOwnAddress(own);
    const refuseOwnThroughProxy = (url: URL, _own: typeof own, ms: number, resolve: (host: string) => Promise<string[]>) =>
      refuseByName(url, (addresses, port) => addresses.map((a) => notOwn(a, port)).find(Boolean), ms, resolve);
    const toService = async () => ['198.51.100.6', '127.0.0.1'];
    await assert.rejects(refuseOwnThroughProxy(new URL('http://alias.example.test:8080/'), own, 1_000, toService), OwnAddressError);
    // Another port, or a name resolving elsewhere, is let through.
    await refuseOwnThroughProxy(new URL('http://alias.example.test:8081/'), own, 1_000, toService);
    await refuseOwnThroughProxy(new URL('http://other.example.test:8080/'), own, 1_000, async () => ['198.51.100.7']);
    // A resolver that never answers leaves the name to the proxy once the request's time is up
    // (without the bound this would never settle, and the test would run out of time).
    await refuseOwnThroughProxy(new URL('http://slow.example.test:8080/'), own, 100, () => new Promise<string[]>(() => undefined));
  });
});
