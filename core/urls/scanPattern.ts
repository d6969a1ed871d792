// URL patterns for include/exclude: `*` is any run of characters (slashes included), `?` one
// character, everything else itself; a pattern is matched against the whole URL, and one that
// starts with `/` against the path and query only. Matched without regular expressions, in
// time bounded by pattern length × URL length (no backtracking blow-up on hostile input).

/** Whether `pattern` matches all of `text` (`*`: any run, `?`: any one character). */
export function globMatches(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (p < pattern.length && (pattern[p] === '?' || pattern[p] === text[t])) {
      p++;
      t++;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = t;
    } else if (star !== -1) {
      p = star + 1;
      t = ++resume;
    } else return false;
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}

/** Whether `url` matches `pattern` (a full-URL pattern, or a `/path` pattern). */
export function urlMatches(pattern: string, url: string): boolean {
  if (!pattern.startsWith('/')) return globMatches(pattern, url);
  try {
    const parsed = new URL(url);
    return globMatches(pattern, `${parsed.pathname}${parsed.search}`);
  } catch {
    return false;
  }
}
