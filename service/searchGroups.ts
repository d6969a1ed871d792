// The total of a broad search, by search group (storeSchema.ts): a report's group is its URL up
// to the end of the host, and a needle inside a group's name is in every report of the group.
// Such a group adds its counter; only the reports of the other groups are read.
import type { Band } from '../core/checks/rating';
import { countWithoutSearch } from './storeQuery';

/** Runs a SELECT of one number. */
export type GetNumber = (sql: string, ...params: unknown[]) => number;

const MATCHED = 'SELECT coalesce(sum(n), 0) FROM search_groups WHERE instr(grp, ?) > 0';
const MATCHED_IN_BAND = 'SELECT coalesce(sum(n), 0) FROM search_groups WHERE band = ? AND instr(grp, ?) > 0';
const OTHERS_ROWS =
  "SELECT coalesce(sum((SELECT count(*) FROM reports r WHERE r.band IS nullif(g.band, '') AND r.search_group = g.grp AND instr(r.url_search, ?) > 0)), 0) FROM search_groups g";
const OTHERS = `${OTHERS_ROWS} WHERE instr(g.grp, ?) = 0`;
const OTHERS_IN_BAND = `${OTHERS_ROWS} WHERE g.band = ? AND instr(g.grp, ?) = 0`;

/**
 * The exact number of reports (of `band`, else all) whose search text holds `needle`. When the
 * groups whose names hold it cover at least half of the reports, the rest are read group by group
 * on the (band, group, url_search) index (a search for part of the host names, "example", reads
 * the groups and no report); otherwise `scan()`, the plain count, which reads each report once and
 * is cheaper than a seek per group. Either way: the band's groups once, at most its reports once.
 */
export function broadSearchTotal(get: GetNumber, needle: string, band: Band | undefined, scan: () => number): number {
  const counter = countWithoutSearch({ band });
  const reports = get(counter.count, ...counter.countParams);
  const matched = band === undefined ? get(MATCHED, needle) : get(MATCHED_IN_BAND, band, needle);
  if (matched * 2 < reports) return scan();
  return matched + (band === undefined ? get(OTHERS, needle, needle) : get(OTHERS_IN_BAND, needle, band, needle));
}
