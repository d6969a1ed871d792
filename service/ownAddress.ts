// The analysis must never fetch the report service itself (it would analyse, and so expose, its
// own answers, control endpoints included). Checked twice: on each URL before it is fetched (clear
// reason), and on each connected socket (a host name that resolves to the service is caught too).
import * as net from 'node:net';
import * as os from 'node:os';
import { buildConnector } from 'undici';

export interface OwnAddress {
  /** the address the service listens on, e.g. '127.0.0.1', '::', '0.0.0.0' */
  host: string;
  /** its port, once listening */
  port(): number | undefined;
}

const WILDCARD = new Set(['0.0.0.0', '::', '']);

function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** Loopback: localhost, 127/8, ::1 and their IPv4-mapped forms. */
export function isLoopbackHost(host: string): boolean {
  const h = unbracket(host).toLowerCase();
  if (h === 'localhost' || h === '::1') return true;
  const mapped = /^::ffff:(.+)$/.exec(h)?.[1];
  const v4 = mapped && mapped.includes(':') ? mappedHexToV4(mapped) : (mapped ?? h);
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

function mappedHexToV4(hex: string): string {
  const [hi, lo] = hex.split(':').map((p) => parseInt(p, 16));
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

function isLocalInterface(address: string): boolean {
  const a = unbracket(address).replace(/^::ffff:/i, '');
  return Object.values(os.networkInterfaces()).some((list) => (list ?? []).some((i) => i.address === a));
}

/** Whether host:port (as a client would reach it) is the service. */
export function isOwnTarget(host: string, port: number, own: OwnAddress): boolean {
  if (port !== own.port()) return false;
  const h = unbracket(host).toLowerCase();
  if (isLoopbackHost(h) || h === unbracket(own.host).toLowerCase()) return true;
  return WILDCARD.has(own.host) && net.isIP(h.replace(/^::ffff:/, '')) !== 0 && isLocalInterface(h);
}

export function isOwnUrl(url: URL, own: OwnAddress): boolean {
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  return isOwnTarget(url.hostname, port, own);
}

export class OwnAddressError extends Error {
  readonly code = 'WR_OWN_ADDRESS';
  constructor() {
    super('the URL points at the report service itself');
  }
}

/** An undici connector that refuses, before anything is sent, a socket connected to the service. */
export function guardedConnector(timeoutMs: number, own: OwnAddress): buildConnector.connector {
  const connect = buildConnector({ timeout: timeoutMs });
  return (options, callback) =>
    connect(options, (err, socket) => {
      if (err || !socket) return callback(err ?? new Error('no socket'), null);
      if (isOwnTarget(socket.remoteAddress ?? '', socket.remotePort ?? -1, own)) {
        socket.destroy();
        return callback(new OwnAddressError(), null);
      }
      callback(null, socket);
    });
}
