// A value put on one line of output that people read (a report line, the `--dump` listing, a
// message): no control character or line separator can start a new line or send a terminal
// escape, and a character that hides or reorders text shows as a visible marker (see
// invisibleText.ts): `https://bank.example/\u202Egpj.exe` would read "…exe.jpg".
import { revealInvisible } from './invisibleText';

/** Printable ASCII only: nothing to flatten or reveal (every character that needs it is outside). */
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/** Control characters (line breaks included) become spaces, hidden and reordering characters visible markers. */
export function oneLine(text: string): string {
  // The common case (a plain URL or file name) costs one test: `--dump` lists thousands of them.
  if (PLAIN_ASCII.test(text)) return text;
  // eslint-disable-next-line no-control-regex
  return revealInvisible(text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' '));
}
