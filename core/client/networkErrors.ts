// What a failed connection says, read once for every reader of the network (the service's client,
// a site's files, a preview): the code of the error or of its causes (undici wraps Node's), and in
// words for people. A proxy that refuses a tunnel (407 wants credentials, 403 forbids the address)
// is told by undici only in its message; it is named here, so a user behind a proxy learns that
// the proxy said no, not that the address is wrong.
import * as l10n from '@vscode/l10n';

/** `error` and its causes (undici wraps Node's errors, and ours), the outermost first. */
function chainOf(error: unknown): object[] {
  const chain: object[] = [];
  for (let current: unknown = error; chain.length < 5 && current && typeof current === 'object'; ) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/** The first code of `error` or its causes; undici's generic "aborted" says nothing and is passed over. */
export function errorCode(error: unknown): string | undefined {
  for (const link of chainOf(error)) {
    const code = (link as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR_ABORTED') return code;
  }
  return undefined;
}

/** Whether `error` or one of its causes has `code` (our own refusals: the service's address, the local network). */
export function hasErrorCode(error: unknown, code: string): boolean {
  return chainOf(error).some((link) => (link as { code?: unknown }).code === code);
}

/** undici's words when a proxy answers CONNECT with another status than 200. */
const TUNNEL_REFUSED = /^Proxy response \((\d{3})\) !== 200 when HTTP Tunneling$/;

/** The status a proxy refused a tunnel with, when that is what `error` (or a cause) is. */
export function proxyRefusal(error: unknown): number | undefined {
  for (const link of chainOf(error)) {
    const message = (link as { message?: unknown }).message;
    const match = typeof message === 'string' ? TUNNEL_REFUSED.exec(message) : null;
    if (match) return Number(match[1]);
  }
  return undefined;
}

/** Through a proxy the client connects only to the proxy: these failures are the proxy's. */
const CONNECT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * What the proxy did, in words, when `error` is its doing: it refused the tunnel, or (`viaProxy`:
 * the request went through one) it could not be connected to.
 */
export function proxyReason(error: unknown, viaProxy = false): string | undefined {
  const refused = proxyRefusal(error);
  if (refused === 407) return l10n.t('the proxy asks for credentials (HTTP 407); put them in the proxy address');
  if (refused !== undefined) return l10n.t('the proxy refused to connect to it (HTTP {0})', refused);
  const code = viaProxy ? errorCode(error) : undefined;
  return code !== undefined && CONNECT_CODES.has(code) ? l10n.t('the proxy could not be reached ({0})', code) : undefined;
}

/** Why a connection to the report service failed, in words, when it is known; called when needed (the words depend on the display language). */
export function networkReason(error: unknown, viaProxy = false): string | undefined {
  const code = errorCode(error);
  return proxyReason(error, viaProxy) ?? (code === undefined ? undefined : codeReason(code));
}

function codeReason(code: string): string | undefined {
  switch (code) {
    case 'ECONNREFUSED':
      return l10n.t('the connection was refused (is the service running?)');
    case 'ECONNRESET':
      return l10n.t('the connection was reset');
    case 'ENOTFOUND':
      return l10n.t('the host name could not be found');
    case 'EAI_AGAIN':
      return l10n.t('the host name could not be looked up');
    case 'EHOSTUNREACH':
      return l10n.t('the host is unreachable');
    case 'ENETUNREACH':
      return l10n.t('the network is unreachable');
    case 'EPIPE':
      return l10n.t('the connection was closed while sending');
    case 'UND_ERR_SOCKET':
      return l10n.t('the connection was closed before the answer was complete');
    case 'UND_ERR_CLOSED':
      return l10n.t('the connection was closed');
    case 'CERT_HAS_EXPIRED':
      return l10n.t("the server's TLS certificate has expired");
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
      return l10n.t("the server's TLS certificate is self-signed");
    case 'SELF_SIGNED_CERT_IN_CHAIN':
      return l10n.t("the server's TLS certificate chain is not trusted");
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
      return l10n.t("the server's TLS certificate could not be verified");
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return l10n.t("the server's TLS certificate is for another host");
    default:
      return undefined;
  }
}
