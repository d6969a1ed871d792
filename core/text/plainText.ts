// Untrusted text (anything the service or a document sent) made safe for VS Code surfaces that
// render a little markup of their own: notifications and input-box validation messages turn
// `[label](command:…)` into a link that runs, quick picks and the status bar turn `$(name)` into
// an icon. One helper for all of them, so no server string can become a link or an icon, and no
// hidden character can reorder or disguise it (see invisibleText.ts).
import { revealInvisible } from './invisibleText';
import { textOf } from './safeText';

const MAX_LENGTH = 500;
/**
 * Characters of the input looked at, per character of `maxLength`: the text may be megabytes,
 * and only its head can be shown (room for runs of control characters that flatten to one space).
 */
const SCAN_FACTOR = 4;

/**
 * Text with link and icon syntax broken, control characters and line breaks flattened, hidden
 * characters made visible, length capped. Any value is accepted: what is not text already (an
 * object, a symbol…) shows as the empty string, and nothing of it is run.
 */
export function plainText(value: unknown, maxLength = MAX_LENGTH): string {
  const raw = textOf(value);
  const head = raw.length > maxLength * SCAN_FACTOR ? raw.slice(0, maxLength * SCAN_FACTOR) : raw;
  const text = revealInvisible(
    head
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' '),
  )
    // Square brackets are what Markdown links and VS Code's linked text need: use look-alikes.
    .replace(/\[/g, '\u27e6')
    .replace(/\]/g, '\u27e7')
    // `$(icon)`: a word joiner between `$` and `(` keeps the text but not the icon.
    .replace(/\$\(/g, '$\u2060(');
  return text.length > maxLength || head !== raw ? `${text.slice(0, maxLength - 1)}…` : text;
}
