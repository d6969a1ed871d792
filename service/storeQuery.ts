// The list query as SQL: which rows (band, project, URL search), in which order, and the total.
import type { Band } from '../core/checks/rating';
import type { StoredReport } from './types';

export type SortKey = 'id' | 'url' | 'score' | 'generated_at';

export interface ListQuery {
  band?: Band;
  /** case-insensitive substring of the URL in any of its forms (urlForms.ts) */
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
  /** a search with no rare trigram and no project: its total may be counted by search group */
  broad?: { needle: string; band?: Band };
}

const ORDER_COLUMN: Record<SortKey, string | undefined> = {
  id: undefined,
  url: 'r.url',
  score: 'r.score',
  generated_at: 'r.generated_ms',
};

/** FTS5 string syntax: in double quotes, inner quotes doubled. */
export function ftsString(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * Trigrams probed per search at most: a long needle's trigrams are sampled evenly, so a search
 * costs at most this many probes (each reads at most PROBE_CAP postings) whatever its length.
 */
export const MAX_PROBED_TRIGRAMS = 32;

/**
 * The distinct trigrams of a needle, by code point (as the FTS5 trigram tokenizer cuts them),
 * at most MAX_PROBED_TRIGRAMS of them. A trigram with a NUL is left out: FTS5 reads a query
 * string only up to a NUL ("unterminated string"); instr() still tests the whole needle.
 */
export function trigramsOf(needle: string): string[] {
  const chars = [...needle];
  const out = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) {
    const trigram = chars.slice(i, i + 3).join('');
    if (!trigram.includes('\u0000')) out.add(trigram);
  }
  const all = [...out];
  if (all.length <= MAX_PROBED_TRIGRAMS) return all;
  const step = all.length / MAX_PROBED_TRIGRAMS;
  return Array.from({ length: MAX_PROBED_TRIGRAMS }, (_, i) => all[Math.floor(i * step)]);
}

/**
 * How many reports' URLs contain a trigram, counted only up to this cap: a probe reads at most
 * this many postings, so choosing the rarest trigram of a needle costs the same at any size.
 */
export const PROBE_CAP = 256;
export const PROBE_SQL = `SELECT count(*) FROM (SELECT rowid FROM reports_url_search WHERE reports_url_search MATCH ? LIMIT ${PROBE_CAP})`;

/**
 * `rareTrigram`: the needle's rarest trigram when it has fewer than PROBE_CAP postings (the
 * caller probes, see Store.list), else undefined.
 *
 * Why this and not a plain FTS5 phrase or LIKE: every URL shares trigrams ("htt", ".co", "exa"),
 * and FTS5 reads the whole posting list of each trigram of the needle, so a host search cost
 * 43 ms at 100,000 reports (measured). The rarest trigram's list is about as long as the
 * matches (0.9 ms for a host search at 100,000 reports, the same as at 1,000). A needle with no
 * rare trigram, or shorter than three characters, matches a large share of the reports anyway
 * and is an instr() scan along the band's index, linear but no worse than its result (its total:
 * by search group, searchGroups.ts).
 */
export function listStatement(q: ListQuery, rareTrigram?: string): ListStatement {
  const where: string[] = [];
  const params: unknown[] = [];
  let from = 'reports r';
  const needle = q.search ? q.search.toLowerCase() : undefined;
  if (needle !== undefined) {
    if (rareTrigram !== undefined) {
      // CROSS JOIN keeps the trigram's postings the outer loop; instr() then decides exactly, so
      // the result is the same substring test as the in-memory filter was.
      from = '(SELECT rowid AS id FROM reports_url_search WHERE reports_url_search MATCH ?) m CROSS JOIN reports r ON r.id = m.id';
      params.push(ftsString(rareTrigram));
    }
    where.push('instr(r.url_search, ?) > 0');
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
  if (needle !== undefined) {
    // A broad needle (no rare trigram) over a band or all: counted by search group (searchGroups.ts).
    const broad = rareTrigram === undefined && q.project === undefined ? { needle, band: q.band } : undefined;
    return { count: `SELECT count(*) FROM ${from}${whereSql}`, countParams: params, page, pageParams: params, broad };
  }
  return { ...countWithoutSearch(q), page, pageParams: params };
}

/** Totals without a search come from the counters the triggers keep (storeSchema.ts). */
export function countWithoutSearch(q: Pick<ListQuery, 'band' | 'project'>): Pick<ListStatement, 'count' | 'countParams'> {
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
