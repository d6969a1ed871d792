// The language most of a site's pages declare (`<html lang="…">`): what the fix of a page without
// `lang` writes when website-reports.json names no "lang". Only the head of each page is read, and
// only the `<html>` start tag in it, so the cost is bounded per page whatever the page holds.
import { isLangTag } from '../text/langTag';

/** Characters of a page's head read for its `<html lang>`. */
export const SITE_LANG_HEAD_CHARS = 4_096;
/** Pages of the site read at most to find the language most of them use. */
export const SITE_LANG_PAGES = 200;

/** The lang attribute's value, quoted or not. */
const LANG_ATTRIBUTE = /\blang\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;

/** The `lang` of the page's `<html>` start tag, if it declares a well-formed one. */
export function langOfHead(text: string): string | undefined {
  const head = text.slice(0, SITE_LANG_HEAD_CHARS);
  const start = head.search(/<html\b/i);
  if (start === -1) return undefined;
  const end = head.indexOf('>', start);
  const tag = head.slice(start, end === -1 ? head.length : end + 1);
  const found = LANG_ATTRIBUTE.exec(tag);
  const value = found?.[1] ?? found?.[2] ?? found?.[3];
  return isLangTag(value) ? value : undefined;
}

/** The language most pages declare (case-insensitively; the first seen wins a tie), if any does. */
export function mostCommonLang(langs: readonly (string | undefined)[]): string | undefined {
  const counts = new Map<string, { lang: string; n: number }>();
  for (const lang of langs) {
    if (!lang) continue;
    const key = lang.toLowerCase();
    const entry = counts.get(key) ?? { lang, n: 0 };
    entry.n++;
    counts.set(key, entry);
  }
  let best: { lang: string; n: number } | undefined;
  for (const entry of counts.values()) if (!best || entry.n > best.n) best = entry;
  return best?.lang;
}
