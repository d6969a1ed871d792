// Every string in a report may come from a file or the service: it is made safe for the format
// it goes into, and never breaks a line of a line-based format. What a person reads (text, the
// terminal, Markdown, the messages of SARIF, JUnit and Code Quality) also shows each character that
// hides or reorders text as a visible marker, as the editor does (core/text/invisibleText.ts):
// `https://bank.example/\u202Egpj.exe` would read "…exe.jpg". JSON keeps values as sent (data).
import { revealInvisible } from '../../core/text/invisibleText';

/** Control characters (line breaks included) become spaces, hidden and reordering characters visible markers. */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return revealInvisible(text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' '));
}

/** Text for XML content and attribute values; characters XML 1.0 forbids are dropped. */
export function xml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/**
 * Text for a Markdown table cell: no markup, no HTML, no line break, no cell break, and no live
 * `@mention` or `#123` reference (GitHub links those in text even when escaped: a word joiner
 * after `@` and `#` keeps the text and breaks the link).
 */
export function markdown(text: string): string {
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

/** A URL shown as code in Markdown (never a link, never HTML); a `|` escaped, as a table cell needs even in code. */
export function markdownCode(text: string): string {
  return `\`${oneLine(text).replace(/`/g, '').replace(/\|/g, '\\|')}\``;
}

/** Text for a terminal: control characters (escape sequences included) become spaces, hidden characters markers; line breaks stay. */
export function terminalText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return revealInvisible(text.replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, ' '));
}
