// The text a URL search looks in: one URL identity written every way a client may search for it.
// A host may be written in Unicode (bücher.example) or punycode (xn--bcher-kva.example), and a
// path as typed (straße) or percent-encoded (stra%C3%9Fe); a search in any of these forms, in any
// case, finds the URL.
import { domainToUnicode } from 'node:url';

/** Separates the forms; no URL holds a line break (the URL parser removes them). */
const SEPARATOR = '\n';

/**
 * The lower-cased forms of `url`, one per line: as stored, as the URL parser writes it (punycode
 * host, percent-encoded path), and that with the host in Unicode. Lower case makes the search,
 * and so percent-encoding, case-insensitive.
 */
export function searchText(url: string): string {
  const forms = new Set([url.toLowerCase()]);
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    // not a URL the parser reads (an imported record): searched as stored
  }
  if (parsed) {
    forms.add(parsed.href.toLowerCase());
    const unicodeHost = domainToUnicode(parsed.hostname);
    if (unicodeHost && unicodeHost !== parsed.hostname) {
      const auth = parsed.username || parsed.password ? `${parsed.username}${parsed.password ? `:${parsed.password}` : ''}@` : '';
      const port = parsed.port ? `:${parsed.port}` : '';
      forms.add(`${parsed.protocol}//${auth}${unicodeHost}${port}${parsed.pathname}${parsed.search}${parsed.hash}`.toLowerCase());
    }
  }
  return [...forms].join(SEPARATOR);
}
