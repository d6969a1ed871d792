// Creates whose answer was lost (timeout, dropped connection, 5xx, cancel): the service may have
// stored the report anyway, so before POSTing the same URL again we look for it. "Is this the
// report my lost create made" is decided from what was known when the first attempt started —
// the ids this extension knew for that URL then and the start time — never from what the tree
// shows now (a refresh in between would put the stored report in the tree and hide it).
import type { ReportsClient } from '../client/client';
import { Report } from '../client/types';
import { spellingsOf, urlKey } from '../urls/urlKey';

/** Clock skew allowed between this machine and the service. */
const SKEW_MS = 60_000;

export interface LostCreate {
  /** When the first unanswered attempt started (ms since epoch, this machine's clock). */
  startedAt: number;
  /** Ids of reports for this exact URL known before that attempt. */
  knownIds: Set<string>;
}

export class LostCreates {
  private readonly lost = new Map<string, LostCreate>();

  /** Remembers the first unanswered attempt of `url`; later ones keep the first one's snapshot. */
  remember(url: string, attempt: LostCreate): void {
    if (!this.lost.has(url)) this.lost.set(url, attempt);
  }

  get(url: string): LostCreate | undefined {
    return this.lost.get(url);
  }

  settle(url: string): void {
    this.lost.delete(url);
  }

  /** The report a lost create of `url` made, if the service has one; throws what the list throws. */
  async find(client: Pick<ReportsClient, 'listReports'>, url: string, signal?: AbortSignal): Promise<Report | undefined> {
    const attempt = this.lost.get(url);
    if (!attempt) return undefined;
    for (const search of searchesFor(url)) {
      const page = await client.listReports({ search, searchBy: 'url', sortBy: 'id', sort: 'desc', perPage: 25 }, { signal });
      const made = page.items.find((report) => isMadeBy(report, url, attempt));
      if (made) return made;
    }
    return undefined;
  }
}

export function isMadeBy(report: Report, url: string, attempt: LostCreate): boolean {
  // The same page the way the service compares URLs (host case, default port, trailing slash).
  const key = urlKey(url);
  if (key === undefined || typeof report.url !== 'string' || urlKey(report.url) !== key) return false;
  if (attempt.knownIds.has(String(report.id))) return false;
  const stamp = new Date(String(report.created_at ?? report.generated_at ?? '')).getTime();
  return Number.isNaN(stamp) || stamp >= attempt.startedAt - SKEW_MS;
}

/**
 * The URL as it was sent (what a service that keeps URLs as sent has stored), then — only for an
 * internationalised host or a path with non-ASCII — its other spellings, in case the service
 * stored another form (spellingsOf: at most four more, asked only while none is found).
 */
function searchesFor(url: string): string[] {
  const key = urlKey(url);
  const spellings = key === undefined ? [] : spellingsOf(key.replace(/^https?:\/\//, ''));
  return spellings.length > 1 ? [...new Set([url.trim(), ...spellings])] : [url.trim()];
}
