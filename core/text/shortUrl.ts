// A URL as a row shows it at a side bar's width: the scheme of an https address dropped (it is
// the usual case; `http://` stays, it is worth noticing), and a long rest shortened in the middle
// so both the host and the page's own name stay in view. The whole URL is in the row's tooltip.

/** Characters of a row's URL at most: a side bar at its default width shows about 27 after the score. */
export const ROW_URL_CHARS = 26;
/** Characters of the head kept at most beside the host, so the path's end keeps its share. */
const MIN_TAIL_CHARS = 8;

export function shortUrl(url: string, max = ROW_URL_CHARS): string {
  const text = url.replace(/^https:\/\//i, '');
  // Code points, so an astral character is never cut in half.
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const hostEnd = chars.indexOf('/');
  const host = hostEnd === -1 ? chars.length : hostEnd + 1;
  // The host and its slash when they fit, at least half; the rest of the room to the end.
  const head = Math.max(Math.min(host, max - 1 - MIN_TAIL_CHARS), Math.ceil((max - 1) / 2));
  const tail = max - 1 - head;
  return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - tail).join('')}`;
}
