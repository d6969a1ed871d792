// What the tree keeps of a report: a few small fields, enough for labels, tooltips, menus,
// placement, sorting and create's duplicate check. List pages may carry whole analyses (about
// 3 KB+ per record on the real service, any size on a hostile one); the report panel reads the
// full record when it opens, so the model never holds `results` or fields it does not know.
import { OVERSIZED, type Report } from '../client/types';

/** Longer than this, a URL is not worth keeping in the tree (the panel still reads it in full). */
export const MAX_URL_CHARS = 4096;
/** Timestamps, project names and rating words are short; anything longer is not one. */
export const MAX_SHORT_CHARS = 256;

const SHORT_TEXT = ['project', 'generated_at', 'created_at', 'updated_at'] as const;

function text(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.length <= max ? value : undefined;
}

/** A finite number, or a short string (the real service's score may come as either). */
function scalar(value: unknown): string | number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  return text(value, MAX_SHORT_CHARS);
}

/**
 * The projection of a record the model holds. Copies only primitives, so a hostile record (deep
 * nesting, huge fields, getters on odd types) costs nothing here and nothing later recurses into it.
 */
export function summaryOf(record: Report): Report {
  const summary: Report = { id: record.id };
  const url = text(record.url, MAX_URL_CHARS);
  if (url !== undefined) summary.url = url;
  const result = scalar(record.result);
  if (result !== undefined) summary.result = result as string;
  const score = scalar(record.score);
  if (score !== undefined) summary.score = score as number;
  if (typeof record.privacy === 'number' && Number.isFinite(record.privacy)) summary.privacy = record.privacy;
  if (typeof record.password === 'boolean') summary.password = record.password;
  for (const field of SHORT_TEXT) {
    const value = text(record[field], MAX_SHORT_CHARS);
    if (value !== undefined) summary[field] = value;
  }
  // A record too large to show stays marked, so the tree and tooltip can say so.
  const oversized = record[OVERSIZED];
  if (oversized) summary[OVERSIZED] = { bytes: oversized.bytes, reason: oversized.reason };
  return summary;
}
