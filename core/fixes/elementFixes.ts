// The deterministic fixes of elements in the body: rel="noopener" on new-tab links to other
// origins, defer on render-blocking scripts, deprecated tags with an exact equivalent renamed.
// Each finds its elements as the check does (service/facts.ts), or takes the finding's places.
// A <center> is a snippet: a <div> with a class the person names and styles (a style attribute
// would fail the Inline CSS check instead).
import { quoteOf, snippetText } from './fileStyle';
import { tagAtPlace, tagsNamed, type FixText } from './fixText';
import type { FixAnswer, TextEdit, TextRange } from './fixTypes';
import { fixHint, fixRefused, fixTitle } from './fixWords';
import { attrValue, hasAttr, type Tag } from './htmlTags';
import { refuse } from './headFixes';

/** Edits of one fix, at most (a file with more such elements is fixed by hand or in parts). */
export const MAX_FIX_EDITS = 1_000;

const lastAttrEnd = (tag: Tag): number => (tag.attrs.length ? tag.attrs[tag.attrs.length - 1].end : tag.nameEnd);

/** The tags a fix works on: those at the finding's places, else every one that fails the check. */
function targets(ft: FixText, places: readonly TextRange[] | undefined, all: () => Tag[], fails: (t: Tag) => boolean): Tag[] | string {
  if (places?.length) {
    const tags: Tag[] = [];
    for (const place of places) {
      const tag = tagAtPlace(ft, place.start);
      if (!tag || !fails(tag)) return fixRefused.misplaced();
      if (tag.templated) return fixRefused.templated();
      tags.push(tag);
    }
    return tags;
  }
  if (!ft.complete) return fixRefused.unread();
  const tags = all().filter((t) => fails(t) && !t.templated);
  if (tags.length === 0) return fixRefused.notFound();
  return tags;
}

function answer(check: string, title: (n: number) => string, tags: Tag[] | string, edit: (t: Tag) => TextEdit[]): FixAnswer {
  if (typeof tags === 'string') return refuse(tags);
  const edits = tags.flatMap(edit).sort((a, b) => a.start - b.start);
  if (edits.length > MAX_FIX_EDITS) return refuse(fixRefused.tooMany(edits.length));
  return { fix: { check, title: title(tags.length), deterministic: true, edits } };
}

/** As the check: a link leaving the page's origin (without the page's URL, any absolute link). */
function otherOrigin(href: string, pageUrl: string | undefined): boolean {
  const base = pageUrl ?? 'https://page.invalid/';
  let origin: string;
  try {
    origin = new URL(base).origin;
  } catch {
    return false;
  }
  try {
    return !new URL(href, base).href.startsWith(origin);
  } catch {
    return !href.startsWith(origin);
  }
}

export function noopenerFix(ft: FixText, places?: readonly TextRange[]): FixAnswer {
  const text = ft.text;
  const unsafe = (a: Tag): boolean => {
    const href = (attrValue(text, a, 'href') ?? '').trim();
    if (a.name !== 'a' || !href || href.startsWith('#') || (attrValue(text, a, 'target') ?? '').trim() !== '_blank') return false;
    return otherOrigin(href, ft.options.pageUrl) && !/\bnoopener\b|\bnoreferrer\b/.test((attrValue(text, a, 'rel') ?? '').toLowerCase());
  };
  const tags = targets(ft, places, () => tagsNamed(ft, 'a'), unsafe);
  return answer('unsafe_cross_origin_links', fixTitle.noopener, tags, (a) => {
    const q = quoteOf(a, ft.style);
    const rel = a.attrs.find((x) => x.name === 'rel');
    if (!rel) return [{ start: lastAttrEnd(a), end: lastAttrEnd(a), newText: ` rel=${q}noopener${q}` }];
    if (rel.valueStart === undefined) return [{ start: rel.start, end: rel.end, newText: `rel=${q}noopener${q}` }];
    const value = text.slice(rel.valueStart, rel.valueEnd);
    if (rel.quote === '') return [{ start: rel.valueStart, end: rel.valueEnd!, newText: `${q}${value} noopener${q}` }];
    const glue = value === '' || /\s$/.test(value) ? '' : ' ';
    return [{ start: rel.valueEnd!, end: rel.valueEnd!, newText: `${glue}noopener` }];
  });
}

export function deferFix(ft: FixText, places?: readonly TextRange[]): FixAnswer {
  const text = ft.text;
  const blocking = (s: Tag): boolean =>
    s.name === 'script' &&
    (attrValue(text, s, 'src') ?? '').trim() !== '' &&
    !hasAttr(s, 'defer') &&
    !hasAttr(s, 'async') &&
    // A module is deferred already: `defer` would change nothing.
    (attrValue(text, s, 'type') ?? '').trim().toLowerCase() !== 'module';
  const tags = targets(ft, places, () => tagsNamed(ft, 'script'), blocking);
  return answer('defer_javascript', fixTitle.defer, tags, (s) => [{ start: lastAttrEnd(s), end: lastAttrEnd(s), newText: ' defer' }]);
}

/** Deprecated tags with an exact equivalent; the others (center, font…) are left to the person. */
const RENAMED: Record<string, string> = { strike: 'del', s: 'del', tt: 'code' };
const BY_HAND = new Set(['acronym', 'applet', 'basefont', 'big', 'center', 'dir', 'font', 'frame', 'frameset', 'isindex', 'noframes']);

/** Each start tag named in `names` paired with its end tag (undefined when it has none). */
function endTags(ft: FixText, names: (name: string) => boolean = (name) => name in RENAMED): Map<Tag, Tag | undefined> {
  const open: Record<string, Tag[]> = {};
  const pairs = new Map<Tag, Tag | undefined>();
  for (const tag of ft.tags) {
    if (!names(tag.name)) continue;
    if (!tag.closing) {
      (open[tag.name] ??= []).push(tag);
      pairs.set(tag, undefined);
    } else {
      const start = open[tag.name]?.pop();
      if (start) pairs.set(start, tag);
    }
  }
  return pairs;
}

export function deprecatedFix(ft: FixText, places?: readonly TextRange[]): FixAnswer {
  const byHand = places?.length
    ? places.some((p) => BY_HAND.has(tagAtPlace(ft, p.start)?.name ?? ''))
    : ft.tags.some((t) => BY_HAND.has(t.name));
  const renamed = places?.length ? places.filter((p) => !BY_HAND.has(tagAtPlace(ft, p.start)?.name ?? '')) : undefined;
  if (byHand && (renamed?.length === 0 || (!renamed && !ft.tags.some((t) => t.name in RENAMED)))) return centerFix(ft, places);
  const pairs = endTags(ft);
  const tags = targets(
    ft,
    renamed,
    () => [...pairs.keys()],
    (t) => t.name in RENAMED && !t.closing,
  );
  const rename = (tag: Tag): TextEdit => {
    const name = text(ft, tag);
    const to = RENAMED[tag.name];
    return { start: tag.nameStart, end: tag.nameEnd, newText: name === name.toUpperCase() ? to.toUpperCase() : to };
  };
  const found = answer('deprecated_html_tags', fixTitle.deprecated, tags, (t) => {
    const end = pairs.get(t);
    return end ? [rename(t), rename(end)] : [rename(t)];
  });
  return found.fix && byHand ? { fix: { ...found.fix, hint: fixHint.byHand() } } : found;
}

const text = (ft: FixText, tag: Tag): string => ft.text.slice(tag.nameStart, tag.nameEnd);

/**
 * A <center> (the one at the finding's place, else the first) as `<div class="center">…</div>`, the
 * class a tab stop to rename, its CSS left to the person (the hint says which); other tags by hand.
 */
function centerFix(ft: FixText, places?: readonly TextRange[]): FixAnswer {
  const pairs = endTags(ft, (name) => name === 'center');
  const at = places?.length ? tagAtPlace(ft, places[0].start) : [...pairs.keys()][0];
  const end = at && pairs.get(at);
  if (!at || at.name !== 'center' || !end || at.templated || end.templated || hasAttr(at, 'class')) return refuse(fixHint.byHand());
  const div = text(ft, at) === text(ft, at).toUpperCase() ? 'DIV' : 'div';
  const q = quoteOf(at, ft.style);
  const inner = snippetText(ft.text.slice(at.nameEnd, end.nameStart));
  const snippet = { start: at.nameStart, end: end.nameEnd, snippet: `${div} class=${q}\${1:center}${q}${inner}${div}` };
  return {
    fix: { check: 'deprecated_html_tags', title: fixTitle.center(), deterministic: false, edits: [], snippet, hint: fixHint.center() },
  };
}
