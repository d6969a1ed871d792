// URLs written in files, as the command line (occurrences.ts) and the editor's URLs in Workspace
// (workspaceIndex.ts) both read them: one finder, one place type, one way of counting lines and
// columns, and one set of budgets, so that both name the same URLs at the same places.
import { decodeFileText, utf16MarkOf } from '../files/fileText';
import { findUrls } from './urlFinder';
import { MAX_URL_LENGTH } from './maxUrlLength';

/** Bytes of one file read at most; a larger file is skipped with a note. */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;
/** URLs kept per file (the most a sitemap may list); the rest are counted and said. */
export const MAX_URLS_PER_FILE = 50_000;
/** Distinct URLs in all: the command line stops with an error past it, the editor counts the rest. */
export const MAX_DISTINCT_URLS = 100_000;
/** Characters of a URL kept (longer ones are not pages anyone rates); longer ones are counted. */
export const MAX_URL_CHARS = MAX_URL_LENGTH;
/** Bytes at the start of a file looked at for a NUL byte (a binary file). */
export const BINARY_SNIFF_BYTES = 8 * 1024;

/** A file's text is binary when it holds a NUL in its first 8 KiB (as git and ripgrep decide). */
export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

/**
 * A file's text (fileText.ts: UTF-16 by its byte-order mark, else UTF-8, no mark kept);
 * undefined when it is binary (a NUL in its first 8 KiB of text; UTF-16's own zero bytes are no NUL).
 */
export function textOfBytes(bytes: Buffer): string | undefined {
  const utf16 = utf16MarkOf(bytes) !== undefined;
  if (!utf16 && looksBinary(bytes)) return undefined;
  const text = decodeFileText(bytes);
  return utf16 && text.slice(0, BINARY_SNIFF_BYTES).includes('\0') ? undefined : text;
}

/** Where a URL is written. */
export interface Occurrence {
  /** The file, as the caller names it (a URI string in the editor, a relative path in the CLI). */
  file: string;
  /** 1-based line. */
  line: number;
  /** 1-based column, in UTF-16 code units. */
  column: number;
}

/**
 * 1-based lines and columns of increasing offsets in one text, counted forward (no index built) as
 * VS Code counts them: a byte-order mark at the start is no column (VS Code drops it from the
 * text), and `\r\n`, `\n` and a lone `\r` each end a line.
 */
export class TextPositions {
  private line = 1;
  private lineStart: number;
  private at = 0;
  // The next `\n` and `\r` at or after `at` (text.length: none), found by indexOf: the text between
  // line breaks is skipped natively, not looked at one character at a time.
  private nextLf = -1;
  private nextCr = -1;

  constructor(private readonly text: string) {
    this.lineStart = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  }

  /** The place of `offset`; offsets must not decrease from one call to the next. */
  of(offset: number): { line: number; column: number } {
    const text = this.text;
    const end = text.length;
    if (this.nextLf < this.at) this.nextLf = text.indexOf('\n', this.at) >>> 0;
    if (this.nextCr < this.at) this.nextCr = text.indexOf('\r', this.at) >>> 0;
    // `>>> 0` makes -1 (none) the largest index, past any offset.
    for (;;) {
      const lf = this.nextLf;
      const cr = this.nextCr;
      const at = lf < cr ? lf : cr;
      if (at >= offset || at >= end) break;
      if (at === cr) {
        this.nextCr = text.indexOf('\r', at + 1) >>> 0;
        // A `\r` followed by `\n` ends its line at the `\n`.
        if (lf === at + 1) continue;
      } else this.nextLf = text.indexOf('\n', at + 1) >>> 0;
      this.line++;
      this.lineStart = at + 1;
    }
    if (offset > this.at) this.at = offset;
    return { line: this.line, column: offset - this.lineStart + 1 };
  }
}

export interface UrlsOfFile {
  /** The URLs kept, in text order, each with its place. */
  found: { url: string; at: Occurrence }[];
  /** URLs not kept: past MAX_URLS_PER_FILE, or longer than MAX_URL_CHARS. */
  dropped: number;
}

/** The URLs written in one file's text, with their places, within the per-file budgets. */
export function urlsInFile(file: string, text: string): UrlsOfFile {
  const urls = findUrls(text);
  const found: { url: string; at: Occurrence }[] = [];
  const positions = new TextPositions(text);
  for (const { url, start } of urls) {
    if (found.length >= MAX_URLS_PER_FILE) break;
    if (url.length > MAX_URL_CHARS) continue;
    found.push({ url, at: { file, ...positions.of(start) } });
  }
  return { found, dropped: urls.length - found.length };
}
