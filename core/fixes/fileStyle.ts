// How a file writes itself — its line end, quotes, void elements and indentation — so an edit
// reads as if the file's author had typed it.
import type { TextEdit } from './fixTypes';
import type { Tag } from './htmlTags';

export type Quote = '"' | "'";

export interface FileStyle {
  eol: string;
  /** the quote most attributes use */
  quote: Quote;
  /** how void elements end: `>`, `/>` or ` />` */
  voidEnd: string;
  /** one level of indentation: a tab, or the file's smallest indentation step */
  unit: string;
}

const VOID = new Set(['meta', 'link', 'br', 'img', 'input', 'hr']);

/** The file's first line end, else `\n`. */
export function lineEndOf(text: string): string {
  const at = text.search(/[\r\n]/);
  if (at < 0) return '\n';
  return text[at] === '\r' ? (text[at + 1] === '\n' ? '\r\n' : '\r') : '\n';
}

/** The style of `text` from its tags. */
export function styleOf(text: string, tags: readonly Tag[]): FileStyle {
  let double = 0;
  let single = 0;
  const ends: Record<string, number> = { '>': 0, '/>': 0, ' />': 0 };
  for (const tag of tags) {
    for (const a of tag.attrs) {
      if (a.quote === '"') double++;
      else if (a.quote === "'") single++;
    }
    if (VOID.has(tag.name) && !tag.closing) {
      const end = tag.selfClosing ? (/\s\/>$/.test(text.slice(tag.end - 3, tag.end)) ? ' />' : '/>') : '>';
      ends[end]++;
    }
  }
  const voidEnd = ends['/>'] + ends[' />'] > ends['>'] ? (ends[' />'] >= ends['/>'] ? ' />' : '/>') : '>';
  return { eol: lineEndOf(text), quote: single > double ? "'" : '"', voidEnd, unit: indentUnit(text) };
}

/** The quote a tag's own attributes use, else the file's. */
export function quoteOf(tag: Tag, style: FileStyle): Quote {
  const own = tag.attrs.find((a) => a.quote !== '');
  return own ? (own.quote as Quote) : style.quote;
}

/** A tab when lines are indented with tabs, else the smallest run of spaces that indents a line (2 by default). */
function indentUnit(text: string): string {
  const sample = text.length > 64 * 1024 ? text.slice(0, 64 * 1024) : text;
  let smallest = 0;
  for (const m of sample.matchAll(/[\r\n]([ \t]+)(?=\S)/g)) {
    if (m[1][0] === '\t') return '\t';
    if (smallest === 0 || m[1].length < smallest) smallest = m[1].length;
  }
  return ' '.repeat(smallest > 0 && smallest <= 8 ? smallest : 2);
}

/** The start of the line holding `offset`. */
export function lineStartOf(text: string, offset: number): number {
  const n = text.lastIndexOf('\n', offset - 1);
  const r = text.lastIndexOf('\r', offset - 1);
  return Math.max(n, r) + 1;
}

/** The whitespace that starts the line holding `offset`. */
export function indentAt(text: string, offset: number): string {
  const start = lineStartOf(text, offset);
  return /^[ \t]*/.exec(text.slice(start, Math.min(offset, start + 256)))![0];
}

/** True when only whitespace stands between the line's start and `offset`. */
export function startsItsLine(text: string, offset: number): boolean {
  return indentAt(text, offset).length === offset - lineStartOf(text, offset);
}

/**
 * Inserts `element` as the first child after the start tag that ends at `after` (`<head>`): on a
 * line of its own, indented as the next content is, when the content starts on a new line; inline
 * otherwise.
 */
export function insertFirstChild(text: string, after: number, parentStart: number, element: string, style: FileStyle): TextEdit {
  const rest = /^[ \t]*(\r\n|\r|\n)/.exec(text.slice(after, after + 512));
  if (!rest) return { start: after, end: after, newText: element };
  const next = after + rest[0].length;
  const indent = /^[ \t]*/.exec(text.slice(next, next + 256))![0];
  const closesParent = text.startsWith('</', next + indent.length);
  const childIndent = closesParent ? indentAt(text, parentStart) + style.unit : indent;
  return { start: after, end: after, newText: `${style.eol}${childIndent}${element}` };
}

/** Inserts `element` after the element ending at `after`: on its own line when that element starts its line. */
export function insertAfter(text: string, elementStart: number, after: number, element: string, style: FileStyle): TextEdit {
  if (!startsItsLine(text, elementStart)) return { start: after, end: after, newText: element };
  return { start: after, end: after, newText: `${style.eol}${indentAt(text, elementStart)}${element}` };
}

/** Text made safe inside a VS Code snippet: `\`, `$` and `}` escaped. */
export function snippetText(text: string): string {
  return text.replace(/[\\$}]/g, (c) => `\\${c}`);
}
