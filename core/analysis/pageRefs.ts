// What a page links to and loads, read from the elements the walk kept (pageWalk.ts): its links
// (the page's own and others, social networks, new tabs without rel=noopener) and its resources
// (scripts, stylesheets, images, frames; blocking scripts, mixed content, images without alt).
// Functions of their own, each compiled on its own: one large reader took V8 longer to compile
// than a thousand pages took to read.
import type { HTMLElement } from 'node-html-parser';
import type { HtmlFacts, LinkRef } from './pageFacts';
import type { PlaceLists } from './places';

// l10n-exempt: the real service's names of social networks, keys of its record
const SOCIAL: Record<string, string> = {
  'twitter.com': 'Twitter',
  'x.com': 'Twitter',
  'facebook.com': 'Facebook',
  'instagram.com': 'Instagram',
  'youtube.com': 'YouTube',
  'linkedin.com': 'LinkedIn',
};
const SCHEME = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
// A path from the root in characters the URL parser keeps as they are, with no dot segment: it
// resolves to the base's origin and the path as written, without a URL object per link.
const PLAIN_PATH = /^\/(?![/\\])[\w\-~!$&'()*+,;=:@/.]*$/;

/** An attribute's value, trimmed; '' when absent. */
export function attr(el: HTMLElement, name: string): string {
  return (el.getAttribute(name) ?? '').trim();
}

export function push<T>(map: Record<string, T[]>, key: string, value: T): void {
  (map[key] ??= []).push(value);
}

/** Whitespace runs as one space, trimmed. */
export function text(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** Resolves hrefs against `base` as `new URL(href, base).href` does (as written when there is no base or it fails). */
export function resolverFor(base: string | undefined): (href: string) => string {
  if (base === undefined) return (href) => href;
  const b = new URL(base);
  const origin = b.username || b.password ? undefined : b.origin;
  return (href) => {
    if (origin !== undefined && PLAIN_PATH.test(href) && !href.includes('/.')) return origin + href;
    try {
      return new URL(href, base).href;
    } catch {
      return href;
    }
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

export interface LinkFacts {
  links: HtmlFacts['links'];
  social: Record<string, LinkRef[]>;
  unsafeLinks: string[];
}

/** The page's links (`<a href>`), its own and others, with the places of unsafe new tabs. */
export function readLinks(
  anchors: readonly HTMLElement[],
  url: string | undefined,
  resolve: (href: string) => string,
  textOf: (el: HTMLElement) => string,
  places: PlaceLists,
): LinkFacts {
  const origin = url === undefined ? undefined : new URL(url).origin;
  const links: HtmlFacts['links'] = {};
  const social: Record<string, LinkRef[]> = {};
  const unsafeLinks: string[] = [];
  for (const a of anchors) {
    const href = attr(a, 'href');
    if (!href || href.startsWith('#')) continue;
    const target = resolve(href);
    const ref = { url: target, text: text(textOf(a)) };
    const internal = origin === undefined ? !SCHEME.test(href) : target.startsWith(origin);
    // l10n-exempt: keys of the real service's record shape, not words for people
    push(links as Record<string, LinkRef[]>, internal ? 'Internals' : 'Externals', ref);
    if (internal) continue;
    const host = hostOf(target);
    if (SOCIAL[host]) push(social, SOCIAL[host], ref);
    const rel = attr(a, 'rel').toLowerCase();
    if (attr(a, 'target') === '_blank' && !/\bnoopener\b|\bnoreferrer\b/.test(rel)) {
      unsafeLinks.push(target);
      places.tag('unsafe_cross_origin_links', a);
    }
  }
  return { links, social, unsafeLinks };
}

export type ResourceFacts = Pick<HtmlFacts, 'requests' | 'mixedContent' | 'blockingScripts' | 'imagesWithoutAlt'>;

/** What the page loads, by kind, with the places of blocking scripts, mixed content and images without alt. */
export function readResources(
  tagged: (name: string) => readonly HTMLElement[],
  url: string | undefined,
  resolve: (href: string) => string,
  places: PlaceLists,
): ResourceFacts {
  const requests: Record<string, string[]> = {};
  const mixedContent: Record<string, string[]> = {};
  const https = url?.startsWith('https:') ?? false;
  const resource = (kind: string, el: HTMLElement, raw: string): void => {
    if (!raw) return;
    push(requests, kind, resolve(raw));
    if (https && raw.startsWith('http://')) {
      push(mixedContent, kind, raw);
      places.tag('mixed_content', el);
    }
  };
  const blockingScripts: string[] = [];
  for (const s of tagged('script')) {
    const src = attr(s, 'src');
    resource('JavaScripts', s, src);
    if (src && s.getAttribute('defer') === undefined && s.getAttribute('async') === undefined) {
      blockingScripts.push(resolve(src));
      places.tag('defer_javascript', s);
    }
  }
  for (const l of tagged('link')) if (/\bstylesheet\b/i.test(attr(l, 'rel'))) resource('CSS', l, attr(l, 'href'));
  const images = tagged('img');
  // l10n-exempt: keys of the real service's record shape, not words for people
  for (const i of images) resource('Images', i, attr(i, 'src'));
  // l10n-exempt: keys of the real service's record shape, not words for people
  for (const f of tagged('iframe')) resource('Iframes', f, attr(f, 'src'));
  const imagesWithoutAlt: LinkRef[] = [];
  for (const img of images) {
    if (!attr(img, 'src') || img.getAttribute('alt') !== undefined) continue;
    imagesWithoutAlt.push({ url: resolve(attr(img, 'src')), text: '' });
    places.tag('image_keywords', img);
  }
  return { requests, mixedContent, blockingScripts, imagesWithoutAlt };
}
