// Untrusted text (anything the service or a document sent) made safe for VS Code surfaces that
// render a little markup of their own: notifications and input-box validation messages turn
// `[label](command:…)` into a link that runs, quick picks and the status bar turn `$(name)` into
// an icon. One helper for all of them, so no server string can become a link or an icon.

const MAX_LENGTH = 500;

/** Text with link and icon syntax broken, control characters and line breaks flattened, length capped. */
export function plainText(value: unknown, maxLength = MAX_LENGTH): string {
  const text = String(value ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    // Square brackets are what Markdown links and VS Code's linked text need: use look-alikes.
    .replace(/\[/g, '\u27e6')
    .replace(/\]/g, '\u27e7')
    // `$(icon)`: a word joiner between `$` and `(` keeps the text but not the icon.
    .replace(/\$\(/g, '$\u2060(');
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}

/**
 * Markdown source showing `text` literally: as an inline code span with a fence longer than any
 * backtick run inside it, so the renderer shows it with no markup, icons or autolinks.
 */
export function codeSpan(text: string): string {
  const flat = text.replace(/[\r\n]+/g, ' ');
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') || flat === '' ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}
