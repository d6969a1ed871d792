// What the checks look at: the facts of one fetched page, extracted from its HTML and headers
// (or made up by the seed). Extraction follows the real service's reading of a page.
import { parse, type HTMLElement } from 'node-html-parser';

export interface LinkRef {
  url: string;
  text: string;
}

export interface PageFacts {
  /** the analysed URL, after redirects */
  url: string;
  status: number;
  title: string | null;
  titleCount: number;
  description: string | null;
  /** heading texts by tag (h1…h6), only the tags present */
  headings: Record<string, string[]>;
  /** lower-case words of the title and of the body text */
  titleWords: string[];
  bodyWords: string[];
  /** images with a src and no alt attribute */
  imagesWithoutAlt: LinkRef[];
  links: { Internals?: LinkRef[]; Externals?: LinkRef[] };
  lang: string | null;
  viewport: string | null;
  charset: string | null;
  /** the robots directive that says noindex (meta or X-Robots-Tag), else null */
  noindex: string | null;
  loadTimeMs: number;
  bytes: number;
  /** resources the page loads, by kind */
  requests: Record<string, string[]>;
  /** scripts with a src but neither defer nor async */
  blockingScripts: string[];
  domNodes: number;
  /** http: resources of an https page, by kind */
  mixedContent: Record<string, string[]>;
  serverHeader: string[];
  /** external links opening a new tab without rel=noopener/noreferrer */
  unsafeLinks: string[];
  emails: string[];
  social: Record<string, LinkRef[]>;
  inlineCss: string[];
  deprecatedTags: Record<string, number>;
  /** text characters as a percent of the HTML */
  textRatio: number;
  /** the probe URL that answered 404, or false */
  notFoundPage: string | false;
}

const DEPRECATED = [
  'acronym',
  'applet',
  'basefont',
  'big',
  'center',
  'dir',
  'font',
  'frame',
  'frameset',
  'isindex',
  'noframes',
  'strike',
  'tt',
];
const SOCIAL: Record<string, string> = {
  'twitter.com': 'Twitter',
  'x.com': 'Twitter',
  'facebook.com': 'Facebook',
  'instagram.com': 'Instagram',
  'youtube.com': 'YouTube',
  'linkedin.com': 'LinkedIn',
};
// Anchored and applied per word: an unanchored search is quadratic on long runs of letters.
const EMAIL = /^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,}$/;

function text(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

export function words(s: string | null): string[] {
  return (s ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .filter(Boolean);
}

function resolve(href: string, base: string): string {
  try {
    return new URL(href, base).href;
  } catch {
    return href;
  }
}

function push<T>(map: Record<string, T[]>, key: string, value: T): void {
  (map[key] ??= []).push(value);
}

export interface FetchedPage {
  url: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  html: string;
  responseTimeMs: number;
  bytes: number;
  notFoundPage?: string | false;
}

/** Extracts the facts from a fetched page. */
export function extractFacts(page: FetchedPage): PageFacts {
  const root = parse(page.html, { comment: false, blockTextElements: { script: false, style: false, noscript: false, pre: true } });
  const all = root.querySelectorAll('*');
  const attr = (el: HTMLElement, name: string): string => (el.getAttribute(name) ?? '').trim();
  const meta = (name: string): string | null => {
    for (const el of root.querySelectorAll('meta')) if (attr(el, 'name').toLowerCase() === name) return text(attr(el, 'content')) || null;
    return null;
  };
  const titles = root.querySelectorAll('title');
  const title = titles.map((t) => text(t.text)).join('') || null;
  const headings: Record<string, string[]> = {};
  for (const el of root.querySelectorAll('h1, h2, h3, h4, h5, h6')) push(headings, el.tagName.toLowerCase(), text(el.text));
  const origin = new URL(page.url).origin;
  const links: PageFacts['links'] = {};
  const social: Record<string, LinkRef[]> = {};
  const unsafeLinks: string[] = [];
  for (const a of root.querySelectorAll('a')) {
    const href = attr(a, 'href');
    if (!href || href.startsWith('#')) continue;
    const url = resolve(href, page.url);
    const ref = { url, text: text(a.text) };
    const internal = url.startsWith(origin);
    push(links as Record<string, LinkRef[]>, internal ? 'Internals' : 'Externals', ref);
    if (internal) continue;
    const host = (() => {
      try {
        return new URL(url).hostname.replace(/^www\./, '');
      } catch {
        return '';
      }
    })();
    if (SOCIAL[host]) push(social, SOCIAL[host], ref);
    const rel = attr(a, 'rel').toLowerCase();
    if (attr(a, 'target') === '_blank' && !/\bnoopener\b|\bnoreferrer\b/.test(rel)) unsafeLinks.push(url);
  }
  const requests: Record<string, string[]> = {};
  const mixedContent: Record<string, string[]> = {};
  const https = page.url.startsWith('https:');
  const resource = (kind: string, raw: string): void => {
    if (!raw) return;
    push(requests, kind, resolve(raw, page.url));
    if (https && raw.startsWith('http://')) push(mixedContent, kind, raw);
  };
  const blockingScripts: string[] = [];
  for (const s of root.querySelectorAll('script')) {
    const src = attr(s, 'src');
    resource('JavaScripts', src);
    if (src && s.getAttribute('defer') === undefined && s.getAttribute('async') === undefined) blockingScripts.push(resolve(src, page.url));
  }
  for (const l of root.querySelectorAll('link')) if (/\bstylesheet\b/i.test(attr(l, 'rel'))) resource('CSS', attr(l, 'href'));
  for (const i of root.querySelectorAll('img')) resource('Images', attr(i, 'src'));
  for (const f of root.querySelectorAll('iframe')) resource('Iframes', attr(f, 'src'));
  const imagesWithoutAlt = root
    .querySelectorAll('img')
    .filter((img) => attr(img, 'src') && img.getAttribute('alt') === undefined)
    .map((img) => ({ url: resolve(attr(img, 'src'), page.url), text: '' }));
  const deprecatedTags: Record<string, number> = {};
  for (const el of all) {
    const tag = el.tagName.toLowerCase();
    if (DEPRECATED.includes(tag)) deprecatedTags[tag] = (deprecatedTags[tag] ?? 0) + 1;
  }
  const body = root.querySelector('body') ?? root;
  const bodyText = text(body.structuredText ?? body.text);
  const robots = `${meta('robots') ?? ''} ${meta('googlebot') ?? ''} ${headerText(page.headers['x-robots-tag'])}`;
  const charsetMeta = root.querySelectorAll('meta').find((m) => attr(m, 'charset') || /charset=/i.test(attr(m, 'content')));
  const charset = charsetMeta
    ? attr(charsetMeta, 'charset') || (/charset=([^;\s]+)/i.exec(attr(charsetMeta, 'content'))?.[1] ?? null)
    : null;
  const server = headerText(page.headers['server']);
  return {
    url: page.url,
    status: page.status,
    title,
    titleCount: titles.length,
    description: meta('description'),
    headings,
    titleWords: words(title),
    bodyWords: words(bodyText),
    imagesWithoutAlt,
    links,
    lang: attr(root.querySelector('html') ?? root, 'lang') || null,
    viewport: meta('viewport'),
    charset: charset || null,
    noindex: /\b(noindex|none)\b/i.test(robots) ? text(robots) : null,
    loadTimeMs: page.responseTimeMs,
    bytes: page.bytes,
    requests,
    blockingScripts,
    domNodes: all.length,
    mixedContent,
    serverHeader: server ? [server] : [],
    unsafeLinks,
    emails: [
      ...new Set(
        bodyText
          .split(' ')
          .map((w) => w.replace(/[.,;:!?)]+$/, ''))
          .filter((w) => w.includes('@') && EMAIL.test(w)),
      ),
    ],
    social,
    inlineCss: all.filter((el) => el.tagName.toLowerCase() !== 'svg' && attr(el, 'style')).map((el) => attr(el, 'style')),
    deprecatedTags,
    textRatio: page.html.length ? Math.round((bodyText.length / page.html.length) * 10000) / 100 : 0,
    notFoundPage: page.notFoundPage ?? false,
  };
}

function headerText(v: string | string[] | undefined): string {
  return Array.isArray(v) ? v.join(', ') : (v ?? '');
}
