// An answer of an agent tool: short text for a language model, the most important first, never
// longer than MAX_ANSWER_CHARS (a longer list pages), the key never in it (the caller's redactor
// runs over every answer), and every text that came from a page or a report quoted as data: on one
// line, control characters gone, hidden characters shown (plainText), in JSON quotes, so no page
// can write an instruction that reads as the tool's own words.
//
// The answers are in English whatever the display language: a model reads them, not a person, and
// the same question gets the same words from the editor and the command line.
// l10n-exempt-file: answers for a language model, in English whatever the display language (agentAnswer.ts).
import { plainText } from '../text/plainText';

/** Characters of one answer at most (the contract); a list that would be longer pages. */
export const MAX_ANSWER_CHARS = 8_000;
/** Characters of one quoted text (a URL, a check's sentence) at most. */
export const MAX_QUOTED = 300;

export interface AgentAnswer {
  text: string;
  /** A tool error: bad input, or a service that is down or not configured. */
  isError: boolean;
}

/** Bad input: `field` names what to change, `message` how. */
export class AgentInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'AgentInputError';
  }
}

/** Text from a page or a report, as data: one line, plain, in quotes (a quote inside escaped). */
export function quoted(value: unknown, max = MAX_QUOTED): string {
  return JSON.stringify(plainText(value, max));
}

/**
 * The text cut to `max` characters at the end of a whole line, saying that it was cut (a last
 * guard: each tool sizes its lists below the bound first).
 */
export function withinBound(text: string, max = MAX_ANSWER_CHARS): string {
  if (text.length <= max) return text;
  const note = '\n… (the answer was cut here to stay short; ask for a narrower list or the next page)';
  const room = max - note.length;
  const cut = text.lastIndexOf('\n', room);
  return `${text.slice(0, cut > 0 ? cut : room)}${note}`;
}

/**
 * As many of `rows` as fit in `budget` characters (each row on its own line), and how many were
 * left out. The rows are in the order of importance: the first are kept.
 */
export function rowsWithin(rows: readonly string[], budget: number): { shown: string[]; left: number } {
  const shown: string[] = [];
  let used = 0;
  for (const row of rows) {
    if (used + row.length + 1 > budget) break;
    shown.push(row);
    used += row.length + 1;
  }
  return { shown, left: rows.length - shown.length };
}
