// The connection pools that read a site's files (sitemaps, robots.txt, a preview's pages): of the
// reader's own, closed when it is done (the process-wide dispatcher is never touched: the extension
// host is shared). Direct, every socket checked against the report service's resolved address; or,
// for an address a proxy applies to (the client's settings, NO_PROXY and loopback as for the
// service), one pool per proxy, the address checked by name before a tunnel is asked for. Either
// way no spelling of the service's address is read as a site's file.
import { Agent, type Dispatcher, poolThrough } from '../client/undici';
import { guardedConnector, refuseOwnThroughProxy } from '../client/guardedConnector';
import { chooseProxy, type ProxySettings } from '../client/proxy';
import type { OwnAddress } from '../urls/hostAddress';

export interface SitePoolOptions {
  /** A request's time: headers, body, and the name check of a proxied address. */
  timeoutMs: number;
  /** The report service's address, never reached. */
  own: OwnAddress | undefined;
  proxy: ProxySettings | undefined;
  /** Connections per origin. */
  connections: number;
}

export interface SitePools {
  /** The pool that reads `url` (rejects when the address is the service's, through a proxy). */
  route(url: URL): Promise<Dispatcher>;
  close(): Promise<void>;
}

export function openSitePools(options: SitePoolOptions): SitePools {
  const { timeoutMs, own, proxy } = options;
  const pool = { connections: options.connections, keepAliveTimeout: 4_000, headersTimeout: timeoutMs, bodyTimeout: timeoutMs };
  const direct = new Agent({ ...pool, ...(own ? { connect: guardedConnector(timeoutMs, own) } : {}) });
  const proxied = new Map<string, Dispatcher>();
  return {
    async route(url) {
      const choice = proxy ? chooseProxy(url.href, proxy) : undefined;
      if (!choice) return direct;
      if (own) await refuseOwnThroughProxy(url, own, timeoutMs);
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
