// The one rating function: any report record → its band and score. The real service (phpRank)
// sends `result` as a score in percent (often fractional); the spec's plain reading sends a word.
// Everything that shows or places a rating (tree groups, placement after a write, tooltips, the
// panel's badge and gauge, the account chart, hovers, badges, Problems) calls `ratingOf`.
//
// Bands, as the real service's list filter applies them:
//   good   score > 79        (79.01 → good)
//   decent 49 ≤ score ≤ 79   (79 → decent, 49 → decent)
//   bad    score < 49        (48.99 → bad)
// A score outside 0–100, NaN or Infinity is no score at all (band `unknown`).

export type Band = 'good' | 'decent' | 'bad';
export type RatingBand = Band | 'unknown';
export const BANDS: readonly Band[] = ['good', 'decent', 'bad'];

export interface Rating {
  band: RatingBand;
  /** The score in percent, exactly as the service sent it, when it sent one. */
  score?: number;
}

export const GOOD_ABOVE = 79;
export const BAD_BELOW = 49;

/** The band of a score in percent. */
export function bandOfScore(score: number): Band {
  if (score > GOOD_ABOVE) return 'good';
  if (score >= BAD_BELOW) return 'decent';
  return 'bad';
}

/** A finite score in 0–100 from a number or a numeric string, else undefined. */
export function parseScore(value: unknown): number | undefined {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/.test(value)) n = Number(value);
  else return undefined;
  return Number.isFinite(n) && n >= 0 && n <= 100 ? n : undefined;
}

function bandOfWord(value: unknown): Band | undefined {
  if (typeof value !== 'string') return undefined;
  const word = value.trim().toLowerCase();
  return (BANDS as readonly string[]).includes(word) ? (word as Band) : undefined;
}

/**
 * The rating of a record: `result` as a word is taken as it is (with a separate numeric `score`
 * when one is sent); `result` as a number or numeric string is the score and gives the band.
 */
export function ratingOf(record: { result?: unknown; score?: unknown } | null | undefined): Rating {
  if (!record || typeof record !== 'object') return { band: 'unknown' };
  const word = bandOfWord(record.result);
  if (word) {
    const score = parseScore(record.score);
    return score === undefined ? { band: word } : { band: word, score };
  }
  const score = parseScore(record.result) ?? parseScore(record.score);
  return score === undefined ? { band: 'unknown' } : { band: bandOfScore(score), score };
}

/**
 * The order of ratings, worst first: no rating (none, unknown) 0, bad 1, decent 2, good 3. Whether a
 * rating went down (the baseline) and which page got worse (the pull-request comment) ask here.
 */
export function ratingRank(rating: RatingBand | 'none'): number {
  return rating === 'good' ? 3 : rating === 'decent' ? 2 : rating === 'bad' ? 1 : 0;
}

/** A score rounded for people: 73.68… → "74". */
export function roundedScore(score: number): string {
  return String(Math.round(score));
}
