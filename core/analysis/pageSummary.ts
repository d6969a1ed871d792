// What a run of `check --local` keeps of a page's analysis, made where the analysis is (the worker
// thread): the score, each judged check's state, and the failed checks alone, with what their
// words are made of and their places as lines and columns (counted on the text at hand, so the
// main thread never scans the page again). Small, so the answer crossing threads costs little. A
// page file is read by the worker itself (by path: the main thread neither reads nor copies it),
// within the walk's size cap and by its reader.
import { readTextFile, type SkipReason } from '../urls/fileWalk';
import { TextPositions } from '../urls/urlsInFiles';
import type { LocalAnalysis } from './localAnalysis';

/** Places of one check kept per page (the analysis keeps 100; code scanning needs no more). */
export const MAX_PLACES_PER_CHECK_SHOWN = 20;

/** 1-based line and column (UTF-16 code units), as VS Code counts them (TextPositions). */
export interface LinePlace {
  line: number;
  column: number;
}

export interface FailedCheck {
  key: string;
  value: unknown;
  errors?: Record<string, unknown>;
  /** the first MAX_PLACES_PER_CHECK_SHOWN, in the text's order */
  places: LinePlace[];
}

export interface PageSummary {
  score: number;
  judged: number;
  total: number;
  /** each judged check's state */
  checks: Record<string, 'passed' | 'failed'>;
  /** the failed checks, in the analysis's order */
  failed: FailedCheck[];
}

/** A page file analysed by path: its summary, or why it was not read (the walk's words). */
export type FileAnswer = { summary: PageSummary } | { unread: SkipReason; message: string };

/** The summary of `analysis`, made from `html`, the text analysed. */
export function pageSummary(analysis: LocalAnalysis, html: string): PageSummary {
  const checks: Record<string, 'passed' | 'failed'> = {};
  for (const c of analysis.checks) if (c.judged && c.passed !== null) checks[c.key] = c.passed ? 'passed' : 'failed';
  const failedChecks = analysis.checks.filter((c) => c.passed === false);
  const all: { index: number; start: number }[] = [];
  failedChecks.forEach((c, index) => {
    for (const p of c.places.slice(0, MAX_PLACES_PER_CHECK_SHOWN)) all.push({ index, start: p.start });
  });
  all.sort((a, b) => a.start - b.start);
  const failed: FailedCheck[] = failedChecks.map((c) => ({
    key: c.key,
    value: c.value,
    ...(c.errors === undefined ? {} : { errors: c.errors }),
    places: [],
  }));
  const positions = new TextPositions(html);
  for (const { index, start } of all) failed[index].places.push(positions.of(start));
  return { score: analysis.score, judged: analysis.judged, total: analysis.total, checks, failed };
}

let buffer: Buffer | undefined;

/** The text of the page file at `real` (no link left in it), never read past a byte over `maxBytes`. */
export function readPageFile(real: string, maxBytes: number): { html: string } | { unread: SkipReason; message: string } {
  if (!buffer || buffer.length !== maxBytes + 1) buffer = Buffer.allocUnsafe(maxBytes + 1);
  const read = readTextFile(real, buffer, maxBytes);
  return 'text' in read ? { html: read.text } : { unread: read.reason, message: read.message };
}
