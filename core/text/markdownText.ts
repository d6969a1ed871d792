// Untrusted text put into Markdown that GitHub or VS Code renders (a job summary, a pull-request
// comment, "Copy Changes", a hover): one line each, no markup, link, HTML or live @mention of its
// own. The command line's formats and the editor use these same functions.
import { oneLine } from './oneLine';
import { textOf } from './safeText';

/**
 * Text for a Markdown table cell: no markup, no HTML, no line break, no cell break, and no live
 * `@mention` or `#123` reference (GitHub links those in text even when escaped: a word joiner
 * after `@` and `#` keeps the text and breaks the link).
 */
export function markdownCell(text: string): string {
  return oneLine(text)
    .replace(/[\\`*_{}[\]()#+\-.!|~>:]/g, (c) => `\\${c}`)
    .replace(/</g, '&lt;')
    .replace(/&(?!lt;)/g, '&amp;')
    .replace(/@|\\#/g, (c) => `${c}\u2060`);
}

/** A link destination for Markdown: nothing in it can end the link, the table cell or start an entity. */
export function markdownHref(url: string): string {
  return oneLine(url)
    .replace(/[\s()[\]|\\<>`]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)
    .replace(/&/g, '&amp;');
}

/**
 * Markdown source showing `text` literally, on one line: an inline code span with a fence longer
 * than any backtick run inside it, so the text is kept exact ("a`b" stays "a`b") and the renderer
 * shows it with no markup, icons or autolinks; hidden characters made visible (a code span does
 * not stop bidi reordering). Padded where a renderer would otherwise eat a backtick or a space.
 */
export function codeSpan(text: string): string {
  const flat = oneLine(textOf(text));
  let longest = 0;
  for (const run of flat.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(longest + 1);
  const eaten = flat.startsWith('`') || flat.endsWith('`') || (flat.startsWith(' ') && flat.endsWith(' ')) || flat === '';
  const pad = eaten ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** A code span inside a table cell: a `|` escaped, as a table needs even in code (GitHub shows it as `|`). */
export function markdownCode(text: string): string {
  return codeSpan(text).replace(/\|/g, '\\|');
}
