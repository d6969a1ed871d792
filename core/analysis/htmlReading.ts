// Reads one page's HTML as the real service does: the facts the checks look at, and where in the
// text each fact comes from (places.ts), in one parse. `url` is the page's address; without one,
// links are left as written and relative ones count as the page's own.
import type { HTMLElement } from 'node-html-parser';
import { parseTree } from './pageTree';
import type { HtmlFacts } from './pageFacts';
import { emailPlaces, PlaceLists, type Places } from './places';
import { TEXT_CONTENT_ELEMENTS } from './rawText';
import { walkPage, type PageWalk } from './pageWalk';
import { attr, push, readLinks, readResources, resolverFor, text } from './pageRefs';
import { emailsIn, textCounts, words } from './pageWords';

export { words } from './pageWords';
import { firstAttributes } from '../fixes/htmlTags';
import { TEXT_NODE } from './nodeTypes';

export interface HtmlReading {
  facts: HtmlFacts;
  /** the robots and googlebot meta tags' text (the answer's X-Robots-Tag joins it: facts.ts) */
  robotsMeta: string;
  /** per check key, the elements or text that make it fail, in the order met (capped: places.ts) */
  places: Places;
}

const DEPRECATED = new Set([
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
]);
// Raw-text elements' content is text, never tags (rawText.ts): kept as text, but a script's, a
// style's and a noscript's, which are no words of the page; `pre` is read as written.
const BLOCK_TEXT: Record<string, boolean> = {
  ...Object.fromEntries(TEXT_CONTENT_ELEMENTS.map((name) => [name, true])),
  script: false,
  style: false,
  noscript: false,
};
/** How the analysis parses a page (the benchmark's parse floor parses with the same). */
export const PARSE_OPTIONS = { comment: false, blockTextElements: BLOCK_TEXT };
/** The kept elements whose attributes the readers read (pageRefs.ts, the meta tags, <html lang>). */
const ATTRIBUTES_READ = ['html', 'meta', 'a', 'script', 'link', 'img', 'iframe'];
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const STYLE = /style/i;

/** Whether attributes may hold a style: a `y` first (no pattern run per element), then the pattern. */
function mayHaveStyle(attrs: string): boolean {
  return (attrs.includes('y') || attrs.includes('Y')) && STYLE.test(attrs);
}

/**
 * `el.text` (its decoded text): for an element of one text node (most headings and links), that
 * node's text, decoded only when it holds an entity, without the parser's walk and patterns.
 */
function textOf(el: HTMLElement): string {
  const only = el.childNodes.length === 1 ? el.childNodes[0] : undefined;
  if (only === undefined || only.nodeType !== TEXT_NODE) return el.text;
  const raw = only.rawText;
  return raw.includes('&') ? only.text : raw;
}

/**
 * A repeated attribute is read as browsers read it, the first (in any case), and as the quick
 * fixes read it (core/fixes/htmlTags.ts): the parser would take the last. Before any is read.
 */
function firstOnly(el: HTMLElement): void {
  if (el.rawAttrs) el.rawAttrs = firstAttributes(el.rawAttrs);
  // Read here, in one place, and kept by the parser: every later read finds them read, so V8
  // compiles the readers below without the parser's attribute reading in each (it took longer
  // to compile than to run).
  void el.attrs;
}

interface ElementFacts {
  walked: PageWalk;
  deprecatedTags: Record<string, number>;
  inlineCss: string[];
  headings: Record<string, string[]>;
}

/** The one walk of the page, with what it reads of every element: headings, deprecated tags, inline styles. */
function readElements(root: HTMLElement, places: PlaceLists): ElementFacts {
  const deprecatedTags: Record<string, number> = {};
  const inlineCss: string[] = [];
  const headings: Record<string, string[]> = {};
  const walked = walkPage(root, (el, tag) => {
    if (HEADINGS.has(tag)) {
      push(headings, tag, text(textOf(el)));
      if (tag === 'h1') places.whole('headings', el);
    }
    if (DEPRECATED.has(tag)) {
      deprecatedTags[tag] = (deprecatedTags[tag] ?? 0) + 1;
      places.tag('deprecated_html_tags', el);
    }
    if (tag !== 'svg' && mayHaveStyle(el.rawAttrs)) {
      firstOnly(el);
      const style = attr(el, 'style');
      if (style) {
        inlineCss.push(style);
        places.tag('inline_css', el);
      }
    }
  });
  return { walked, deprecatedTags, inlineCss, headings };
}

// Functions of their own, not closures made per page: V8 compiled each closure anew.
/** The first <meta name=…> of `metas` (names in any case). */
function metaTag(metas: HTMLElement[], name: string): HTMLElement | undefined {
  for (const el of metas) if (attr(el, 'name').toLowerCase() === name) return el;
  return undefined;
}

/** The content of the first <meta name=…>, whitespace collapsed; null when there is none or it is empty. */
function metaContent(metas: HTMLElement[], name: string): string | null {
  const el = metaTag(metas, name);
  return el ? text(attr(el, 'content')) || null : null;
}

/** Reads the facts and their places from `html`, the page at `url` (when known). */
export function readHtml(html: string, url: string | undefined): HtmlReading {
  const root = parseTree(html, BLOCK_TEXT);
  const places = new PlaceLists(html);
  const { walked, deprecatedTags, inlineCss, headings } = readElements(root, places);
  const { byTag } = walked;
  for (const name of ATTRIBUTES_READ) for (const el of byTag.get(name) ?? []) firstOnly(el);
  const tagged = (name: string): HTMLElement[] => byTag.get(name) ?? [];
  const metas = tagged('meta');
  const meta = (name: string): string | null => metaContent(metas, name);
  const htmlTag = tagged('html')[0];
  const head = tagged('head')[0] ?? htmlTag;
  const titles = tagged('title');
  // Joined by hand: a map-and-join made an empty list of another kind for a page without a title,
  // and V8 threw away and recompiled this whole function for it, once in every worker.
  let titleText = '';
  for (const t of titles) titleText += text(textOf(t));
  const title = titleText || null;
  for (const key of ['title', 'content_keywords']) {
    for (const t of titles) places.whole(key, t);
    if (titles.length === 0 && head) places.tag(key, head);
  }
  const body = tagged('body')[0] ?? root;
  if (!headings.h1 && body !== root) places.tag('headings', body);
  for (const key of ['meta_description', 'meta_viewport', 'charset']) if (head) places.tag(key, head);
  if (htmlTag) places.tag('language', htmlTag);
  const resolve = resolverFor(url);
  const { links, social, unsafeLinks } = readLinks(tagged('a'), url, resolve, textOf, places);
  const { requests, mixedContent, blockingScripts, imagesWithoutAlt } = readResources(tagged, url, resolve, places);
  const bodyText = walked.bodyText;
  const bodyLower = bodyText.toLowerCase();
  const counts = textCounts(bodyText, bodyLower);
  for (const name of ['robots', 'googlebot']) {
    const el = metaTag(metas, name);
    if (el) places.tag('noindex', el);
  }
  const robotsMeta = `${meta('robots') ?? ''} ${meta('googlebot') ?? ''}`;
  const charsetMeta = metas.find((m) => attr(m, 'charset') || /charset=/i.test(attr(m, 'content')));
  const charset = charsetMeta
    ? attr(charsetMeta, 'charset') || (/charset=([^;\s]+)/i.exec(attr(charsetMeta, 'content'))?.[1] ?? null)
    : null;
  const emails = emailsIn(bodyText);
  if (emails.length > 0) emailPlaces(body, places);
  return {
    facts: {
      title,
      titleCount: titles.length,
      description: meta('description'),
      headings,
      titleWords: words(title),
      bodyWordCount: counts.words,
      bodyTextLower: bodyLower,
      imagesWithoutAlt,
      links,
      lang: attr(htmlTag ?? root, 'lang') || null,
      viewport: meta('viewport'),
      charset: charset || null,
      requests,
      blockingScripts,
      domNodes: walked.elements,
      mixedContent,
      unsafeLinks,
      emails,
      social,
      inlineCss,
      deprecatedTags,
      textRatio: html.length ? Math.round((counts.collapsedLength / html.length) * 10000) / 100 : 0,
    },
    robotsMeta,
    places: places.lists,
  };
}
