// The totals of searches, remembered until the data changes: a search's total is a count of its
// matches: no index makes it cheaper when a needle in the paths matches a large share of the
// reports (one in the host names is counted by search group, searchGroups.ts). Paging through a
// search, or asking the same list again, then costs a lookup instead of a recount. Any write
// clears it (the page itself is always read).
import type { Db } from './storeSchema';
import type { ListQuery } from './storeQuery';

/** Totals remembered at most; a key is at most MAX_KEY_LENGTH characters, so ≤ ~1 MiB in all. */
export const MAX_REMEMBERED_TOTALS = 128;
const MAX_KEY_LENGTH = 8192;

export class SearchTotals {
  private readonly totals = new Map<string, number>();
  private seen = '';
  private readonly changes;
  private readonly dataVersion;

  constructor(db: Db) {
    // total_changes(): rows this connection wrote (triggers included, a rolled-back write too);
    // data_version: commits by any other connection to the same file.
    this.changes = db.prepare('SELECT total_changes()').pluck();
    this.dataVersion = db.prepare('PRAGMA data_version').pluck();
  }

  /** The remembered total of the search `q`, else `count()` (remembered for next time). */
  total(q: ListQuery, count: () => number): number {
    const now = `${this.changes.get() as number}:${this.dataVersion.get() as number}`;
    if (now !== this.seen) {
      this.totals.clear();
      this.seen = now;
    }
    const key = JSON.stringify([q.search?.toLowerCase(), q.band ?? null, q.project ?? null]);
    if (key.length > MAX_KEY_LENGTH) return count();
    const known = this.totals.get(key);
    if (known !== undefined) {
      // Map order is insertion order: moving it to the end makes the first one the least recent.
      this.totals.delete(key);
      this.totals.set(key, known);
      return known;
    }
    const total = count();
    if (this.totals.size >= MAX_REMEMBERED_TOTALS) this.totals.delete(this.totals.keys().next().value as string);
    this.totals.set(key, total);
    return total;
  }
}
