// A value put on one line of output that people read (a report line, a listing, a message): no
// control character or line separator can start a new line or send a terminal escape, and a
// character that hides or reorders text shows as a visible marker (see invisibleText.ts):
// `https://bank.example/\u202Egpj.exe` would read "…exe.jpg".
import { revealInvisible } from './invisibleText';

/** Control characters (line breaks included) become spaces, hidden and reordering characters visible markers. */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return revealInvisible(text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' '));
}
