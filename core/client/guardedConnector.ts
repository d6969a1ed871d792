// An undici connector that refuses, before a byte is sent, a socket connected to a given service:
// the address the socket reached is compared after name resolution (hostAddress.ts), so no
// spelling of the service's host, no redirect and no DNS answer gets past it. The local service's
// analysis uses it against itself; site scans use it against the report service.
import type * as Undici from 'undici';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isOwnTarget, unbracket, type OwnAddress } from '../urls/hostAddress';
import { buildConnector } from './undici';

export const OWN_ADDRESS_CODE = 'WR_OWN_ADDRESS';

export class OwnAddressError extends Error {
  readonly code = OWN_ADDRESS_CODE;
  constructor() {
    // l10n-exempt: an internal error, told apart by its code; people read the caller's words
    super('the URL points at the report service itself');
  }
}

export function guardedConnector(timeoutMs: number, own: OwnAddress): Undici.buildConnector.connector {
  const connect = buildConnector({ timeout: timeoutMs });
  return (options, callback) =>
    connect(options, (err, socket) => {
      // l10n-exempt: an internal error no one sees (undici gives an error or a socket)
      if (err || !socket) return callback(err ?? new Error('no socket'), null);
      if (isOwnTarget(socket.remoteAddress ?? '', socket.remotePort ?? -1, own)) {
        socket.destroy();
        return callback(new OwnAddressError(), null);
      }
      callback(null, socket);
    });
}

/**
 * Through a proxy a socket reaches the proxy, not the address, so the connector above cannot see
 * where it goes: `url`'s host is checked before the request instead, as this machine resolves it
 * (an IP as written). A name this machine cannot resolve is left to the proxy, which resolves it.
 */
export async function refuseOwnThroughProxy(url: URL, own: OwnAddress, timeoutMs: number, resolve = resolveAll): Promise<void> {
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  const host = unbracket(url.hostname);
  // Within the request's own time: a resolver that does not answer leaves the name to the proxy.
  const addresses = isIP(host) ? [] : await withinTime(resolve(host), timeoutMs, []);
  // A socket to the unspecified address reaches this machine's loopback (a proxy here does the same).
  const reached = [host, ...addresses].map((a) => (a === '0.0.0.0' ? '127.0.0.1' : a === '::' ? '::1' : a));
  if (reached.some((address) => isOwnTarget(address, port, own))) throw new OwnAddressError();
}

function withinTime<T>(work: Promise<T>, ms: number, otherwise: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(otherwise), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

function resolveAll(host: string): Promise<string[]> {
  return lookup(host, { all: true }).then(
    (list) => list.map((a) => a.address),
    () => [],
  );
}

/** Whether an error (or one of its causes) is an OwnAddressError. */
export function isOwnAddressError(err: unknown): boolean {
  for (let e: unknown = err, i = 0; i < 5 && e && typeof e === 'object'; i++, e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === OWN_ADDRESS_CODE) return true;
  }
  return false;
}

/** The service at `origin` as a socket would reach it: its host resolved to every address it has. */
export async function ownAddressOf(origin: string): Promise<OwnAddress> {
  const url = new URL(origin);
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  const resolved = await resolveAll(unbracket(url.hostname));
  return { host: url.hostname, port: () => port, resolved };
}
