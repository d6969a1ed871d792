// A scan job's state file: one JSON line of header (the URLs and settings, written whole with
// core/files' atomic write), then one JSON line per event, appended with core/files' journal.
// Replaying the events gives each URL's state; a line cut by a crash is read from where the next
// whole event starts, and a line not understood is ignored, so a crash loses at most the event
// being written, never the job. A `send` is the intent to create: it is on the disk (fdatasync)
// before the request leaves. A URL whose create was sent but never answered ('send' without
// 'done', 'failed' or 'unsent') has an unknown outcome: before anything is sent again, the service
// is searched for the report that send may have made.
import { Privacy } from '../client/types';
import { journalText } from '../files/journal';

export const JOB_FORMAT = 'website-reports-scan';
export const JOB_VERSION = 1;
/** Known report ids kept per send (a URL with more reports than this is not a scan's new URL). */
const MAX_KNOWN_IDS = 100;

export interface JobHeader {
  format: typeof JOB_FORMAT;
  version: typeof JOB_VERSION;
  /** The site or sitemap it came from. */
  input: string;
  createdAt: string;
  privacy: Privacy;
  /** URLs the discovery found, and those left out before the job (already reported, selection). */
  found: number;
  skippedBefore: number;
  urls: string[];
}

export type JobStatus = 'running' | 'paused' | 'cancelled' | 'done';

export type JobEvent =
  /** A create of URL `i` is about to be sent (t: ms since epoch, this machine's clock; k: report ids known for it then). */
  | { e: 'send'; i: number; t: number; k?: string[] }
  /** It was refused without being processed (429, 422...): no report can exist from it. */
  | { e: 'unsent'; i: number }
  /** Its answer was lost (timeout, network, 5xx, cancel): the service may have stored it. */
  | { e: 'lost'; i: number }
  | { e: 'done'; i: number; id: string; recovered?: boolean }
  | { e: 'failed'; i: number; why: string }
  /** Failed URLs go back to the queue. */
  | { e: 'retry' }
  | { e: 'status'; s: JobStatus };

export type ItemState = 'todo' | 'done' | 'failed';

export interface JobItem {
  url: string;
  state: ItemState;
  /** When the first create of it that may have been stored without an answer started. */
  lostAt?: number;
  /** Report ids known for it when that create started (never taken for what it made). */
  knownIds?: string[];
  /** When its latest create was sent: a lost one's outcome is unknown until its time limit has passed. */
  sentAt?: number;
  /** A send of it has no known outcome (answer lost, or the process stopped): looked for before anything is sent. */
  unanswered?: boolean;
  /** A create sent and not yet answered. */
  sendingAt?: number;
  /** The ids known at that send, until it is answered or lost. */
  sendingKnown?: string[];
  reportId?: string;
  recovered?: boolean;
  reason?: string;
}

/** The header as the file's first line (with its line break, framed as the journal's lines). */
export function headerLine(header: JobHeader): string {
  return journalText([JSON.stringify(header)]);
}

/** How every event line starts (`e` is written first), to read a line torn by a crash. */
export const EVENT_START = '{"e":"';

/** An event as one line (without its line break). */
export function eventLine(event: JobEvent): string {
  return JSON.stringify(event);
}

/** The header of a state file's text, or undefined when it is not one. */
export function readHeader(line: string): JobHeader | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  const h = value as Partial<JobHeader> | null;
  if (!h || typeof h !== 'object' || h.format !== JOB_FORMAT || h.version !== JOB_VERSION) return undefined;
  if (!Array.isArray(h.urls) || !h.urls.every((u) => typeof u === 'string')) return undefined;
  if (h.privacy !== 0 && h.privacy !== 1 && h.privacy !== 2) return undefined;
  return {
    format: JOB_FORMAT,
    version: JOB_VERSION,
    input: typeof h.input === 'string' ? h.input : '',
    createdAt: typeof h.createdAt === 'string' ? h.createdAt : '',
    privacy: h.privacy,
    found: Number.isInteger(h.found) ? Number(h.found) : h.urls.length,
    skippedBefore: Number.isInteger(h.skippedBefore) ? Number(h.skippedBefore) : 0,
    urls: h.urls,
  };
}

/** One event line, or undefined when it is cut or not understood. */
export function readEvent(line: string, count: number): JobEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  const ev = value as Record<string, unknown> | null;
  if (!ev || typeof ev !== 'object') return undefined;
  const index = ev.i;
  const validIndex = Number.isInteger(index) && (index as number) >= 0 && (index as number) < count;
  switch (ev.e) {
    case 'send': {
      if (!validIndex || typeof ev.t !== 'number' || !Number.isFinite(ev.t)) return undefined;
      const known = Array.isArray(ev.k) ? ev.k.filter((id): id is string => typeof id === 'string').slice(0, MAX_KNOWN_IDS) : [];
      return known.length ? { e: 'send', i: index as number, t: ev.t, k: known } : { e: 'send', i: index as number, t: ev.t };
    }
    case 'unsent':
    case 'lost':
      return validIndex ? { e: ev.e, i: index as number } : undefined;
    case 'done':
      return validIndex && (typeof ev.id === 'string' || typeof ev.id === 'number')
        ? { e: 'done', i: index as number, id: String(ev.id), recovered: ev.recovered === true }
        : undefined;
    case 'failed':
      return validIndex && typeof ev.why === 'string' ? { e: 'failed', i: index as number, why: ev.why } : undefined;
    case 'retry':
      return { e: 'retry' };
    case 'status':
      return ev.s === 'running' || ev.s === 'paused' || ev.s === 'cancelled' || ev.s === 'done' ? { e: 'status', s: ev.s } : undefined;
    default:
      return undefined;
  }
}

/** Applies one event to the items (and returns the job's status when it changes). */
export function applyEvent(items: JobItem[], event: JobEvent): JobStatus | undefined {
  switch (event.e) {
    case 'send': {
      const item = items[event.i];
      item.sendingAt = event.t;
      item.sentAt = event.t;
      item.sendingKnown = event.k;
      return undefined;
    }
    case 'unsent':
      items[event.i].sendingAt = undefined;
      items[event.i].sendingKnown = undefined;
      return undefined;
    case 'lost':
      markLost(items[event.i]);
      return undefined;
    case 'done':
      items[event.i] = { url: items[event.i].url, state: 'done', reportId: event.id, recovered: event.recovered || undefined };
      return undefined;
    case 'failed': {
      const item = items[event.i];
      item.state = 'failed';
      item.reason = event.why;
      item.unanswered = undefined;
      return undefined;
    }
    case 'retry':
      for (const item of items) {
        if (item.state === 'failed') {
          item.state = 'todo';
          item.reason = undefined;
        }
      }
      return undefined;
    case 'status':
      return event.s;
  }
}

/** After a replay: a create that was sent and never answered may have been stored. */
export function settleInterrupted(items: JobItem[]): void {
  for (const item of items) if (item.sendingAt !== undefined) markLost(item);
}

/** Its send's answer was lost: the first lost send's time and known ids are kept (the wider search). */
function markLost(item: JobItem): void {
  if (item.lostAt === undefined && item.sendingAt !== undefined) {
    item.lostAt = item.sendingAt;
    item.knownIds = item.sendingKnown;
  }
  if (item.sendingAt !== undefined) item.unanswered = true;
  item.sendingAt = undefined;
  item.sendingKnown = undefined;
}
