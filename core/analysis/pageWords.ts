// The words of a page's text as the checks count them: lower-case runs of letters, digits and `_`
// (htmlReading.ts's `words`), counted and looked up in place instead of split into a list of
// every word: a page's text is read once, and a title word is found without a set of the body's.
import { isEmailWord } from './places';

const WORD_CHAR = /[\p{L}\p{N}_]/u;
/**
 * Title words looked up one by one in the text, each at most this long (a search may meet the text
 * at every character, each meeting compared up to the word's length); past either, the text's
 * words are put in a set once.
 */
const LOOKED_UP_WORDS = 32;

/** The lower-case words of `s`: runs of letters, digits and `_`. */
export function words(s: string | null): string[] {
  return (s ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .filter(Boolean);
}

/** Whether the code point at `i` of `s` (the code unit there, or its pair) is a word character. */
function wordAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
  return WORD_CHAR.test(String.fromCodePoint(s.codePointAt(i)!));
}

/** The code units of the code point that ends just before `i` (2 for a surrogate pair, else 1). */
function unitsBefore(s: string, i: number): number {
  const c = s.charCodeAt(i - 1);
  if (c >= 0xdc00 && c <= 0xdfff && i >= 2) {
    const h = s.charCodeAt(i - 2);
    if (h >= 0xd800 && h <= 0xdbff) return 2;
  }
  return 1;
}

// The class of each Latin-1 unit (most pages' text is all of them): WORD, SPACE (JavaScript's `\s`)
// or neither; the count's loop reads this table instead of testing a pattern per unit.
const WORD = 1;
const SPACE = 2;
const LATIN1 = new Uint8Array(256).map((_, c) => {
  const ch = String.fromCharCode(c);
  return /\s/.test(ch) ? SPACE : WORD_CHAR.test(ch) ? WORD : 0;
});

export interface TextCounts {
  /** `words(text).length` */
  words: number;
  /** the length of `text.replace(/\s+/g, ' ').trim()` */
  collapsedLength: number;
}

/**
 * The words of `text` and the length it has once whitespace is collapsed, in one read of `lower`
 * (`text` in lower case: its whitespace is the same, only letters change), without building the
 * list of words or the collapsed text.
 */
export function textCounts(text: string, lower: string): TextCounts {
  let words = 0;
  let inWord = 0;
  let removed = 0; // whitespace the collapse and the trim take away
  let run = 0; // the whitespace run being read, and where it began
  let runStart = -1;
  const n = lower.length;
  for (let i = 0; i < n; i++) {
    const c = lower.charCodeAt(i);
    let kind: number;
    if (c < 256) kind = LATIN1[c];
    else {
      kind = /\s/.test(lower[i]) ? SPACE : wordAt(lower, i) ? WORD : 0; // \s is all in the BMP: one unit
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) i++;
    }
    const word = kind & WORD;
    const space = kind >> 1;
    words += word & (inWord ^ 1);
    inWord = word;
    if (space) {
      if (run === 0) runStart = i;
      run++;
    } else if (run > 0) {
      removed += runStart === 0 ? run : run - 1;
      run = 0;
    }
  }
  removed += run; // a run at the end goes whole (all of the text when it is only whitespace)
  return { words, collapsedLength: text.length - removed };
}

/** Whether `word` (one of `words(…)`) is one of the words of `lower` (a text in lower case). */
export function hasWord(lower: string, word: string): boolean {
  if (word === '') return false;
  for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + 1)) {
    const end = at + word.length;
    const startsWord = at === 0 || !wordAt(lower, at - unitsBefore(lower, at));
    if (startsWord && (end >= lower.length || !wordAt(lower, end))) return true;
  }
  return false;
}

/**
 * Which of `wanted` (words, each once) are words of `lower` (a text in lower case), in their order.
 * A few short ones are looked up in the text; many or long ones would make that quadratic (a
 * title word of a million letters against a text of them), so the text's words are then put in a
 * set, once.
 */
export function wordsFound(lower: string, wanted: readonly string[]): string[] {
  if (wanted.length <= LOOKED_UP_WORDS && wanted.every((w) => w.length <= LOOKED_UP_WORDS)) {
    return wanted.filter((w) => hasWord(lower, w));
  }
  const all = new Set(words(lower));
  return wanted.filter((w) => all.has(w));
}

/** The e-mail addresses among the words of `text` (split at whitespace), once each. */
export function emailsIn(text: string): string[] {
  if (!text.includes('@')) return [];
  return [
    ...new Set(
      text
        .replace(/\s+/g, ' ')
        .trim()
        .split(' ')
        .map((w) => w.replace(/[.,;:!?)]+$/, ''))
        .filter(isEmailWord),
    ),
  ];
}
