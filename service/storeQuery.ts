// The list query as SQL: which rows (band, project, URL search), in which order, and the total.
import type { Band } from '../src/model/rating';
import type { StoredReport } from './types';

export type SortKey = 'id' | 'url' | 'score' | 'generated_at';

export interface ListQuery {
  band?: Band;
  /** case-insensitive substring of the URL */
  search?: string;
  project?: string;
  sortBy: SortKey;
  sort: 'asc' | 'desc';
  /** 1-based */
  page: number;
  perPage: number;
}

export interface ListResult {
  items: StoredReport[];
  total: number;
}

export interface ListStatement {
  /** SELECT of the total; parameters `countParams` */
  count: string;
  countParams: unknown[];
  /** SELECT of the page's records; parameters `pageParams`, then LIMIT and OFFSET */
  page: string;
  pageParams: unknown[];
}

const ORDER_COLUMN: Record<SortKey, string | undefined> = {
  id: undefined,
  url: 'r.url',
  score: 'r.score',
  generated_at: 'r.generated_ms',
};

/** FTS5 phrase syntax: the needle in double quotes, inner quotes doubled. */
function phrase(needle: string): string {
  return `"${needle.replace(/"/g, '""')}"`;
}

export function listStatement(q: ListQuery): ListStatement {
  const where: string[] = [];
  const params: unknown[] = [];
  let from = 'reports r';
  const needle = q.search ? q.search.toLowerCase() : undefined;
  if (needle !== undefined) {
    // Three characters or more: the trigram index gives the candidates (CROSS JOIN keeps it the
    // outer loop, so the cost follows the matches, not the table). instr() then decides exactly,
    // so the result is the same substring test as before whatever the tokenizer does.
    if ([...needle].length >= 3) {
      from = '(SELECT rowid AS id FROM reports_url_search WHERE reports_url_search MATCH ?) m CROSS JOIN reports r ON r.id = m.id';
      params.push(phrase(needle));
    }
    where.push('instr(r.url_lower, ?) > 0');
    params.push(needle);
  }
  if (q.band !== undefined) {
    where.push('r.band = ?');
    params.push(q.band);
  }
  if (q.project !== undefined) {
    where.push('r.project = ?');
    params.push(q.project);
  }
  const whereSql = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const dir = q.sort === 'asc' ? 'ASC' : 'DESC';
  const column = ORDER_COLUMN[q.sortBy];
  const order = column ? `${column} ${dir}, r.id ${dir}` : `r.id ${dir}`;
  const page = `SELECT r.record FROM ${from}${whereSql} ORDER BY ${order} LIMIT ? OFFSET ?`;
  if (needle !== undefined) return { count: `SELECT count(*) FROM ${from}${whereSql}`, countParams: params, page, pageParams: params };
  return { ...countWithoutSearch(q), page, pageParams: params };
}

/** Totals without a search come from the counters the triggers keep (storeSchema.ts). */
function countWithoutSearch(q: ListQuery): Pick<ListStatement, 'count' | 'countParams'> {
  if (q.project !== undefined && q.band !== undefined) {
    return { count: 'SELECT coalesce((SELECT n FROM project_counts WHERE project = ? AND band = ?), 0)', countParams: [q.project, q.band] };
  }
  if (q.project !== undefined) {
    return { count: 'SELECT coalesce(sum(n), 0) FROM project_counts WHERE project = ?', countParams: [q.project] };
  }
  if (q.band !== undefined) {
    return { count: 'SELECT coalesce((SELECT n FROM band_counts WHERE band = ?), 0)', countParams: [q.band] };
  }
  return { count: 'SELECT coalesce(sum(n), 0) FROM band_counts', countParams: [] };
}
