// The connection pools that read a site's files (sitemaps, robots.txt, a preview's pages): of the
// reader's own, closed when it is done (the process-wide dispatcher is never touched: the extension
// host is shared). Direct, every socket checked against the report service's resolved address; or,
// for an address a proxy applies to (the client's settings, NO_PROXY and loopback as for the
// service), one pool per proxy, the address checked by name before a tunnel is asked for. Either
// way no spelling of the service's address is read as a site's file, nor, with a zone, an address
// of this machine's own network that a public site led to (siteZone.ts).
import { Agent, type Dispatcher, poolThrough } from '../client/undici';
import { guardedConnector, refuseByName, notOwnAddress, ownAddressOf, type SocketCheck } from '../client/guardedConnector';
import { chooseProxy, type ProxySettings } from '../client/proxy';
import type { SiteZone } from './siteZone';

export interface SitePoolOptions {
  /** A request's time: headers, body, and the name check of a proxied address. */
  timeoutMs: number;
  /** The report service's origin, never reached (its addresses resolved once, here). */
  serviceOrigin: string | undefined;
  proxy: ProxySettings | undefined;
  /** Connections per origin. */
  connections: number;
  /** Where the reading may go: once it reached the internet, never this machine's own network. */
  zone?: SiteZone;
}

export interface SitePools {
  /** The pool that reads `url` (rejects when the address is the service's, through a proxy). */
  route(url: URL): Promise<Dispatcher>;
  close(): Promise<void>;
}

export async function openSitePools(options: SitePoolOptions): Promise<SitePools> {
  const { timeoutMs, proxy } = options;
  // Every socket is checked against the service's resolved addresses: no spelling of its host
  // (localhost, [::ffff:7f00:1], 0.0.0.0, a name resolving to it) reaches it.
  const own = options.serviceOrigin ? await ownAddressOf(options.serviceOrigin).catch(() => undefined) : undefined;
  const notOwn = own && notOwnAddress(own);
  const zone = options.zone;
  const check: SocketCheck | undefined =
    notOwn || zone ? (address, port) => notOwn?.(address, port) ?? zone?.admit(address, port) : undefined;
  const pool = { connections: options.connections, keepAliveTimeout: 4_000, headersTimeout: timeoutMs, bodyTimeout: timeoutMs };
  const direct = new Agent({ ...pool, ...(check ? { connect: guardedConnector(timeoutMs, check) } : {}) });
  const proxied = new Map<string, Dispatcher>();
  return {
    async route(url) {
      const choice = proxy ? chooseProxy(url.href, proxy) : undefined;
      if (!choice) return direct;
      if (notOwn || zone) {
        await refuseByName(
          url,
          (addresses, port) => addresses.map((a) => notOwn?.(a, port)).find(Boolean) ?? zone?.admitAll(addresses, port),
          timeoutMs,
        );
      }
      const key = `${choice.uri} ${choice.strictSSL}`;
      let through = proxied.get(key);
      if (!through) {
        through = poolThrough(choice, pool);
        proxied.set(key, through);
      }
      return through;
    },
    async close() {
      await Promise.all([direct, ...proxied.values()].map((p) => p.close().catch(() => undefined)));
    },
  };
}
