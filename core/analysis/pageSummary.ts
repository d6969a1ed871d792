// What a run of `check --local` keeps of a page's analysis, made where the analysis is (the worker
// thread): the score, each check's state as a letter, and the failed checks alone, with what their
// words are made of and their places as lines and columns (counted on the text at hand, so the
// main thread never scans the page again). Small, so the answer crossing threads costs little. A
// page file is read by the worker itself (by path: the main thread neither reads nor copies it),
// within the walk's size cap and by its reader.
import { readTextFile, type SkipReason } from '../urls/fileWalk';
import { BoundedMemo } from '../text/boundedMemo';
import { TextPositions } from '../urls/urlsInFiles';
import { CHECK_KEYS } from './checks';
import type { LocalAnalysis } from './localAnalysis';

/** Places of one check kept per page (the analysis keeps 100; code scanning needs no more). */
export const MAX_PLACES_PER_CHECK_SHOWN = 20;

export interface FailedCheck {
  key: string;
  value: unknown;
  errors?: Record<string, unknown>;
  /**
   * The first MAX_PLACES_PER_CHECK_SHOWN places, in the text's order, as numbers: line, column,
   * line, column… (1-based; columns in UTF-16 code units, as VS Code counts them: TextPositions).
   * Numbers, not objects: a run holds every page's until its report is written.
   */
  places: number[];
}

export interface PageSummary {
  score: number;
  judged: number;
  total: number;
  /**
   * Each check's state, a letter per check of CHECK_KEYS in its order: `p` passed, `f` failed,
   * `-` not judged. One short string crosses threads and is held; `statesOf` reads it.
   */
  states: string;
  /** the failed checks, in the analysis's order */
  failed: FailedCheck[];
}

/** A page file analysed by path: its summary, or why it was not read (the walk's words). */
export type FileAnswer = { summary: PageSummary } | { unread: SkipReason; message: string };

/** The summary of `analysis`, made from `html`, the text analysed. */
export function pageSummary(analysis: LocalAnalysis, html: string): PageSummary {
  let states = '';
  for (const c of analysis.checks) states += !c.judged || c.passed === null ? '-' : c.passed ? 'p' : 'f';
  const failedChecks = analysis.checks.filter((c) => c.passed === false);
  const all: { index: number; start: number }[] = [];
  failedChecks.forEach((c, index) => {
    for (const p of c.places.slice(0, MAX_PLACES_PER_CHECK_SHOWN)) all.push({ index, start: p.start });
  });
  all.sort((a, b) => a.start - b.start);
  // The places first, in lists of their own: the checks below come in two shapes (with errors and
  // without), and a write through either made V8 compile this function again.
  const places: number[][] = failedChecks.map(() => []);
  const positions = new TextPositions(html);
  for (const { index, start } of all) {
    const { line, column } = positions.of(start);
    places[index].push(line, column);
  }
  const failed: FailedCheck[] = failedChecks.map((c, index) => ({
    key: c.key,
    value: c.value,
    ...(c.errors === undefined ? {} : { errors: c.errors }),
    places: places[index],
  }));
  return { score: analysis.score, judged: analysis.judged, total: analysis.total, states, failed };
}

/** Distinct sets of states a memo keeps at most (a site's pages fail few distinct sets): past it, it starts again. */
const MAX_STATES_MEMO = 256;
const statesMemo = new BoundedMemo<Readonly<Record<string, 'passed' | 'failed'>>>(MAX_STATES_MEMO);

/**
 * Each judged check's state by its key, in CHECK_KEYS' order, read from `states` (a letter
 * past CHECK_KEYS, or one not known, is no state). One frozen record per distinct string,
 * shared by every page that has it.
 */
export function statesOf(states: string): Readonly<Record<string, 'passed' | 'failed'>> {
  return statesMemo.get(states, () => {
    const made: Record<string, 'passed' | 'failed'> = {};
    const n = Math.min(states.length, CHECK_KEYS.length);
    for (let i = 0; i < n; i++) {
      const letter = states[i];
      if (letter === 'p' || letter === 'f') made[CHECK_KEYS[i]] = letter === 'p' ? 'passed' : 'failed';
    }
    return Object.freeze(made);
  });
}

let buffer: Buffer | undefined;

/** The text of the page file at `real` (no link left in it), never read past a byte over `maxBytes`. */
export function readPageFile(real: string, maxBytes: number): { html: string } | { unread: SkipReason; message: string } {
  if (!buffer || buffer.length !== maxBytes + 1) buffer = Buffer.allocUnsafe(maxBytes + 1);
  const read = readTextFile(real, buffer, maxBytes);
  return 'text' in read ? { html: read.text } : { unread: read.reason, message: read.message };
}
