// Creates whose answer was lost (timeout, dropped connection, 5xx, cancel): the service may have
// stored the report anyway, so before POSTing the same URL again we look for it. "Is this the
// report my lost create made" is decided from what was known when the first attempt started —
// the ids known for that URL then and the start time — never from what the tree shows now (a
// refresh in between would put the stored report in the tree and hide it).
//
// "Not found" is not "not stored" while the service may still be analysing the page: until the
// create's time limit has passed since the last send, the outcome stays unknown — we wait and
// look again (LOOK_AGAIN_FIRST_MS, doubling to LOOK_AGAIN_MAX_MS), and never send again on a
// "not found yet".
import type { ReportsClient } from '../client/client';
import { ApiError } from '../client/errors';
import { sleep } from '../client/retry';
import { Report } from '../client/types';
import { spellingsOf, urlKey } from '../urls/urlKey';
import { ownField } from '../text/safeText';
import { parseTime } from '../text/serviceTime';

/** Clock skew allowed between this machine and the service. */
const SKEW_MS = 60_000;
/** The first wait before looking again for a create the service may still be analysing. */
export const LOOK_AGAIN_FIRST_MS = 250;
/** The longest wait between two looks (about 16 looks in a 2-minute time limit). */
export const LOOK_AGAIN_MAX_MS = 10_000;

export interface LostCreate {
  /** When the first unanswered attempt started (ms since epoch, this machine's clock). */
  startedAt: number;
  /** Ids of reports for this exact URL known before that attempt. */
  knownIds: Set<string>;
  /** When the latest attempt was sent; the outcome is unknown until its time limit has passed. Default: startedAt. */
  lastSentAt?: number;
}

export type ListClient = Pick<ReportsClient, 'listReports'>;

export class LostCreates {
  private readonly lost = new Map<string, LostCreate>();

  /** Remembers an unanswered attempt of `url`; the first one's snapshot is kept, the latest send time too. */
  remember(url: string, attempt: LostCreate): void {
    const first = this.lost.get(url);
    const lastSentAt = Math.max(first?.lastSentAt ?? first?.startedAt ?? 0, attempt.lastSentAt ?? attempt.startedAt);
    this.lost.set(url, { ...(first ?? attempt), lastSentAt });
  }

  get(url: string): LostCreate | undefined {
    return this.lost.get(url);
  }

  settle(url: string): void {
    this.lost.delete(url);
  }
}

/** The report a lost create of `url` made, if the service has one; throws what the list throws. */
export async function findMade(client: ListClient, url: string, attempt: LostCreate, signal?: AbortSignal): Promise<Report | undefined> {
  for (const search of searchesFor(url)) {
    const page = await client.listReports({ search, searchBy: 'url', sortBy: 'id', sort: 'desc', perPage: 25 }, { signal });
    const made = page.items.find((report) => isMadeBy(report, url, attempt));
    if (made) return made;
  }
  return undefined;
}

/**
 * Looks for what a lost create made until the service can answer for it: found → the report;
 * the time limit since the last send passed with nothing found → undefined (sending again is
 * safe). Throws what the list throws, and a 'cancelled' ApiError when `signal` aborts.
 */
export async function awaitLost(
  client: ListClient,
  url: string,
  attempt: LostCreate,
  timeLimitMs: number,
  signal?: AbortSignal,
  now: () => number = Date.now,
): Promise<Report | undefined> {
  const until = (attempt.lastSentAt ?? attempt.startedAt) + timeLimitMs;
  for (let wait = LOOK_AGAIN_FIRST_MS; ; wait = Math.min(wait * 2, LOOK_AGAIN_MAX_MS)) {
    const made = await findMade(client, url, attempt, signal);
    if (made) return made;
    const left = until - now();
    if (left <= 0) return undefined;
    if (signal?.aborted) throw new ApiError('cancelled', 'cancelled'); // l10n-exempt: never shown, the caller says "cancelled"
    await sleep(Math.min(wait, left), signal);
  }
}

export function isMadeBy(report: Report, url: string, attempt: LostCreate): boolean {
  // The same page the way the service compares URLs (host case, default port, trailing slash).
  const key = urlKey(url);
  if (key === undefined || typeof report.url !== 'string' || urlKey(report.url) !== key) return false;
  if (attempt.knownIds.has(String(report.id))) return false;
  const stamp = parseTime(ownField(report, 'created_at') ?? ownField(report, 'generated_at'));
  return stamp === undefined || stamp.getTime() >= attempt.startedAt - SKEW_MS;
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
