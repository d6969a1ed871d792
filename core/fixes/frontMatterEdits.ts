// Snippets in a page's front matter, edited as text: a key's value selected or filled in, or a new
// top-level key inserted before the closing fence (YAML) or the first table (TOML). Nothing else of
// the front matter is touched, so comments, key order and anchors survive.
import type { FrontMatter, FrontMatterLine } from '../sources/checkLocations';
import type { SnippetEdit } from './fixTypes';

/** A key's value: its text without quotes, or the place an empty value is typed. */
export interface FieldValue {
  start: number;
  end: number;
  empty: boolean;
}

/** The end of a quoted value starting at `at` (the offset of its closing quote), or -1. */
function closingQuote(line: string, at: number, yaml: boolean): number {
  const q = line[at];
  for (let i = at + 1; i < line.length; i++) {
    if (q === '"' && line[i] === '\\') {
      i++;
    } else if (line[i] === q) {
      // YAML's '' is a quote inside a single-quoted value.
      if (q === "'" && yaml && line[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}

/** The value of a `key: value` / `key = value` line; undefined when it is a block, alias, flow or multi-line value. */
export function fieldValue(text: string, fm: FrontMatter, field: FrontMatterLine): FieldValue | undefined {
  const yaml = fm.fence === '---';
  const line = text.slice(field.start, field.end);
  const sep = /^[ \t]*[:=][ \t]*/.exec(line.slice(field.keyEnd - field.start));
  if (!sep) return undefined;
  let at = field.keyEnd - field.start + sep[0].length;
  if (yaml) at += /^&[^\s]+(?:[ \t]+|$)/.exec(line.slice(at))?.[0].length ?? 0; // an anchor stays
  const rest = line.slice(at);
  const next = text.slice(field.end).replace(/^(\r\n|\r|\n)/, '');
  const continues = yaml && /^[ \t]+\S/.test(next.slice(0, 256));
  if (rest.trim() === '' || (yaml && rest.startsWith('#'))) {
    return continues ? undefined : { start: field.start + at, end: field.start + at, empty: true };
  }
  const first = rest[0];
  if (first === '"' || first === "'") {
    if (!yaml && (rest.startsWith('"""') || rest.startsWith("'''"))) return undefined;
    const close = closingQuote(line, at, yaml);
    if (close < 0) return undefined;
    return { start: field.start + at + 1, end: field.start + close, empty: close === at + 1 };
  }
  if (!yaml || continues || /^[|>*[{!%@`]/.test(first)) return undefined;
  const comment = rest.search(/\s#/);
  const value = (comment < 0 ? rest : rest.slice(0, comment)).trimEnd();
  return { start: field.start + at, end: field.start + at + value.length, empty: false };
}

/** A snippet for the value of `key`: its text kept as `${1:…}` to select, or `"${1}"` typed into an empty one. */
export function valueSnippet(text: string, value: FieldValue, keep: string | undefined): SnippetEdit {
  if (!value.empty) return { start: value.start, end: value.end, snippet: keep ?? '${1}' };
  const quoted = text[value.start - 1] === '"' || text[value.start - 1] === "'";
  if (quoted) return { start: value.start, end: value.end, snippet: '${1}' };
  const before = /[ \t]$/.test(text.slice(value.start - 1, value.start)) ? '' : ' ';
  const after = text[value.start] === '#' ? ' ' : '';
  return { start: value.start, end: value.end, snippet: `${before}"\${1}"${after}` };
}

/** A new top-level `key: "${1}"` (YAML) / `key = "${1}"` (TOML) line. */
export function newKeySnippet(fm: FrontMatter, key: 'title' | 'description'): SnippetEdit {
  const at = fm.fence === '+++' && fm.firstTableStart !== undefined ? fm.firstTableStart : fm.closeStart;
  const line = fm.fence === '---' ? `${key}: "\${1}"` : `${key} = "\${1}"`;
  return { start: at, end: at, snippet: `${line}${fm.eol}` };
}
