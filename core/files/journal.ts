// The append-only journal primitive of the history and the scan jobs: whole lines appended with
// O_APPEND in one write each (lines of two processes never interleave), and read back so that a
// crash costs at most the line being written. A write cut short leaves a line without its line
// break; the next append then follows it on the same line — the reader finds where the whole
// line begins (a line start cannot occur inside a whole line: quotes in its strings are escaped).
//
// The two formats stay their own (the history groups compact run lines by URL under check-name
// lines, a job is a header plus events): each says how its lines start, and shares this.
import type { HistoryFiles } from './fileOps';

/** Appends `lines` (each without its line break) in one write. */
export function appendLines(files: Pick<HistoryFiles, 'append'>, file: string, lines: readonly string[]): Promise<void> {
  return files.append(file, lines.map((line) => `${line}\n`).join(''));
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
