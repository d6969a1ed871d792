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

/**
 * The group a search text is counted in: its first form up to the end of the host (scheme and
 * authority, and the '/', '?' or '#' after it), '' when it has no "://". Always a substring of `text`, so a needle found in the
 * group is found in every text of the group, and a search's total adds the group's count without
 * reading its reports (storeQuery.ts). A site's reports share one group.
 */
export function searchGroup(text: string): string {
  const first = text.split(SEPARATOR, 1)[0];
  const start = first.indexOf('://');
  if (start < 0) return '';
  const rest = first.slice(start + 3);
  const end = rest.search(/[/?#]/);
  // with the character that ends the host ("example.test/" is a common search too)
  return end < 0 ? first : first.slice(0, start + 3 + end + 1);
}
