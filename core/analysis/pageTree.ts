// The page's tree as node-html-parser's `parse(html, PARSE_OPTIONS)` builds it — the same
// elements, text nodes, nesting, ranges and repairs of unclosed tags — for a third of its cost.
// The parser's own loop spends most of its time in what the analysis never reads: a class list
// (a Set and a closure), an id, a property defined per node, a pattern per tag for id and class,
// a dozen patterns per tag for its block-text test. Its markup pattern alone reads 1,000 pages in
// a tenth of the time its parse takes. The nodes built here take their methods and getters
// (`text`, `attrs`, `getAttribute`, …) from the parser's own classes, so every reader keeps the
// parser's meaning; pageTree.test.ts compares both trees over the test pages and generated ones.
import { HTMLElement, TextNode, parse } from 'node-html-parser';
import { ELEMENT_NODE, TEXT_NODE } from './nodeTypes';
import { CLOSED_BY_CLOSING, CLOSED_BY_CLOSING_EXCEPT, CLOSED_BY_OPENING } from './pageTreeRules';

// node-html-parser 9's markup patterns and its test for an unquoted value before `/>` (copied: it
// does not export them; the comparison test fails if a new version reads tags otherwise).
const MARKUP =
  /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][-.:0-9_a-zA-Z@\xB7\xC0-\xD6\xD8-\xF6\u00F8-\u03A1\u03A3-\u03D9\u03DB-\u03EF\u03F7-\u03FF\u0400-\u04FF\u0500-\u052F\u1D00-\u1D2B\u1D6B-\u1D77\u1D79-\u1D9A\u1E00-\u1E9B\u1F00-\u1F15\u1F18-\u1F1D\u1F20-\u1F45\u1F48-\u1F4D\u1F50-\u1F57\u1F59\u1F5B\u1F5D\u1F5F-\u1F7D\u1F80-\u1FB4\u1FB6-\u1FBC\u1FBE\u1FC2-\u1FC4\u1FC6-\u1FCC\u1FD0-\u1FD3\u1FD6-\u1FDB\u1FE0-\u1FEC\u1FF2-\u1FF4\u1FF6-\u1FFC\u2126\u212A-\u212B\u2132\u214E\u2160-\u2188\u2C60-\u2C7F\uA722-\uA787\uA78B-\uA78E\uA790-\uA7AD\uA7B0-\uA7B7\uA7F7-\uA7FF\uAB30-\uAB5A\uAB5C-\uAB5F\uAB64-\uAB65\uFB00-\uFB06\uFB13-\uFB17\uFF21-\uFF3A\uFF41-\uFF5A\x37F-\u1FFF\u200C-\u200D\u203F-\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]*)((?:\s+[^>]*?(?:(?:'[^']*')|(?:"[^"]*"))?)*)\s*(\/?)>/gu;
const MARKUP_WITH_CDATA =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<(\/?)([a-zA-Z][-.:0-9_a-zA-Z@\xB7\xC0-\xD6\xD8-\xF6\u00F8-\u03A1\u03A3-\u03D9\u03DB-\u03EF\u03F7-\u03FF\u0400-\u04FF\u0500-\u052F\u1D00-\u1D2B\u1D6B-\u1D77\u1D79-\u1D9A\u1E00-\u1E9B\u1F00-\u1F15\u1F18-\u1F1D\u1F20-\u1F45\u1F48-\u1F4D\u1F50-\u1F57\u1F59\u1F5B\u1F5D\u1F5F-\u1F7D\u1F80-\u1FB4\u1FB6-\u1FBC\u1FBE\u1FC2-\u1FC4\u1FC6-\u1FCC\u1FD0-\u1FD3\u1FD6-\u1FDB\u1FE0-\u1FEC\u1FF2-\u1FF4\u1FF6-\u1FFC\u2126\u212A-\u212B\u2132\u214E\u2160-\u2188\u2C60-\u2C7F\uA722-\uA787\uA78B-\uA78E\uA790-\uA7AD\uA7B0-\uA7B7\uA7F7-\uA7FF\uAB30-\uAB5A\uAB5C-\uAB5F\uAB64-\uAB65\uFB00-\uFB06\uFB13-\uFB17\uFF21-\uFF3A\uFF41-\uFF5A\x37F-\u1FFF\u200C-\u200D\u203F-\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]*)((?:\s+[^>]*?(?:(?:'[^']*')|(?:"[^"]*"))?)*)\s*(\/?)>/gu;
const UNQUOTED_VALUE_AT_END = /(?:^|\s)[^\s"'<>=/]+\s*=\s*[^\s"'<>`]+$/;
const NOT_SPACE = /\S/;

// The parser wraps the text in a tag of its own, so that text before the first tag and after the
// last is read as any other; every range is taken back by the wrapper's length.
const FRAME = 'documentfragmentcontainer';
const OPEN_FRAME = `<${FRAME}>`;
const CLOSE_FRAME = `</${FRAME}>`;
const OFFSET = OPEN_FRAME.length;

/** The parser's void tags (`area`, `br`, `img`, …, as written in lower or upper case). */
const VOID = (parse('') as unknown as { voidTag: { isVoidElement(tag: string): boolean } }).voidTag;
const NO_CHILDREN: never[] = [];

// Nodes of the parser's own classes, built without their constructors: what the constructors add
// (a class list, an id, the parse options) is read by no reader of the analysis. What every node of
// a kind shares is on the prototype, and a range is two numbers (an array only when read), so a
// node costs a few fields: a page has thousands.
/* eslint-disable @typescript-eslint/no-explicit-any -- fields the parser's classes declare private */
class TreeElement {
  childNodes: any[] = [];
  _attrs: any = undefined;
  _rawAttrs: any = undefined;
  constructor(
    public rawTagName: string | null,
    public rawAttrs: string,
    public start: number,
    public end: number,
    public parentNode: TreeElement | null,
  ) {}
  get range(): [number, number] {
    return [this.start, this.end];
  }
}
class TreeText {
  constructor(
    public _rawText: string,
    public start: number,
    public end: number,
    public parentNode: TreeElement,
  ) {}
  get range(): [number, number] {
    return [this.start, this.end];
  }
}
/* eslint-enable @typescript-eslint/no-explicit-any */
Object.setPrototypeOf(TreeElement.prototype, HTMLElement.prototype);
Object.setPrototypeOf(TreeText.prototype, TextNode.prototype);
Object.assign(TreeElement.prototype, { nodeType: ELEMENT_NODE, voidTag: VOID });
Object.assign(TreeText.prototype, { nodeType: TEXT_NODE, rawTagName: '', childNodes: NO_CHILDREN });

/** How the parser's `blockTextElements` option reads each tag: its content kept as text, or dropped. */
export type BlockText = Record<string, boolean>;

const blockTextTests = new WeakMap<BlockText, (tag: string) => boolean | undefined>();

/** The block-text test: names compared as the parser's `^name$` with the `i` flag compares them (ASCII). */
function blockTextTest(blockText: BlockText): (tag: string) => boolean | undefined {
  const known = blockTextTests.get(blockText);
  if (known) return known;
  const byName = new Map<string, { test: RegExp; keep: boolean }>();
  for (const [name, keep] of Object.entries(blockText)) {
    byName.set(name.toLowerCase(), { test: new RegExp(`^${name}$`, 'i'), keep });
  }
  const test = (tag: string): boolean | undefined => {
    const found = byName.get(tag.toLowerCase());
    return found && found.test.test(tag) ? found.keep : undefined;
  };
  blockTextTests.set(blockText, test);
  return test;
}

function append(parent: TreeElement, child: TreeElement | TreeText): void {
  child.parentNode = parent;
  parent.childNodes.push(child);
}

/** `parse(html, { comment: false, blockTextElements })` of node-html-parser, as its nodes. */
export function parseTree(html: string, blockText: BlockText): HTMLElement {
  const blockTextOf = blockTextTest(blockText);
  const hasCData = html.includes('<![CDATA[');
  const pattern = hasCData ? MARKUP_WITH_CDATA : MARKUP;
  const root = new TreeElement(null, '', 0, html.length, null);
  const stack: TreeElement[] = [root];
  let parent = root;
  let lastTextPos = -1;
  const data = OPEN_FRAME + html + CLOSE_FRAME;
  const dataEnd = data.length - CLOSE_FRAME.length;
  pattern.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(data))) {
    const matchText = match[0];
    let leadingSlash = match[1];
    const tagName = match[2];
    let attributes = match[3];
    let closingSlash = match[4];
    const tagEnd = pattern.lastIndex;
    const tagStart = tagEnd - matchText.length;
    if (closingSlash && !leadingSlash && UNQUOTED_VALUE_AT_END.test(attributes) && !VOID.isVoidElement(tagName)) {
      attributes += closingSlash;
      closingSlash = '';
    }
    if (lastTextPos > -1 && lastTextPos < tagStart) {
      append(parent, new TreeText(data.substring(lastTextPos, tagStart), lastTextPos - OFFSET, tagStart - OFFSET, parent));
    }
    lastTextPos = tagEnd;
    if (hasCData && matchText.startsWith('<![CDATA[')) {
      append(parent, new TreeText(matchText, tagStart - OFFSET, tagEnd - OFFSET, parent));
      continue;
    }
    if (tagName === FRAME || matchText.charCodeAt(1) === 33 /* ! */) continue;
    if (!leadingSlash) {
      if (!closingSlash) {
        while (parent.rawTagName !== null && CLOSED_BY_OPENING[parent.rawTagName]?.[tagName]) {
          stack.pop();
          parent = stack[stack.length - 1];
        }
      }
      const el = new TreeElement(tagName, attributes.slice(1), tagStart - OFFSET, tagEnd - OFFSET, parent);
      parent.childNodes.push(el);
      parent = el;
      stack.push(el);
      const keep = blockTextOf(tagName);
      if (keep !== undefined) {
        const close = `</${tagName}>`;
        const closeAt = data.indexOf(close, tagEnd);
        const textEnd = closeAt === -1 ? dataEnd : closeAt;
        if (keep) {
          const text = data.substring(tagEnd, textEnd);
          if (text.length > 0 && NOT_SPACE.test(text)) {
            append(el, new TreeText(text, tagEnd - OFFSET, textEnd - OFFSET, el));
          }
        }
        if (closeAt === -1) {
          lastTextPos = pattern.lastIndex = data.length + 1; // no further tag is read
        } else {
          lastTextPos = pattern.lastIndex = closeAt + close.length;
          leadingSlash = '/';
        }
      }
    }
    if (leadingSlash || closingSlash || VOID.isVoidElement(tagName)) {
      parent = closeTag(stack, parent, tagName, Math.max(lastTextPos, tagEnd) - OFFSET);
    }
  }
  repairUnclosed(stack);
  return root as unknown as HTMLElement;
}

/** The parser's reading of an end tag (or a void or self-closed one): what it closes. */
function closeTag(stack: TreeElement[], current: TreeElement, tagName: string, end: number): TreeElement {
  let parent = current;
  for (;;) {
    if (parent.rawTagName === tagName) {
      parent.end = end;
      stack.pop();
      return stack[stack.length - 1];
    }
    const upper = parent.rawTagName ? parent.rawTagName.toUpperCase() : parent.rawTagName;
    if (upper && CLOSED_BY_CLOSING[upper]?.[tagName]) {
      stack.pop();
      parent = stack[stack.length - 1];
      continue;
    }
    const open = parent.rawTagName ? parent.rawTagName.toLowerCase() : '';
    const except = CLOSED_BY_CLOSING_EXCEPT[open];
    if (except && stack.length > 1) {
      const container = stack[stack.length - 2];
      if (container.rawTagName && container.rawTagName.toLowerCase() === tagName.toLowerCase() && !except[tagName.toLowerCase()]) {
        parent.end = end;
        stack.pop();
        parent = stack[stack.length - 1];
        continue;
      }
    }
    return parent;
  }
}

function tagNameOf(el: TreeElement): string | null {
  return el.rawTagName ? el.rawTagName.toUpperCase() : el.rawTagName;
}

/**
 * `parse`'s repair of the elements left open at the end: their children move up a level. The
 * parser moves them one level at a time (999 unclosed tags over 140,000 nodes: seconds); here each
 * level hands on its runs of children, and every child is appended once, where it ends: the same
 * tree in one pass over the nodes. An element's own children stay first, then what came from above.
 */
function repairUnclosed(stack: TreeElement[]): void {
  const moved = new Map<TreeElement, TreeElement['childNodes'][]>();
  const take = (source: TreeElement) => {
    const runs = [source.childNodes, ...(moved.get(source) ?? [])];
    source.childNodes = [];
    moved.delete(source);
    return runs;
  };
  const give = (target: TreeElement, runs: TreeElement['childNodes'][]) => {
    const have = moved.get(target);
    if (have) for (const run of runs) have.push(run);
    else moved.set(target, runs);
  };
  while (stack.length > 1) {
    const last = stack.pop() as TreeElement;
    const oneBefore = stack[stack.length - 1];
    const parent = last.parentNode as TreeElement | null;
    if (!parent || !parent.parentNode) continue;
    // `last` is among oneBefore's own children, never among those moved into it (they come from deeper).
    oneBefore.childNodes = oneBefore.childNodes.filter((child) => child !== last);
    if (parent === oneBefore && tagNameOf(last) === tagNameOf(oneBefore)) {
      give(oneBefore.parentNode as TreeElement, take(last));
      stack.pop();
    } else {
      give(oneBefore, take(last));
    }
  }
  for (const [target, runs] of moved) for (const run of runs) for (const child of run) append(target, child);
}
