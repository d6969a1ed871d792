// The one URL finder, for the editor and the command line alike: every http(s) URL of a text in one
// pass, then a trim of the characters that end a sentence or close a wrapper. Works the same for
// Markdown (links, autolinks), HTML/JSX attributes, sitemaps (`<loc>`), YAML/JSON strings,
// redirects files and plain text, because in all of them a URL ends at whitespace, a quote, an
// angle bracket or a brace. XML vocabulary identifiers (namespaces, schemas, DTDs) are not pages
// and are left out (notPages.ts). The URL under the cursor is the finder's match that holds it; a
// selection is read by the same finder. Linear in the text, whatever it holds: every character is
// looked at a bounded number of times. Offsets are UTF-16 offsets into the text, as editors count.
import { opensVocabularyIdentifier } from './notPages';

export interface FoundUrl {
  /** The URL as it should be looked up (`&amp;` in HTML/XML decoded to `&`). */
  url: string;
  /** Offset of its first character. */
  start: number;
  /** Offset just after its last character. */
  end: number;
}

/** Where a URL starts; its end is found by urlEnd, a plain scan (a regex's `[…]+` over a 10 MB run
 * keeps a backtracking entry per character and can overflow the stack). */
const URL_START = /\bhttps?:\/\//gi;
/** ASCII that ends a URL: what a URL in a document never contains unescaped, and white space. */
const ENDS_URL = new Uint8Array(128);
for (const c of '<>"\'`{}|\\^ \t\n\v\f\r') ENDS_URL[c.charCodeAt(0)] = 1;
/** White space as `\s` knows it. */
const SPACE = /\s/;

/** The offset just after the run of URL characters that begins at `from`. */
function urlEnd(text: string, from: number): number {
  let i = from;
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // White space ends it, as `\s` knows it (other control characters do not: made visible where shown).
    if (code < 0x80 ? ENDS_URL[code] === 1 : SPACE.test(text[i])) break;
  }
  return i;
}
/** A URL needs a host: something other than a path, query or fragment right after `//`. */
const HAS_HOST = /^https?:\/\/[^/?#]/i;
/** Characters that end a sentence or close emphasis rather than belong to the URL: . , ; : ! ? * _ ~ */
const TRAILING = new Set([0x2e, 0x2c, 0x3b, 0x3a, 0x21, 0x3f, 0x2a, 0x5f, 0x7e]);
const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;
const OPEN_SQUARE = 0x5b;
const CLOSE_SQUARE = 0x5d;

/**
 * The URL without trailing punctuation; a closing bracket stays when the URL opened one
 * (Wikipedia-style links). The brackets are counted once (only when the URL ends with one) and
 * the counts kept as the end moves back, so a run of any length of `)`, `]` or `.)` costs its
 * length, not its square.
 */
export function trimUrl(candidate: string): string {
  let end = candidate.length;
  while (end > 0 && TRAILING.has(candidate.charCodeAt(end - 1))) end--;
  const last = candidate.charCodeAt(end - 1);
  if (last !== CLOSE_PAREN && last !== CLOSE_SQUARE) return candidate.slice(0, end);
  // Openers minus closers of each kind, in the URL up to `end`.
  let parens = 0;
  let squares = 0;
  for (let i = 0; i < end; i++) {
    const c = candidate.charCodeAt(i);
    if (c === OPEN_PAREN) parens++;
    else if (c === CLOSE_PAREN) parens--;
    else if (c === OPEN_SQUARE) squares++;
    else if (c === CLOSE_SQUARE) squares--;
  }
  for (; end > 0; end--) {
    const c = candidate.charCodeAt(end - 1);
    if (TRAILING.has(c)) continue;
    // More closers than openers: this closer closes a wrapper around the URL.
    if (c === CLOSE_PAREN && parens < 0) parens++;
    else if (c === CLOSE_SQUARE && squares < 0) squares++;
    else break;
  }
  return candidate.slice(0, end);
}

/** Every http(s) URL in `text`, in text order, with offsets. */
export function findUrls(text: string): FoundUrl[] {
  const found: FoundUrl[] = [];
  const pattern = new RegExp(URL_START);
  // The next `"` and `'` at or after the last place looked from (-1: none), so that finding the
  // end of quoted values never reads the same characters twice.
  const nextQuote: Record<string, number> = { '"': 0, "'": 0 };
  const quoteAfter = (quote: string, from: number): number => {
    const known = nextQuote[quote];
    if (known === -1 || known >= from) return known;
    return (nextQuote[quote] = text.indexOf(quote, from));
  };
  let skipUntil = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = match.index;
    const end = urlEnd(text, pattern.lastIndex);
    if (end === pattern.lastIndex) continue; // nothing after `//`
    pattern.lastIndex = end;
    if (start < skipUntil) continue;
    const raw = trimUrl(text.slice(start, end));
    if (!HAS_HOST.test(raw)) continue;
    if (opensVocabularyIdentifier(text, start)) {
      // The rest of the quoted value too: a schemaLocation holds pairs of addresses.
      skipUntil = quoteAfter(text[start - 1], pattern.lastIndex);
      continue;
    }
    const url = raw.includes('&amp;') ? raw.replace(/&amp;/g, '&') : raw;
    found.push({ url, start, end: start + raw.length });
  }
  return found;
}

/** The URL of `found` (in text order) that covers `offset`; the cursor may sit just after its last character. */
export function urlContaining(found: readonly FoundUrl[], offset: number): FoundUrl | undefined {
  let low = 0;
  let high = found.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (found[mid].end < offset) low = mid + 1;
    else high = mid;
  }
  const hit = found[low];
  return hit && hit.start <= offset ? hit : undefined;
}

/** The URL under the cursor at `offset` of `text` (the whole document: the same answer as the finder's). */
export function urlAt(text: string, offset: number): string | undefined {
  return urlContaining(findUrls(text), offset)?.url;
}

/**
 * The URL a selection means: the first URL the finder finds in it (wrappers and punctuation
 * trimmed, `&amp;` decoded); a bare host ("example.com/page") is returned as typed so validation
 * can suggest the scheme.
 */
export function urlInSelection(selection: string): string | undefined {
  const text = selection.trim();
  if (!text) return undefined;
  const [first] = findUrls(text);
  if (first) return first.url;
  const bare = text.replace(/^[<("'`[]+|[>)"'`\]]+$/g, '');
  return bare && !/\s/.test(bare) ? bare : undefined;
}

/** The distinct URLs of `found`, first occurrence order. */
export function distinctUrls(found: readonly FoundUrl[]): string[] {
  return [...new Set(found.map((f) => f.url))];
}
