// A cheap look at a page before it is parsed: how many elements it has and how deep they nest,
// counted in one linear pass that follows node-html-parser's rules for implied and ignored end
// tags. Parsing and fact extraction grow with depth × size (an unclosed tag nests everything
// after it), so a page past these caps is refused at once instead of analysed for minutes.
// An estimate, not a parser: what slips past it still meets the analysis time limit.

import { CLOSED_BY_CLOSING, CLOSED_BY_CLOSING_EXCEPT, CLOSED_BY_OPENING } from './pageTreeRules';
import { TEXT_CONTENT_ELEMENTS } from './rawText';

/** Elements a page may have. A page of 2 MiB holds at most about 500,000 (`<a>` at 4 bytes). */
export const MAX_ELEMENTS = 150_000;
/** How deep elements may nest (browsers show far deeper pages badly; real pages stay under 100). */
export const MAX_NESTING_DEPTH = 1_000;

/**
 * Bytes (UTF-8) of HTML a local analysis takes; the service fetches no more of a page (its
 * fetch cuts there, analyze.ts), so both see at most the same.
 */
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;

export interface PageCaps {
  maxElements: number;
  maxDepth: number;
  /** checked by the local analysis; the service's fetch holds its pages to it */
  maxBytes: number;
}

export const PAGE_CAPS: PageCaps = { maxElements: MAX_ELEMENTS, maxDepth: MAX_NESTING_DEPTH, maxBytes: MAX_PAGE_BYTES };

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** Elements whose content is text up to their end tag, as the analysis parses them. */
const TEXT_CONTENT = new Set(TEXT_CONTENT_ELEMENTS);
// The parser's tables for implied and ignored end tags are pageTreeRules.ts's: looked up as the
// parser looks them up (a name every object has, `constructor`, finds what it finds there too).

const NAME_START = /[A-Za-z]/;
const NAME_END = /[\s/>]/;

export interface Complexity {
  elements: number;
  /** the deepest nesting seen, in elements */
  depth: number;
}

/**
 * Counts elements and nesting of `html` in one pass, stopping as soon as a cap is passed (the
 * counts are then just past it). Linear: every character is looked at a bounded number of times.
 */
export function measureComplexity(html: string, caps: PageCaps = PAGE_CAPS): Complexity {
  const stack: string[] = [];
  let elements = 0;
  let depth = 0;
  let i = 0;
  const n = html.length;
  while (i < n && elements <= caps.maxElements && depth <= caps.maxDepth) {
    const lt = html.indexOf('<', i);
    if (lt < 0 || lt + 1 >= n) break;
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      if (end < 0) break;
      i = end + 3;
      continue;
    }
    const closing = html[lt + 1] === '/';
    const nameStart = closing ? lt + 2 : lt + 1;
    if (!NAME_START.test(html[nameStart] ?? '')) {
      i = lt + 1;
      continue;
    }
    let nameEnd = nameStart + 1;
    while (nameEnd < n && !NAME_END.test(html[nameEnd])) nameEnd++;
    const gt = html.indexOf('>', nameEnd);
    if (gt < 0) break; // no tag ends after this: the rest is text
    const name = html.slice(nameStart, nameEnd).toLowerCase();
    i = gt + 1;
    if (closing) {
      close(stack, name);
      continue;
    }
    elements++;
    const selfClosing = html[gt - 1] === '/';
    if (selfClosing || VOID.has(name)) continue;
    while (stack.length > 0 && CLOSED_BY_OPENING[stack[stack.length - 1]]?.[name]) stack.pop();
    stack.push(name);
    depth = Math.max(depth, stack.length);
    if (TEXT_CONTENT.has(name)) {
      const endTag = `</${html.slice(nameStart, nameEnd)}>`;
      const end = html.indexOf(endTag, i);
      stack.pop();
      if (end < 0) break;
      i = end + endTag.length;
    }
  }
  return { elements, depth };
}

function close(stack: string[], name: string): void {
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top === name) {
      stack.pop();
      return;
    }
    if (CLOSED_BY_CLOSING[top.toUpperCase()]?.[name]) {
      stack.pop();
      continue;
    }
    if (top === 'p' && stack.length > 1 && stack[stack.length - 2] === name && !CLOSED_BY_CLOSING_EXCEPT.p[name]) {
      stack.pop();
      continue;
    }
    return; // an end tag with no open element of its name is ignored, as the parser does
  }
}

/** Why the HTML is too large for a local analysis, in words for people; undefined when within the cap. */
export function sizeProblem(html: string, caps: PageCaps = PAGE_CAPS): string | undefined {
  // Each UTF-16 unit is at most 3 UTF-8 bytes: only a text that may be past the cap is measured.
  if (html.length * 3 <= caps.maxBytes || Buffer.byteLength(html, 'utf8') <= caps.maxBytes) return undefined;
  // l10n-exempt: an analysis's reason: the service's English answer (a surface words its own)
  return `too large: more than ${(caps.maxBytes / 1024 / 1024).toLocaleString('en-US')} MiB`;
}

/**
 * Whether `html` has at most `cap` start tags (`<` and a letter): then it has at most that many
 * elements, nested at most that deep, and the pass of measureComplexity can say nothing more.
 * Most pages are that small, so the parse is the only full read of them.
 */
function fewStartTags(html: string, cap: number): boolean {
  let tags = 0;
  for (let lt = html.indexOf('<'); lt >= 0; lt = html.indexOf('<', lt + 1)) {
    const c = html.charCodeAt(lt + 1) | 0x20; // lower case, for letters
    if (c >= 97 && c <= 122 && ++tags > cap) return false;
  }
  return true;
}

/** Why the page is too complex to analyse, in words for people; undefined when within the caps. */
export function complexityProblem(html: string, caps: PageCaps = PAGE_CAPS): string | undefined {
  if (fewStartTags(html, Math.min(caps.maxElements, caps.maxDepth))) return undefined;
  const c = measureComplexity(html, caps);
  // l10n-exempt: an analysis's reason: the service's English answer (a surface words its own)
  if (c.elements > caps.maxElements) return `too complex: more than ${caps.maxElements.toLocaleString('en-US')} elements`;
  // l10n-exempt: an analysis's reason: the service's English answer (a surface words its own)
  if (c.depth > caps.maxDepth) return `too complex: elements nested more than ${caps.maxDepth.toLocaleString('en-US')} deep`;
  return undefined;
}
