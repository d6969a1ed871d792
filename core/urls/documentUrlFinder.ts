// Every http(s) URL of a whole document, fast: one regex pass over the text, then a trim of the
// characters that end a sentence or close a wrapper. Works the same for Markdown (links, autolinks),
// HTML/JSX attributes, sitemaps (`<loc>`), YAML/JSON strings, redirects files and plain text,
// because in all of them a URL ends at whitespace, a quote, an angle bracket or a brace.
// Offsets are UTF-16 offsets into the text, as editors count them.

export interface FoundUrl {
  /** The URL as it should be looked up (`&amp;` in HTML/XML decoded to `&`). */
  url: string;
  /** Offset of its first character. */
  start: number;
  /** Offset just after its last character. */
  end: number;
}

/** Characters a URL in a document never contains unescaped. */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`{}|\\^]+/gi;
/** A URL needs a host: something other than a path, query or fragment right after `//`. */
const HAS_HOST = /^https?:\/\/[^/?#]/i;
const TRAILING = '.,;:!?*_~';
const CLOSERS: Record<string, string> = { ')': '(', ']': '[' };

function countOf(text: string, char: string): number {
  let n = 0;
  for (let i = text.indexOf(char); i !== -1; i = text.indexOf(char, i + 1)) n++;
  return n;
}

/** The URL without trailing punctuation; a closing bracket stays when the URL opened one. */
export function trimUrl(candidate: string): string {
  let end = candidate.length;
  for (;;) {
    const last = candidate[end - 1];
    if (last === undefined) return '';
    if (TRAILING.includes(last)) {
      end--;
      continue;
    }
    const open = CLOSERS[last];
    if (open) {
      const head = candidate.slice(0, end);
      if (countOf(head, open) < countOf(head, last)) {
        end--;
        continue;
      }
    }
    return candidate.slice(0, end);
  }
}

/** Every http(s) URL in `text`, in document order, with offsets. */
export function findDocumentUrls(text: string): FoundUrl[] {
  const found: FoundUrl[] = [];
  URL_PATTERN.lastIndex = 0;
  for (let match = URL_PATTERN.exec(text); match; match = URL_PATTERN.exec(text)) {
    const raw = trimUrl(match[0]);
    if (!HAS_HOST.test(raw)) continue;
    const url = raw.includes('&amp;') ? raw.replace(/&amp;/g, '&') : raw;
    found.push({ url, start: match.index, end: match.index + raw.length });
  }
  return found;
}

/** The distinct URLs of `found`, first occurrence order. */
export function distinctUrls(found: readonly FoundUrl[]): string[] {
  return [...new Set(found.map((f) => f.url))];
}
