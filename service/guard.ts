// What keeps a web page in a browser on this machine away from the service: the Host header must
// name the service's own address (DNS rebinding sends the attacker's name), and the /__control
// endpoints additionally need the run's token, no Origin (browsers send one on cross-origin
// requests) and JSON bodies (a no-cors form or text/plain POST cannot send that).
import { sameSecret } from './secretCompare';
import * as net from 'node:net';
import type { IncomingMessage } from 'node:http';
import { isLoopbackHost } from './ownAddress';

export const CONTROL_TOKEN_HEADER = 'x-control-token';

/** Splits a Host header into name and port (default 80); undefined when malformed. */
export function parseHostHeader(value: string | undefined): { name: string; port: number } | undefined {
  if (!value) return undefined;
  const m = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?$/.exec(value.trim());
  if (!m) return undefined;
  return { name: m[1].toLowerCase().replace(/^\[|\]$/g, ''), port: m[2] === undefined ? 80 : Number(m[2]) };
}

/**
 * Whether the Host header addresses this service: its port, and as name `localhost`, a loopback
 * address, the bound address, or (bound to every interface) any IP literal. Never another name.
 */
export function isOwnHost(value: string | undefined, boundHost: string, port: number, names: readonly string[] = []): boolean {
  const host = parseHostHeader(value);
  if (host && names.some((n) => n.toLowerCase() === host.name)) return true;
  if (!host || host.port !== port) return false;
  const bound = boundHost.toLowerCase().replace(/^\[|\]$/g, '');
  if (isLoopbackHost(host.name) || host.name === bound) return true;
  return (bound === '0.0.0.0' || bound === '::') && net.isIP(host.name) !== 0;
}

/** Why a control request is refused, or undefined when it may go on. */
export function controlRefusal(req: IncomingMessage, method: string, token: string): string | undefined {
  if (!isLoopbackHost(req.socket.remoteAddress ?? '')) return 'Control endpoints answer only loopback clients.';
  if (req.headers.origin !== undefined) return 'Control endpoints refuse requests from a browser page (Origin header).';
  const sent = req.headers[CONTROL_TOKEN_HEADER];
  if (typeof sent !== 'string' || !sameSecret(sent, token)) return 'Control endpoints need this run\u2019s token.';
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (method !== 'GET' && method !== 'HEAD' && type !== 'application/json') return 'Control endpoints accept only application/json.';
  return undefined;
}
