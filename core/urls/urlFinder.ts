// Finds the web address a person means in editor text: the selection, or the http(s) URL under
// the cursor, inside Markdown links, quotes or angle brackets, without trailing punctuation.

const URL_PATTERN = /https?:\/\/[^\s<>"'`{}|\\^]+/gi;

/** Trailing characters that end a sentence or close a wrapper rather than belong to the URL. */
function trimUrl(candidate: string): string {
  let url = candidate;
  for (;;) {
    const last = url.at(-1);
    if (!last) return url;
    if ('.,;:!?*_~'.includes(last)) {
      url = url.slice(0, -1);
      continue;
    }
    // A closing bracket belongs to the URL only when the URL opened one (Wikipedia-style links).
    const pairs: Record<string, string> = { ')': '(', ']': '[' };
    const open = pairs[last];
    if (open && count(url, open) < count(url, last)) {
      url = url.slice(0, -1);
      continue;
    }
    return url;
  }
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

/** Every URL in `text` with its start and end offsets. */
export function findUrls(text: string): { url: string; start: number; end: number }[] {
  const found: { url: string; start: number; end: number }[] = [];
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = trimUrl(match[0]);
    if (/^https?:\/\/[^/?#]+/i.test(url)) found.push({ url, start: match.index ?? 0, end: (match.index ?? 0) + url.length });
  }
  return found;
}

/** The URL that covers `offset` in `line` (the cursor may sit just after its last character). */
export function urlAt(line: string, offset: number): string | undefined {
  return findUrls(line).find((u) => offset >= u.start && offset <= u.end)?.url;
}

/**
 * The URL a selection means: the selection itself when it is one URL (wrappers stripped), else the
 * first URL inside it; a bare host ("example.com/page") is returned as typed so validation can
 * suggest the scheme.
 */
export function urlInSelection(selection: string): string | undefined {
  const text = selection.trim();
  if (!text) return undefined;
  const urls = findUrls(text);
  if (urls.length) return urls[0].url;
  const bare = text.replace(/^[<("'`[]+|[>)"'`\]]+$/g, '');
  return bare && !/\s/.test(bare) ? bare : undefined;
}
