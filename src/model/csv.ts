// CSV for exported reports: RFC 4180 (fields with a comma, quote or line break are quoted, quotes
// doubled, CRLF between records) and safe to open in a spreadsheet: a cell that begins with `=`,
// `+`, `-`, `@`, a tab or a carriage return is prefixed with `'`, so no report field can become a
// formula (CSV injection).
import { Report } from '../api/types';
import { RatingBand, ratingOf } from './rating';

// l10n-exempt: CSV is a data format; its cells stay the same in every display language.
const CSV_RATING: Record<RatingBand, string> = { good: 'Good', decent: 'Decent', bad: 'Bad', unknown: 'No rating' };

const FORMULA_START = /^[=+\-@\t\r]/;

/** One field: neutralised against formulas, then quoted when RFC 4180 needs it. */
export function csvCell(value: unknown): string {
  let text = value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
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

export function csvReport(report: Report): string {
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
