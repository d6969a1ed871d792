// How two URLs are "the same page" for the lookup of its latest report, the way the service
// compares them — one identity for lookups, report-all, lost-create recovery and the model. The rule:
//   - scheme and host are compared in lower case (they are case-insensitive; the path is not);
//   - an internationalised host is compared in its ASCII (punycode) form, so `bücher.example` =
//     `xn--bcher-kva.example`; non-ASCII in the path and query compares as its percent-encoding;
//   - percent-escapes compare in upper case (`%c3%a9` = `%C3%A9`, RFC 3986 §6.2.2.1);
//   - the scheme's default port is dropped (`https://a.test:443/` = `https://a.test/`);
//   - a trailing slash of the path is ignored (`/docs/` = `/docs`, and `https://a.test/` =
//     `https://a.test`);
//   - the fragment is dropped (it never reaches the server);
//   - the query is kept as written otherwise (order and case matter to many sites).
// http and https stay different pages: a site's http and https versions rate differently.
import { domainToUnicode } from 'node:url';

const ESCAPE = /%[0-9a-f]{2}/gi;

/**
 * A URL the parser would leave as it is written: lower-case http(s), a host of lower-case ASCII
 * labels whose last begins with a letter (so not an IPv4 address) and none punycode, no port or
 * user, then a path and a query of characters the parser neither escapes nor reads (no `%`, no `\`,
 * no space or quote), up to a fragment or the end. Nearly every URL written in a file is such;
 * reading its key from the text spares a URL parse (a few µs each, most of setting up 1,000
 * lookups). Anything else is parsed. A test holds both ways equal on a corpus of edge cases.
 */
const PLAIN_URL = /^(https?:\/\/(?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*)(\/[\w\-.~!$&'()*+,;=:@/]*)?(\?[\w\-.~!$&()*+,;=:@/?]*)?(?:#|$)/;
/** A `.` or `..` segment, which the parser resolves. */
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;

/** The comparison key of a URL, or undefined when it is not an absolute http(s) URL. */
export function urlKey(url: string): string | undefined {
  const plain = PLAIN_URL.exec(url);
  if (plain && !plain[1].includes('xn--') && !(plain[2] && DOT_SEGMENT.test(plain[2]))) {
    const path = plain[2] ? plain[2].replace(/\/+$/, '') : '';
    const query = plain[3] && plain[3].length > 1 ? plain[3] : '';
    return `${plain[1]}${path}${query}`;
  }
  return parsedKey(url);
}

/** urlKey by the URL parser: every URL. */
export function parsedKey(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.hostname) return undefined;
  // URL already lower-cases the scheme, turns the host into punycode, percent-encodes non-ASCII
  // in the path and query, and drops the default port. A host holds no `%`: upper-casing the
  // escapes of the whole key touches only the path and query.
  const pathname = parsed.pathname;
  const path = pathname.endsWith('/') ? pathname.replace(/\/+$/, '') : pathname;
  const key = `${parsed.protocol}//${parsed.host}${path}${parsed.search}`;
  return key.includes('%') ? key.replace(ESCAPE, upperCase) : key;
}

function upperCase(text: string): string {
  return text.toUpperCase();
}

/**
 * The host (with a port other than the default) of a key made by `urlKey`, read from its text: a
 * key is `scheme://host` then the path and query, so no parse is needed.
 */
export function hostOfKey(key: string): string {
  const start = key.indexOf('//') + 2;
  let end = start;
  while (end < key.length && key[end] !== '/' && key[end] !== '?') end++;
  return key.slice(start, end);
}

/** The host name (lower case, no port) of an http(s) URL, or undefined. */
export function hostOf(url: string): string | undefined {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.hostname || undefined : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The ways a service that keeps URLs as they were sent may have written `text` (a key without its
 * scheme, or a part of one: `host[:port][/path…]`): the host in Unicode and in punycode, the path
 * decoded and percent-encoded. The human form first (what people write and so what was likely
 * sent); one entry for a plain ASCII text; at most four.
 */
export function spellingsOf(text: string): string[] {
  const slash = text.indexOf('/');
  const host = slash < 0 ? text : text.slice(0, slash);
  const rest = slash < 0 ? '' : text.slice(slash);
  const colon = host.lastIndexOf(':');
  const name = colon < 0 ? host : host.slice(0, colon);
  const port = colon < 0 ? '' : host.slice(colon);
  const unicode = name.split('.').some((label) => label.startsWith('xn--')) ? domainToUnicode(name) : '';
  const hosts = unique([unicode ? `${unicode}${port}` : host, host]);
  const rests = unique([decoded(rest) || rest, rest]);
  return unique(hosts.flatMap((h) => rests.map((r) => `${h}${r}`)));
}

function decoded(path: string): string {
  if (!/%[0-9a-f]{2}/i.test(path)) return '';
  try {
    const text = decodeURI(path);
    // Only a decoding into readable text is another spelling (not one that yields blanks or controls).
    // eslint-disable-next-line no-control-regex -- control characters are what this refuses
    return /^[^\s\u0000-\u001f\u007f]*$/u.test(text) ? text : '';
  } catch {
    return '';
  }
}

function unique(texts: string[]): string[] {
  return [...new Set(texts)];
}
