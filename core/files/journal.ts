// The one append-only journal of the history and the scan jobs: its line framing, its torn-line
// rule, its reading. Whole lines are appended with O_APPEND in one write each (lines of two
// processes never interleave), and read back so that a crash costs at most the line being written.
// An intent recorded before the act it announces (a scan's create) is appended durably: flushed
// to the disk (fdatasync) before the append resolves. A write cut short leaves a line without its line break: a reader leaves out a last line without
// one (it may still be being written), and when the next append followed it on the same line,
// finds where the whole line begins (a line start cannot occur inside a whole line: quotes in its
// strings are escaped, and every line is one JSON text).
//
// The two formats stay their own (the history groups compact run lines by URL under check-name
// lines, a job is a header plus events): each says how its lines start, and shares this. What a
// file may hold is bounded by its owner's budget, read before any byte is (MAX_READ_BYTES of the
// history, MAX_STATE_BYTES of a scan job).
import type { HistoryFiles } from './fileOps';

const NEWLINE = 0x0a;
const decoder = new TextDecoder();

/** A line that would break the framing (a line break inside it) is never written. */
export class JournalLineError extends Error {}

/** `lines` framed as the journal writes them: each ends with its line break. */
export function journalText(lines: readonly string[]): string {
  let text = '';
  for (const line of lines) {
    if (line.includes('\n') || line.includes('\r')) throw new JournalLineError('A journal line holds a line break.'); // l10n-exempt: a writer's mistake, never a user's
    text += `${line}\n`;
  }
  return text;
}

/**
 * Appends `lines` (each without its line break) in one write. `durable`: flushed to the disk
 * before it resolves (an intent recorded before the act it announces: a scan's create).
 */
export function appendLines(
  files: Pick<HistoryFiles, 'append'>,
  file: string,
  lines: readonly string[],
  options: { durable?: boolean } = {},
): Promise<void> {
  return options.durable ? files.append(file, journalText(lines), true) : files.append(file, journalText(lines));
}

/** A line whose head was torn: the whole line that follows the torn part (from the last line start in it). */
export function recoveredLine(line: string, starts: readonly string[]): string {
  let at = -1;
  for (const start of starts) at = Math.max(at, line.lastIndexOf(start));
  return at > 0 ? line.slice(at) : line;
}

/** The whole lines of a journal's text, each recovered; a last line without its line break is left out. */
export function journalLines(text: string, starts: readonly string[]): string[] {
  const end = text.lastIndexOf('\n');
  if (end < 0) return [];
  return text
    .slice(0, end)
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => recoveredLine(line, starts));
}

export interface JournalRead {
  /** The whole lines, each recovered. */
  lines: string[];
  /** Bytes of the whole lines, line breaks included: where the next read of the file starts. */
  bytes: number;
  /** Characters of the whole lines' text (what holding them costs). */
  chars: number;
}

/** The whole lines of a journal's bytes (a file, or what was appended to it since `bytes` of a previous read). */
export function journalRead(bytes: Uint8Array, starts: readonly string[]): JournalRead {
  const end = bytes.lastIndexOf(NEWLINE);
  if (end < 0) return { lines: [], bytes: 0, chars: 0 };
  const text = decoder.decode(bytes.subarray(0, end + 1));
  return { lines: journalLines(text, starts), bytes: end + 1, chars: text.length - 1 };
}

/** A file of a first line (a header, written whole) and then journal lines: the header and the lines. */
export function headedJournal(text: string, starts: readonly string[]): { head: string; lines: string[] } {
  const end = text.indexOf('\n');
  if (end < 0) return { head: text, lines: [] };
  return { head: text.slice(0, end), lines: journalLines(text.slice(end + 1), starts) };
}
