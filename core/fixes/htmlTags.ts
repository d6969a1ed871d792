// The tags of an HTML text, read once, forward and linear, for the quick fixes: each tag's name,
// attributes (with their offsets and quotes) and end. Comments, doctypes and the text of raw-text
// elements (core/analysis/rawText.ts, as the analyser reads them) are skipped, so a `<a` inside a
// script or a textarea is no link. A quote left open or a comment never closed ends the scan
// (`complete: false`): what follows is unsure, and no fix is made from it.
import { RAW_TEXT_ELEMENTS } from '../analysis/rawText';

/** Characters of a file scanned for elements, at most (a larger file gets no fix). */
export const MAX_FIX_SCAN_CHARS = 4 * 1024 * 1024;
/** Tags read, at most (the service analyses at most 150,000 elements). */
export const MAX_FIX_TAGS = 200_000;

export interface TagAttr {
  /** lower case */
  name: string;
  start: number;
  end: number;
  /** the value's range without its quotes; absent for an attribute without `=` */
  valueStart?: number;
  valueEnd?: number;
  quote: '"' | "'" | '';
  /** the name or value holds template syntax (`{{`, `{%`, `<%`, `${`, `{`) */
  templated: boolean;
}

export interface Tag {
  /** lower case */
  name: string;
  nameStart: number;
  nameEnd: number;
  start: number;
  /** after the `>` */
  end: number;
  closing: boolean;
  /** ends with `/>` */
  selfClosing: boolean;
  attrs: TagAttr[];
  /** template syntax between the attributes (`{{#if}}`, `{% if %}`): its attributes are unsure */
  templated: boolean;
  /** a raw-text element's (`<title>`, `<script>`) text: from `end` to this offset */
  rawEnd?: number;
}

export interface TagScan {
  tags: Tag[];
  /** false when the scan stopped early (a budget, an open quote, an unclosed comment) */
  complete: boolean;
}

const RAW_TEXT = new Set(RAW_TEXT_ELEMENTS);
const TEMPLATE = /\{|\}|<%|%>/;

const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
const isLetter = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');

/** Reads the start tag `<name …>` at `at` (text[at] is `<`); undefined when it is not closed. */
function startTag(text: string, at: number): Tag | undefined {
  let i = at + 1;
  while (i < text.length && !isSpace(text[i]) && text[i] !== '>' && text[i] !== '/') i++;
  const tag: Tag = {
    name: text.slice(at + 1, i).toLowerCase(),
    nameStart: at + 1,
    nameEnd: i,
    start: at,
    end: -1,
    closing: false,
    selfClosing: false,
    attrs: [],
    templated: TEMPLATE.test(text.slice(at + 1, i)),
  };
  for (;;) {
    while (i < text.length && isSpace(text[i])) i++;
    if (i >= text.length) return undefined;
    if (text[i] === '>') {
      tag.end = i + 1;
      return tag;
    }
    if (text[i] === '/' && text[i + 1] === '>') {
      tag.selfClosing = true;
      tag.end = i + 2;
      return tag;
    }
    if (text[i] === '/') {
      i++;
      continue;
    }
    const start = i;
    // `=` may start a name (an odd attribute), never a value without one.
    i++;
    while (i < text.length && !isSpace(text[i]) && text[i] !== '=' && text[i] !== '>' && text[i] !== '/') i++;
    const attr: TagAttr = { name: text.slice(start, i).toLowerCase(), start, end: i, quote: '', templated: false };
    let j = i;
    while (j < text.length && isSpace(text[j])) j++;
    if (text[j] === '=') {
      j++;
      while (j < text.length && isSpace(text[j])) j++;
      const q = text[j];
      if (q === '"' || q === "'") {
        const close = text.indexOf(q, j + 1);
        if (close < 0) return undefined;
        Object.assign(attr, { quote: q, valueStart: j + 1, valueEnd: close, end: close + 1 });
      } else {
        let k = j;
        while (k < text.length && !isSpace(text[k]) && text[k] !== '>') k++;
        Object.assign(attr, { valueStart: j, valueEnd: k, end: k });
      }
      i = attr.end;
    }
    attr.templated = TEMPLATE.test(text.slice(attr.start, attr.end));
    if (attr.templated) tag.templated = true;
    tag.attrs.push(attr);
  }
}

/** Every tag of `text` in order, within MAX_FIX_SCAN_CHARS and MAX_FIX_TAGS. */
export function scanTags(text: string): TagScan {
  const tags: Tag[] = [];
  if (text.length > MAX_FIX_SCAN_CHARS) return { tags, complete: false };
  let at = text.indexOf('<');
  while (at >= 0) {
    if (tags.length >= MAX_FIX_TAGS) return { tags, complete: false };
    let next: number;
    if (text.startsWith('<!--', at)) {
      const close = text.indexOf('-->', at + 4);
      if (close < 0) return { tags, complete: false };
      next = close + 3;
    } else if (text[at + 1] === '!' || text[at + 1] === '?') {
      const close = text.indexOf('>', at);
      if (close < 0) return { tags, complete: false };
      next = close + 1;
    } else if (text[at + 1] === '/' && isLetter(text[at + 2] ?? '')) {
      const close = text.indexOf('>', at);
      if (close < 0) return { tags, complete: false };
      let nameEnd = at + 2;
      while (nameEnd < close && !isSpace(text[nameEnd]) && text[nameEnd] !== '/') nameEnd++;
      const name = text.slice(at + 2, nameEnd).toLowerCase();
      tags.push({
        name,
        nameStart: at + 2,
        nameEnd,
        start: at,
        end: close + 1,
        closing: true,
        selfClosing: false,
        attrs: [],
        templated: false,
      });
      next = close + 1;
    } else if (isLetter(text[at + 1] ?? '')) {
      const tag = startTag(text, at);
      if (!tag) return { tags, complete: false };
      tags.push(tag);
      next = tag.end;
      if (RAW_TEXT.has(tag.name) && !tag.selfClosing) {
        // The element's text runs to its end tag, whatever it holds; searched once, forward.
        const closeTag = new RegExp(`</${tag.name}[\\s>/]`, 'ig');
        closeTag.lastIndex = tag.end;
        const close = closeTag.exec(text);
        if (!close) return { tags, complete: false };
        tag.rawEnd = close.index;
        next = close.index;
      }
    } else {
      next = at + 1;
    }
    at = text.indexOf('<', next);
  }
  return { tags, complete: true };
}

/**
 * `raw` (the attributes of a start tag, as written after its name) with every attribute whose
 * name (in any case) came before left out: a browser reads the first of a repeated attribute, so
 * `target=_blank REL=noopener rel=x` is `target=_blank REL=noopener`. `raw` itself when nothing
 * repeats or its quotes do not close (the analyser reads these, so it reads attributes as this reader does).
 */
export function firstAttributes(raw: string): string {
  if (!repeatsName(raw)) return raw;
  return firstOfEach(raw);
}

/** firstAttributes without the shortcut (the tests hold the two alike). */
export function firstOfEach(raw: string): string {
  const tag = startTag(`<x ${raw}>`, 0);
  if (!tag) return raw;
  const seen = new Set<string>();
  const kept = tag.attrs.filter((a) => !seen.has(a.name) && seen.add(a.name));
  return kept.length === tag.attrs.length ? raw : kept.map((a) => raw.slice(a.start - 3, a.end - 3)).join(' ');
}

/** Names compared in a list before they go into a set. */
const FEW_NAMES = 16;

/**
 * Whether startTag, reading `raw` as the attributes of a tag, would meet a name twice (in any case):
 * its loop, names only, with no object per attribute. False where it would give up (an open
 * quote) or stop (a `>`) before a repeat: firstOfEach then gives `raw` back as it is too.
 */
function repeatsName(raw: string): boolean {
  // A few names are compared in a list; a tag of thousands (a hostile page) gets a set, so the
  // pass stays linear in the attributes.
  const names: string[] = [];
  let many: Set<string> | undefined;
  let i = 0;
  for (;;) {
    while (i < raw.length && isSpace(raw[i])) i++;
    if (i >= raw.length || raw[i] === '>') return false;
    if (raw[i] === '/') {
      i++;
      continue;
    }
    const start = i;
    i++;
    while (i < raw.length && !isSpace(raw[i]) && raw[i] !== '=' && raw[i] !== '>' && raw[i] !== '/') i++;
    const name = raw.slice(start, i).toLowerCase();
    if (many) {
      if (many.has(name)) return true;
      many.add(name);
    } else {
      if (names.includes(name)) return true;
      names.push(name);
      if (names.length > FEW_NAMES) many = new Set(names);
    }
    let j = i;
    while (j < raw.length && isSpace(raw[j])) j++;
    if (raw[j] !== '=') continue;
    j++;
    while (j < raw.length && isSpace(raw[j])) j++;
    const q = raw[j];
    if (q === '"' || q === "'") {
      const close = raw.indexOf(q, j + 1);
      if (close < 0) return false;
      i = close + 1;
    } else {
      while (j < raw.length && !isSpace(raw[j]) && raw[j] !== '>') j++;
      i = j;
    }
  }
}

/** The value of a tag's first attribute named `name`, or undefined when absent or valueless. */
export function attrValue(text: string, tag: Tag, name: string): string | undefined {
  const attr = tag.attrs.find((a) => a.name === name);
  return attr?.valueStart === undefined ? undefined : text.slice(attr.valueStart, attr.valueEnd);
}

export function hasAttr(tag: Tag, name: string): boolean {
  return tag.attrs.some((a) => a.name === name);
}
