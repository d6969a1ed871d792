// The pages whose report changed against the base branch: each URL's entry now against its entry in
// the baseline (the base branch's, in the action): the rating and score before and after, the
// checks newly failing and fixed (core/checks/checkChanges.ts, as the baseline and the panel say
// it). A URL the baseline does not know is new to the branch; unchanged URLs are left out.
import type { Baseline, BaselineEntry } from '../../core/config/baseline';
import { checkChanges } from '../../core/checks/checkChanges';
import { ratingRank } from '../../core/checks/rating';
import type { ReportId } from '../../core/client/types';

export interface PageChange {
  url: string;
  before?: BaselineEntry;
  now: BaselineEntry;
  newlyFailing: string[];
  fixed: string[];
  reportId?: ReportId;
}

/** The changed pages, those that got worse first (then by URL). */
export function pageChanges(baseline: Baseline, current: Baseline, reportIds: ReadonlyMap<string, ReportId | undefined>): PageChange[] {
  const changes: PageChange[] = [];
  for (const [url, now] of current) {
    const before = baseline.get(url);
    const { newlyFailing, fixed } = checkChanges(before?.checks, now.checks ?? {});
    const same =
      before !== undefined &&
      before.rating === now.rating &&
      rounded(before.score) === rounded(now.score) &&
      !newlyFailing.length &&
      !fixed.length;
    if (!same) changes.push({ url, before, now, newlyFailing, fixed, reportId: reportIds.get(url) });
  }
  return changes.sort((a, b) => drop(b) - drop(a) || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}

function rounded(score: number | undefined): number | undefined {
  return score === undefined ? undefined : Math.round(score);
}

/** How much worse a page got (new pages count as no change of rank). */
function drop(c: PageChange): number {
  return (c.before ? ratingRank(c.before.rating) - ratingRank(c.now.rating) : 0) + c.newlyFailing.length / 1000;
}
