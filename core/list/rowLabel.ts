// The row of a page, in the reports tree and in URLs in Workspace alike: the score first (what a
// person scans for), then the page's path as the label, and its site for the row's description.
// Nothing is shortened here: VS Code cuts a row at its end to the side bar's width, so a wide side
// bar shows the whole path and the whole host (with its port). The whole URL is in the tooltip and
// the spoken label. Made plain: these are untrusted.
import { roundedScore } from '../checks/rating';
import { plainText } from '../text/plainText';

export interface PageRow {
  /** "81 · /news/launch-8"; the site itself for a site's home page ("93 · http://127.0.0.1:37613"). */
  label: string;
  /** "www.example.com" (https is the usual case, said by nothing), "http://127.0.0.1:37613"; none for a home page or a URL that is not http(s). */
  site?: string;
}

/** Scheme, then the authority up to the path: the text as written, never normalised by a URL parser. */
const WEB_URL = /^(https?):\/\/([^/?#]*)([\s\S]*)$/i;

export function pageRow(url: string, score: number | undefined): PageRow {
  const scored = (text: string) => (score === undefined ? text : `${roundedScore(score)} · ${text}`);
  const parts = WEB_URL.exec(url.length > 4000 ? url.slice(0, 4000) : url);
  if (!parts || parts[2] === '') return { label: scored(plainText(url)) };
  // `http://` stays: a page not served over https is worth noticing.
  const site = plainText(parts[1].toLowerCase() === 'https' ? parts[2] : `${parts[1]}://${parts[2]}`);
  const path = parts[3];
  if (path === '' || path === '/') return { label: scored(site) };
  return { label: scored(plainText(path)), site };
}
