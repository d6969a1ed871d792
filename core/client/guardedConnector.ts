// An undici connector that refuses, before a byte is sent, a socket that landed where it must not:
// the address the socket reached is judged after name resolution (hostAddress.ts), so no spelling
// of a host, no redirect and no DNS answer gets past it. The local service's analysis uses it
// against the service itself; site scans against the report service and, where a public site
// leads, this machine's own network (core/sites/siteZone.ts).
import type * as Undici from 'undici';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isOwnTarget, unbracket, type OwnAddress } from '../urls/hostAddress';
import { hasErrorCode } from './networkErrors';
import { buildConnector } from './undici';

export const OWN_ADDRESS_CODE = 'WR_OWN_ADDRESS';

export class OwnAddressError extends Error {
  readonly code = OWN_ADDRESS_CODE;
  constructor() {
    // l10n-exempt: an internal error, told apart by its code; people read the caller's words
    super('the URL points at the report service itself');
  }
}

/** Why a socket that reached `address`:`port` is refused, or undefined when it may be used. */
export type SocketCheck = (address: string, port: number) => Error | undefined;

/** The check that refuses the service at `own`. */
export function notOwnAddress(own: OwnAddress): SocketCheck {
  return (address, port) => (isOwnTarget(address, port, own) ? new OwnAddressError() : undefined);
}

/** A connector whose sockets pass `check` (notOwnAddress, or a caller's own) or are closed unused. */
export function guardedConnector(timeoutMs: number, check: SocketCheck): Undici.buildConnector.connector {
  const connect = buildConnector({ timeout: timeoutMs });
  return (options, callback) =>
    connect(options, (err, socket) => {
      // l10n-exempt: an internal error no one sees (undici gives an error or a socket)
      if (err || !socket) return callback(err ?? new Error('no socket'), null);
      const refused = check(socket.remoteAddress ?? '', socket.remotePort ?? -1);
      if (refused) {
        socket.destroy();
        return callback(refused, null);
      }
      callback(null, socket);
    });
}

/**
 * Through a proxy a socket reaches the proxy, not the address, so the connector above cannot see
 * where it goes: `url`'s host is judged before the request instead, as this machine resolves it (an
 * IP as written; the host as written too, for a check by name). `refusal` is given every address
 * at once, with the port; a name this machine cannot resolve (within the request's own time) is
 * given as written only, and left to the proxy, which resolves it.
 */
export async function refuseByName(
  url: URL,
  refusal: (addresses: string[], port: number) => Error | undefined,
  timeoutMs: number,
  resolve = resolveAll,
): Promise<void> {
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  const host = unbracket(url.hostname);
  const resolved = isIP(host) ? [] : await withinTime(resolve(host), timeoutMs, []);
  // A socket to the unspecified address reaches this machine's loopback (a proxy here does the same).
  const addresses = [host, ...resolved].map((a) => (a === '0.0.0.0' ? '127.0.0.1' : a === '::' ? '::1' : a));
  const refused = refusal(addresses, port);
  if (refused) throw refused;
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
  return hasErrorCode(err, OWN_ADDRESS_CODE);
}

/** The service at `origin` as a socket would reach it: its host resolved to every address it has. */
export async function ownAddressOf(origin: string): Promise<OwnAddress> {
  const url = new URL(origin);
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  const resolved = await resolveAll(unbracket(url.hostname));
  return { host: url.hostname, port: () => port, resolved };
}
