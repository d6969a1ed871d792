// A linear, string-aware walk over the bytes of a JSON text: finds where values start and end and
// how deeply they nest, without building them. Structural characters are ASCII and never occur
// inside a multi-byte UTF-8 sequence, so bytes can be read directly. Nothing recurses: a value of
// any depth costs one pass over its bytes. What it skips is not validated; what the caller builds
// (JSON.parse of a slice) is.

/** The text is not JSON, or ends (`cut`) before its value does. */
export class MalformedJson extends Error {
  constructor(
    readonly offset: number,
    readonly cut: boolean,
  ) {
    super(cut ? 'The JSON text ends early.' : `Unexpected byte at ${offset}.`); // l10n-exempt: internal, never shown
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

export class JsonScanner {
  pos = 0;

  constructor(readonly bytes: Buffer) {}

  /** The byte at the position after blanks, or -1 at the end. */
  peek(): number {
    const { bytes } = this;
    while (this.pos < bytes.length && isSpace(bytes[this.pos])) this.pos++;
    return this.pos < bytes.length ? bytes[this.pos] : -1;
  }

  atEnd(): boolean {
    return this.peek() === -1;
  }

  fail(): never {
    throw new MalformedJson(this.pos, this.pos >= this.bytes.length);
  }

  /** Steps over `byte` (after blanks), or fails. */
  expect(byte: number): void {
    if (this.peek() !== byte) this.fail();
    this.pos++;
  }

  /** Steps over `byte` if it is next; tells whether it was. */
  take(byte: number): boolean {
    if (this.peek() !== byte) return false;
    this.pos++;
    return true;
  }

  /** Skips a string starting at the position (its opening quote). */
  skipString(): void {
    const { bytes } = this;
    let quote = bytes.indexOf(QUOTE, this.pos + 1);
    for (;;) {
      if (quote < 0) {
        this.pos = bytes.length;
        this.fail();
      }
      let slash = quote - 1;
      while (bytes[slash] === BACKSLASH) slash--;
      if ((quote - 1 - slash) % 2 === 0) break; // an even run of backslashes escapes only itself
      quote = bytes.indexOf(QUOTE, quote + 1);
    }
    this.pos = quote + 1;
  }

  /** Skips the value at the position; returns how deeply it nests (0 for a scalar). */
  skipValue(): number {
    const { bytes } = this;
    const first = this.peek();
    if (first === QUOTE) {
      this.skipString();
      return 0;
    }
    if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
      const start = this.pos;
      while (this.pos < bytes.length) {
        const b = bytes[this.pos];
        if (b === COMMA || b === CLOSE_BRACE || b === CLOSE_BRACKET || isSpace(b)) break;
        if (b === QUOTE || b === OPEN_BRACE || b === OPEN_BRACKET || b === COLON) this.fail();
        this.pos++;
      }
      if (this.pos === start) this.fail();
      return 0;
    }
    let depth = 0;
    let deepest = 0;
    while (this.pos < bytes.length) {
      const b = bytes[this.pos];
      if (b === QUOTE) {
        this.skipString();
        continue;
      }
      if (b === OPEN_BRACE || b === OPEN_BRACKET) {
        depth++;
        if (depth > deepest) deepest = depth;
      } else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) {
        depth--;
        if (depth === 0) {
          this.pos++;
          return deepest;
        }
      }
      this.pos++;
    }
    return this.fail();
  }

  /** The bytes from `start` to `end` as text. */
  text(start: number, end: number): string {
    return this.bytes.toString('utf8', start, end);
  }
}

export const BYTE = { QUOTE, COMMA, COLON, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET } as const;
