// Characters that change how text reads without showing themselves: bidi controls (U+202E turns
// "gpj.exe" into what reads as "exe.jpg"), zero-width spaces and joiners, soft hyphens, tag
// characters and the like. Untrusted text shows each of them as a visible marker such as
// ⟪U+202E⟫ instead: stripping would make a disguised URL look exactly like the real one, while
// the marker tells the reader something is hidden there. Dependency-free: the webview script
// bundles it too.

/**
 * Every format character (Unicode category Cf: bidi embeddings, overrides, isolates and marks,
 * U+061C, zero-width space, non-joiner and joiner, word joiner, invisible operators, BOM, tags…),
 * plus the invisible letters and joiners outside Cf that are used to disguise text: the
 * combining grapheme joiner and the Hangul fillers. Joiners inside emoji sequences are marked
 * too: on these surfaces (URLs, names, messages) a hidden character matters more than an emoji.
 */
const INVISIBLE = /[\p{Cf}\u034f\u115f\u1160\u3164\uffa0]/gu;

/** `U+202E`: how a character is named where people read about it. */
export function codePointName(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** `⟪U+202E⟫`: the code point in brackets that no URL, Markdown or HTML gives a meaning to. */
function marker(char: string): string {
  return `\u27ea${codePointName(char)}\u27eb`;
}

/**
 * The text with every invisible or reordering character replaced by its visible marker. A word
 * joiner right between `$` and `(` stays: that is how `plainText` breaks icon syntax, and it hides
 * nothing (so revealing is idempotent on `plainText`'s output).
 */
export function revealInvisible(text: string): string {
  return text.replace(INVISIBLE, (char: string, offset: number) =>
    char === '\u2060' && text[offset - 1] === '$' && text[offset + 1] === '(' ? char : marker(char),
  );
}

/** Whether the text holds a character `revealInvisible` would mark. */
export function hasInvisible(text: string): boolean {
  INVISIBLE.lastIndex = 0;
  const found = INVISIBLE.test(text);
  INVISIBLE.lastIndex = 0;
  return found;
}

/** C0 and C1 control characters and DEL: line breaks, tabs, escapes. */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Whether the text holds a control character (a line break, tab, ESC, a C1 control…). */
export function hasControl(text: string): boolean {
  return CONTROL.test(text);
}
