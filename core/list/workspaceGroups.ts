// The groups of the "URLs in Workspace" view: each URL written in the workspace rated by its latest
// report — Bad, Decent, Good, No report, Could not check (the lookup failed: nothing is known, so
// nothing may be created for it), or Outdated (a report older than the config's maxAgeDays).
// Pure; the same answer `webReports.workspaceUrls()` returns.
import * as l10n from '@vscode/l10n';
import type { Report } from '../client/types';
import { plainText } from '../text/plainText';
import { ratingOf } from '../checks/rating';
import { ownField } from '../text/safeText';
import type { IndexedUrl } from '../urls/workspaceIndex';
import { DEFAULT_MAX_AGE_DAYS, isOutdated, reportTime } from '../checks/reportAge';
import { RESULTS_SHOWN } from './groups';

export type WorkspaceRating = 'bad' | 'decent' | 'good' | 'none' | 'unchecked' | 'outdated';

/** The view's groups, in the order shown: what needs work first. */
export const WORKSPACE_GROUPS: readonly WorkspaceRating[] = [...RESULTS_SHOWN, 'none', 'unchecked', 'outdated'];

/** A URL whose lookup failed: its report is unknown (not "none"), for `reason`. */
export class CouldNotCheck {
  constructor(readonly reason: string) {}
}

/** What the lookups said of a URL: its latest report, none (undefined), or could not check. */
export type UrlAnswer = Report | undefined | CouldNotCheck;

export { DEFAULT_MAX_AGE_DAYS } from '../checks/reportAge';

export interface RatedUrl {
  url: string;
  rating: WorkspaceRating;
  score?: number;
  reportId?: string | number;
  /** When the report was generated, as the service sent it. */
  generatedAt?: string;
  /** Why the URL could not be checked (rating 'unchecked'). */
  reason?: string;
  occurrences: { file: string; line: number; column: number }[];
}

/** A URL's group from its answer (undefined: no report), the age limit in days and the time now. */
export function rateUrl(report: UrlAnswer, maxAgeDays: number, now: Date): Omit<RatedUrl, 'url' | 'occurrences'> {
  if (report instanceof CouldNotCheck) return { rating: 'unchecked', reason: report.reason };
  if (!report) return { rating: 'none' };
  const rating = ratingOf({ result: ownField(report, 'result'), score: ownField(report, 'score') });
  const generatedAt = reportTime(report);
  const id = ownField(report, 'id');
  const base: Omit<RatedUrl, 'url' | 'occurrences'> = {
    rating: rating.band === 'unknown' ? 'none' : rating.band,
    ...(rating.score !== undefined ? { score: rating.score } : {}),
    ...(typeof id === 'string' || typeof id === 'number' ? { reportId: id } : {}),
    ...(generatedAt ? { generatedAt } : {}),
  };
  if (isOutdated(report, maxAgeDays, now.getTime())) {
    return { ...base, rating: 'outdated' };
  }
  return base;
}

/** Every indexed URL rated; `reportOf` answers undefined for a URL without a report. */
export function rateAll(
  urls: readonly IndexedUrl[],
  reportOf: (url: IndexedUrl) => UrlAnswer,
  maxAgeDays = DEFAULT_MAX_AGE_DAYS,
  now = new Date(),
): RatedUrl[] {
  return urls.map((indexed) => ({
    url: indexed.url,
    ...rateUrl(reportOf(indexed), maxAgeDays, now),
    occurrences: indexed.occurrences.map(({ file, line, column }) => ({ file, line, column })),
  }));
}

/** The rated URLs by group, each group in URL order. */
export function groupRated(rated: readonly RatedUrl[]): Map<WorkspaceRating, RatedUrl[]> {
  const groups = new Map<WorkspaceRating, RatedUrl[]>(WORKSPACE_GROUPS.map((g) => [g, []]));
  for (const url of rated) groups.get(url.rating)?.push(url);
  return groups;
}

/** URLs listed under one group in the view at most (the filter finds the others; the count is exact). */
export const MAX_GROUP_CHILDREN = 1_000;

/**
 * The rated URLs kept up to date key by key: an edit re-rates only the URLs whose places changed,
 * so its cost follows the edit, not the workspace. Each group keeps its URLs in the order they
 * were first seen; the view sorts only the first MAX_GROUP_CHILDREN it shows.
 */
export class WorkspaceRatings {
  private readonly byKey = new Map<string, RatedUrl>();
  private readonly groups = new Map<WorkspaceRating, Map<string, RatedUrl>>(WORKSPACE_GROUPS.map((g) => [g, new Map()]));

  /** Rates the URLs of `keys` again from the index (a key the index no longer has is removed). */
  update(
    keys: Iterable<string>,
    urlOf: (key: string) => IndexedUrl | undefined,
    reportOf: (url: IndexedUrl) => UrlAnswer,
    maxAgeDays = DEFAULT_MAX_AGE_DAYS,
    now = new Date(),
  ): Set<WorkspaceRating> {
    const touched = new Set<WorkspaceRating>();
    for (const key of keys) {
      const old = this.byKey.get(key);
      if (old) {
        this.groups.get(old.rating)?.delete(key);
        touched.add(old.rating);
        this.byKey.delete(key);
      }
      const indexed = urlOf(key);
      if (!indexed) continue;
      const [rated] = rateAll([indexed], reportOf, maxAgeDays, now);
      this.byKey.set(key, rated);
      this.groups.get(rated.rating)?.set(key, rated);
      touched.add(rated.rating);
    }
    return touched;
  }

  clear(): void {
    this.byKey.clear();
    for (const group of this.groups.values()) group.clear();
  }

  get size(): number {
    return this.byKey.size;
  }

  count(rating: WorkspaceRating, filter = ''): number {
    const group = this.groups.get(rating);
    if (!group) return 0;
    if (!filter) return group.size;
    let n = 0;
    for (const url of group.values()) if (url.url.toLowerCase().includes(filter)) n++;
    return n;
  }

  /** The first MAX_GROUP_CHILDREN URLs of a group (containing `filter`, lower case), sorted by URL. */
  children(rating: WorkspaceRating, filter = ''): RatedUrl[] {
    const out: RatedUrl[] = [];
    for (const url of this.groups.get(rating)?.values() ?? []) {
      if (filter && !url.url.toLowerCase().includes(filter)) continue;
      out.push(url);
      if (out.length >= MAX_GROUP_CHILDREN) break;
    }
    return out.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  }

  /** Every rated URL, sorted by URL. */
  all(): RatedUrl[] {
    return [...this.byKey.values()].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  }

  /** What the view says while some URLs could not be checked (the first one's reason); undefined when none. */
  uncheckedMessage(): string | undefined {
    const count = this.count('unchecked');
    if (count === 0) return undefined;
    const reason = plainText(this.groups.get('unchecked')?.values().next().value?.reason ?? '', 200);
    return count === 1
      ? l10n.t('Could not check 1 URL ({0}); it is looked up again on Refresh.', reason)
      : l10n.t('Could not check {0} URLs ({1}); they are looked up again on Refresh.', count, reason);
  }

  /** The URLs known to have no report (never those that could not be checked). */
  unrated(): string[] {
    return [...(this.groups.get('none')?.values() ?? [])].map((u) => u.url);
  }
}
