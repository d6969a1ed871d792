// CSV for exported reports: RFC 4180 (fields with a comma, quote or line break are quoted, quotes
// doubled, CRLF between records) and safe to open in a spreadsheet: a cell that begins with `=`,
// `+`, `-`, `@`, a tab or a carriage return is prefixed with `'`, so no report field can become a
// formula (CSV injection). A record, list or other value in a column is written as its JSON
// (`boundedJson`: never throws, values nested too deeply become a marker), and a cell longer than
// CSV_MAX_CELL is cut with CELL_CUT_MARKER, as a spreadsheet holds no more in one cell.
import { Report } from '../client/types';
import { boundedJson } from '../text/safeJson';
import { RatingBand, ratingOf } from '../checks/rating';
import { ownFields, textOf } from '../text/safeText';

// l10n-exempt: CSV is a data format; its cells stay the same in every display language.
const CSV_RATING: Record<RatingBand, string> = { good: 'Good', decent: 'Decent', bad: 'Bad', unknown: 'No rating' };

const FORMULA_START = /^[=+\-@\t\r]/;

/** Characters of one cell at most: a little under what a spreadsheet cell holds (32,767). */
export const CSV_MAX_CELL = 32_000;
// l10n-exempt: a data format; the marker is the same in every display language
export const CELL_CUT_MARKER = '…[cut]';

/** One field: neutralised against formulas, then quoted when RFC 4180 needs it. */
export function csvCell(value: unknown): string {
  let text = typeof value === 'object' && value !== null ? boundedJson(value) : textOf(value);
  if (text.length > CSV_MAX_CELL) text = `${text.slice(0, CSV_MAX_CELL - CELL_CUT_MARKER.length)}${CELL_CUT_MARKER}`;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record line, ending with CRLF. */
export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** The columns of an export: the known fields, and the rating as this extension reads it. */
export const CSV_COLUMNS = [
  'id',
  'url',
  'rating',
  'score',
  'result',
  'privacy',
  'project',
  'generated_at',
  'created_at',
  'updated_at',
] as const;

export function csvHeader(): string {
  return csvRow(CSV_COLUMNS);
}

export function csvReport(found: Report): string {
  // The record's fields read without running its code (getters, a proxy).
  const report = ownFields(found, CSV_COLUMNS);
  const rating = ratingOf(report);
  const cells: Record<(typeof CSV_COLUMNS)[number], unknown> = {
    id: report.id,
    url: report.url,
    rating: CSV_RATING[rating.band],
    score: rating.score,
    result: report.result,
    privacy: report.privacy,
    project: report.project,
    generated_at: report.generated_at,
    created_at: report.created_at,
    updated_at: report.updated_at,
  };
  return csvRow(CSV_COLUMNS.map((column) => cells[column]));
}
