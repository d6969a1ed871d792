// One walk of a parsed page, in document order: how many elements it has, the elements the checks
// read (by lower-case tag), and the page's text as node-html-parser's `structuredText` gives it
// once whitespace is collapsed (pageWords.ts) — without a second walk, a text getter per level, or the list of
// every element. The analysis costs about what the parse costs, so every pass over the tree counts.
import type { HTMLElement, Node, TextNode } from 'node-html-parser';

import { ELEMENT_NODE, TEXT_NODE } from './nodeTypes';

/** The elements the checks read (htmlReading.ts), kept by tag; every other element is only counted. */
const KEPT = new Set(['html', 'head', 'body', 'title', 'meta', 'a', 'script', 'link', 'img', 'iframe', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

// node-html-parser's block elements (its `kBlockElements`: these names, in lower or upper case,
// as written): its structuredText starts a new line at each, which the collapsed text reads as a space.
const BLOCK_NAMES = [
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup'],
  ...['details', 'dialog', 'dd', 'div', 'dt'],
  ...['fieldset', 'figcaption', 'figure', 'footer', 'form'],
  ...['table', 'td', 'tr'],
  ...['address', 'article', 'aside', 'blockquote', 'br', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'ul'],
];
const BLOCK = new Set([...BLOCK_NAMES, ...BLOCK_NAMES.map((n) => n.toUpperCase())]);
// The parser's own test of a text node that structuredText leaves out (TextNode.isWhitespace).
const WHITESPACE_ONLY = /^(\s|&nbsp;)*$/;
const AMPERSAND = 38;

/** Whether UTF-16 unit `c` is JavaScript's `\s`. */
function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * What structuredText takes of a text node, up to whitespace runs (one space and any run are alike
 * once collapsed): ' ' for one of whitespace (and `&nbsp;`) only, else its decoded text trimmed as
 * the parser trims it (`trimText`: one space kept at an edge whose whitespace meets the text with
 * other than a line break). The parser's getters decode and test every node with regular
 * expressions; most nodes have no entity, and edges that need no cut.
 */
function pieceOf(node: TextNode): string {
  const raw = node.rawText;
  const first = raw.charCodeAt(0);
  if (raw.length === 0 || ((isSpace(first) || first === AMPERSAND) && WHITESPACE_ONLY.test(raw))) return ' ';
  const text = raw.includes('&') ? node.text : raw;
  // The edges need cutting only where a line break meets the text: any other whitespace there
  // is kept as one space, which the collapsed text (pageWords.ts) makes of any run.
  let start = 0;
  while (start < text.length && isSpace(text.charCodeAt(start))) start++;
  if (start === text.length) return text;
  let end = text.length;
  while (isSpace(text.charCodeAt(end - 1))) end--;
  const from = start > 0 && !isLineSpace(text.charCodeAt(start - 1)) ? start : 0;
  const to = end < text.length && !isLineSpace(text.charCodeAt(end)) ? end : text.length;
  return from === 0 && to === text.length ? text : text.slice(from, to);
}

/** `[^\S\r\n]`: whitespace but a line break. */
function isLineSpace(c: number): boolean {
  return c !== 10 && c !== 13 && isSpace(c);
}

export interface PageWalk {
  /** elements under the root (as querySelectorAll('*') counts them) */
  elements: number;
  /** the KEPT elements by lower-case tag, in document order */
  byTag: Map<string, HTMLElement[]>;
  /**
   * The text under the first <body>, or under the root without one, as structuredText gives it
   * but for whitespace: its runs are left as they are (pageWords.ts reads the text as collapsed).
   */
  bodyText: string;
}

/**
 * Walks every node under `root` once. `visit` sees each element with its lower-case tag (for the
 * checks that look at every element: deprecated tags, inline styles). Recursive, as the parser's
 * own text getters are: the complexity caps (pageComplexity.ts) bound the depth before the parse.
 */
export function walkPage(root: HTMLElement, visit: (el: HTMLElement, tag: string) => void): PageWalk {
  // The pieces start with an empty one: a list of strings from its first write (an empty list
  // starts as one of small numbers, and V8 compiled the walk again once it held a string).
  const state: WalkState = { byTag: new Map(), pieces: [''], elements: 0, bodyStart: -1, bodyEnd: -1, visit };
  walkNode(root, state);
  const { pieces, bodyStart, bodyEnd } = state;
  const bodyText = bodyStart < 0 ? pieces.join('') : pieces.slice(bodyStart, bodyEnd).join('');
  return { elements: state.elements, byTag: state.byTag, bodyText };
}

interface WalkState {
  byTag: Map<string, HTMLElement[]>;
  /**
   * The text's pieces: each text node's trimmed text, a space for a block's edges and for a
   * whitespace-only node (structuredText's line breaks and `prependWhitespace`, once collapsed).
   */
  pieces: string[];
  elements: number;
  bodyStart: number;
  bodyEnd: number;
  visit: (el: HTMLElement, tag: string) => void;
}

// A function of its own (not a closure made per page, which V8 compiled again).
function walkNode(node: Node, state: WalkState): void {
  const children = node.childNodes;
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (child.nodeType === TEXT_NODE) {
      state.pieces.push(pieceOf(child as TextNode));
      continue;
    }
    if (child.nodeType !== ELEMENT_NODE) continue;
    const el = child as HTMLElement;
    state.elements++;
    const raw = el.rawTagName;
    const tag = raw.toLowerCase();
    if (KEPT.has(tag)) {
      const list = state.byTag.get(tag);
      if (list) list.push(el);
      else state.byTag.set(tag, [el]);
    }
    state.visit(el, tag);
    const block = BLOCK.has(raw);
    const first = tag === 'body' && state.bodyStart < 0;
    if (first) state.bodyStart = state.pieces.length;
    if (block) state.pieces.push(' ');
    walkNode(el, state);
    if (block) state.pieces.push(' ');
    if (first) state.bodyEnd = state.pieces.length;
  }
}
