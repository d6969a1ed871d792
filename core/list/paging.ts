// Bounded paging. A service may keep announcing a next page forever (empty pages, the same page
// again, a `links.next` that points back); one refresh once sent ~40,000 requests in 3 s. Each
// group keeps a trail of what it read since its last reload and stops on an empty page, on a
// page already seen (same number, same next link, or nothing new) and at hard caps.
import * as l10n from '@vscode/l10n';
import type { ReportsClient } from '../client/client';
import { displayLocale } from '../text/locale';
import type { Report, ReportPage } from '../client/types';
import { summaryOf } from './reportSummary';

/** What the model needs of the API client. */
export type PageSource = Pick<ReportsClient, 'listReports' | 'nextPage'>;

export interface PagingLimits {
  /** Pages one refresh follows on its own per group, to give back the depth the user had loaded. */
  maxPages: number;
  /** Reports one group holds at most. */
  maxReports: number;
}

export const PAGING_LIMITS: PagingLimits = { maxPages: 50, maxReports: 5000 };

/**
 * Why a group stopped before the service said it ended. `page-limit` only pauses a refresh
 * ("Load more" goes on); the others end the group until the next refresh.
 */
export type CutReason = 'empty-page' | 'repeated-page' | 'page-limit' | 'report-limit';

export interface TakenPage {
  /** The page's reports the group did not hold yet, within the group's cap. */
  fresh: Report[];
  cut?: CutReason;
}

export class PageTrail {
  private readonly numbers = new Set<number>();
  private readonly links = new Set<string>();
  /** Pages read since the group's reload. */
  pages = 0;

  constructor(readonly limits: PagingLimits) {}

  /** Takes a page just read for a group holding the ids in `held`. */
  take(page: ReportPage, held: ReadonlySet<string>): TakenPage {
    this.pages++;
    const repeatedNumber = this.numbers.has(page.page);
    this.numbers.add(page.page);
    const repeatedLink = page.nextLink !== undefined && this.links.has(page.nextLink);
    if (page.nextLink !== undefined) this.links.add(page.nextLink);
    const seen = new Set(held);
    const fresh: Report[] = [];
    for (const report of page.items) {
      const key = String(report.id);
      if (seen.has(key)) continue;
      seen.add(key);
      fresh.push(report);
    }
    const room = Math.max(0, this.limits.maxReports - held.size);
    if (fresh.length > room) {
      fresh.length = room;
      return { fresh, cut: 'report-limit' };
    }
    if (!page.hasMore) return { fresh };
    if (!page.items.length) return { fresh, cut: 'empty-page' };
    if (repeatedNumber || repeatedLink || !fresh.length) return { fresh, cut: 'repeated-page' };
    if (held.size + fresh.length >= this.limits.maxReports) return { fresh, cut: 'report-limit' };
    return { fresh };
  }
}

/** Why a group was cut, for people (the group's tooltip and the view's message). */
export function cutNotice(cut: CutReason, limits: PagingLimits): string {
  switch (cut) {
    case 'empty-page':
      return l10n.t('the service announced another page and sent an empty one; refresh to try again');
    case 'repeated-page':
      return l10n.t('the service sent a page already shown instead of the next one; refresh to try again');
    case 'page-limit':
      return l10n.t('a refresh reloads at most {0} pages per group; "Load more" goes on', limits.maxPages);
    case 'report-limit':
      return l10n.t(
        'at most {0} reports per group are shown; search or filter by project to see others',
        limits.maxReports.toLocaleString(displayLocale()),
      );
  }
}

/** Whether "Load more" may ask for the group's next page. */
export function mayContinue(lastPage: ReportPage | undefined, cut: CutReason | undefined): boolean {
  return !!lastPage?.hasMore && (cut === undefined || cut === 'page-limit');
}

export interface Walk {
  first: ReportPage;
  last: ReportPage;
  items: Report[];
  cut?: CutReason;
}

/**
 * Reads pages after `first` until `depth` reports are held, the group ends, or the trail says
 * stop. A failure after the first page keeps what was read (the last page read is where "Load
 * more" resumes).
 */
export async function walkPages(
  source: PageSource,
  first: ReportPage,
  depth: number,
  trail: PageTrail,
  signal: AbortSignal,
): Promise<Walk> {
  const held = new Set<string>();
  const items: Report[] = [];
  const add = (taken: TakenPage): CutReason | undefined => {
    for (const report of taken.fresh) {
      held.add(String(report.id));
      items.push(summaryOf(report));
    }
    return taken.cut;
  };
  // Held as summaries from the start: a deep refresh never keeps its pages' full records.
  let last = first;
  let cut = add(trail.take(first, held));
  while (!cut && items.length < depth && last.hasMore && !signal.aborted) {
    if (trail.pages >= trail.limits.maxPages) {
      cut = 'page-limit';
      break;
    }
    let next: ReportPage;
    try {
      next = await source.nextPage(last, { signal });
    } catch {
      break; // what was read is still worth showing
    }
    last = next;
    cut = add(trail.take(next, held));
  }
  return { first, last, items, cut };
}
