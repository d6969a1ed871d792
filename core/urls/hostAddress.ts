// Whether a network address is a given service: compared as the socket sees it (after name
// resolution), never by spelling — `localhost`, `[::ffff:127.0.0.1]`, `[::ffff:7f00:1]`,
// `0.0.0.0` and `0` all reach a service listening on loopback. Shared by the local service (its
// analysis never fetches the service itself) and site scans (discovery never reads the report
// service's own address).
import * as net from 'node:net';
import * as os from 'node:os';

export interface OwnAddress {
  /** The address the service listens on or is reached at: an IP, a wildcard ('::', '0.0.0.0') or a host name. */
  host: string;
  /** Its port, once known. */
  port(): number | undefined;
  /** The IP addresses its host name resolves to, when it is a name (filled in by the caller). */
  resolved?: readonly string[];
}

const WILDCARD = new Set(['0.0.0.0', '::', '']);

export function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** `7f00:1` (the URL parser's spelling of a mapped IPv4 address) as `127.0.0.1`; undefined for other shapes. */
function mappedHexToV4(hex: string): string | undefined {
  const groups = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(hex);
  if (!groups) return undefined;
  const [hi, lo] = [parseInt(groups[1], 16), parseInt(groups[2], 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** An address as one spelling: brackets and the IPv4-mapped IPv6 prefix removed, lower case. */
export function plainAddress(host: string): string {
  const h = unbracket(host).toLowerCase();
  const mapped = /^::ffff:(.+)$/.exec(h)?.[1];
  return mapped === undefined ? h : mapped.includes(':') ? (mappedHexToV4(mapped) ?? h) : mapped;
}

/**
 * Whether `host` is this machine for sure: `localhost` itself, 127.0.0.0/8 and ::1, with or without
 * brackets and in their IPv4-mapped forms (a URL's `[::ffff:7f00:1]`, a socket's `::ffff:127.0.0.1`).
 * Not `*.localhost`: Node resolves such names through DNS, which may answer anything.
 */
export function isLoopbackHost(host: string): boolean {
  const h = plainAddress(host);
  if (h === 'localhost' || h === '::1') return true;
  const octets = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  return !!octets && octets.slice(1).every((o) => Number(o) <= 255);
}

/** IPv4 blocks that are this machine or its own network, never the internet. */
const NOT_PUBLIC_V4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // unspecified: this machine
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared (carrier-grade NAT)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3], // multicast, reserved, broadcast
];

/**
 * Addresses that are this machine or its own network, never the internet: the IPv4 blocks above,
 * also written inside IPv6 (6to4 `2002::/16`, NAT64 `64:ff9b::/96`, the old IPv4-compatible
 * `::/96`; the IPv4-mapped form is read as IPv4 by `plainAddress`), and IPv6's own unspecified,
 * loopback, unique local, link-local and multicast.
 */
let notPublic: net.BlockList | undefined;

/** The list, built when first asked (every start of the command line loads this file; few runs ask). */
function notPublicList(): net.BlockList {
  notPublic ??= buildNotPublic();
  return notPublic;
}

function buildNotPublic(): net.BlockList {
  const list = new net.BlockList();
  for (const [address, prefix] of NOT_PUBLIC_V4) {
    list.addSubnet(address, prefix, 'ipv4');
    const [a, b, c, d] = address.split('.').map(Number);
    const hex = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
    list.addSubnet(`2002:${hex}::`, 16 + prefix, 'ipv6');
    list.addSubnet(`64:ff9b::${hex}`, 96 + prefix, 'ipv6');
    list.addSubnet(`::${hex}`, 96 + prefix, 'ipv6');
  }
  for (const [address, prefix] of [
    ['::', 127],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
  ] as const) {
    list.addSubnet(address, prefix, 'ipv6');
  }
  return list;
}

/** Whether an IP address (as a socket reports it, or written in a URL) is on the internet; undefined for a name. */
export function isPublicAddress(address: string): boolean | undefined {
  const plain = plainAddress(address);
  const family = net.isIP(plain);
  if (family === 0) return undefined;
  return !notPublicList().check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

function isLocalInterface(address: string): boolean {
  const a = plainAddress(address);
  return Object.values(os.networkInterfaces()).some((list) => (list ?? []).some((i) => i.address === a));
}

/** Whether host:port (as a socket connected to it reports it) is the service. */
export function isOwnTarget(host: string, port: number, own: OwnAddress): boolean {
  if (port !== own.port()) return false;
  const h = plainAddress(host);
  const ownHost = plainAddress(own.host);
  if (h === ownHost || (own.resolved ?? []).some((a) => plainAddress(a) === h)) return true;
  // A service on loopback or on every interface is reached through any loopback or local address.
  const ownLocal = WILDCARD.has(ownHost) || isLoopbackHost(ownHost) || (own.resolved ?? []).some(isLoopbackHost);
  return ownLocal && (isLoopbackHost(h) || (net.isIP(h) !== 0 && isLocalInterface(h)));
}
