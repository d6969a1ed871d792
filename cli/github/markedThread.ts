// The one comment (or issue) this command keeps, found again by the hidden marker at the start of
// its body and by its author (who the token writes as: writer.ts), edited in place, never made
// twice. A create that fails in a way that leaves it unknown
// whether GitHub stored it (a 5xx, a lost connection, a time-out) is not sent again blindly: the
// listing is looked through for the marker first, and only when it is not there is it sent again.
import { ApiError } from '../../core/client/errors';
import type { GitHubApi } from './githubApi';
import { MARKER } from './commentBody';
import { wroteBy, type Author, type Writer } from './writer';

/** Creates sent for one thread in one run, at most. */
export const MAX_CREATE_ATTEMPTS = 3;

export interface Thread {
  /** The comment's id or the number: what the edit address takes. */
  key: number;
  url?: string;
}

interface Item {
  id?: unknown;
  number?: unknown;
  body?: unknown;
  html_url?: unknown;
  pull_request?: unknown;
  user?: Author | null;
}

export interface ThreadPlace {
  /** Where the threads are listed ("repos/o/r/issues/7/comments"). */
  list: string;
  /** Where one is created. */
  create: string;
  /** Where thread `key` is edited. */
  edit: (key: number) => string;
  /** Which field is the key: `id` (comments) or `number` (issues). */
  keyField: 'id' | 'number';
}

export function isMarked(body: unknown): boolean {
  return typeof body === 'string' && body.trimStart().startsWith(MARKER);
}

/**
 * The marked thread `writer` wrote, or undefined. A pull request is not an issue, even where GitHub
 * lists it as one; a marked thread someone else wrote is not this command's.
 */
export async function findThread(api: GitHubApi, place: ThreadPlace, writer: Writer): Promise<Thread | undefined> {
  const item = await api.find<Item>(
    place.list,
    (i) => isMarked(i.body) && wroteBy(i.user, writer) && i.pull_request === undefined && typeof i[place.keyField] === 'number',
  );
  return item && toThread(item, place);
}

function toThread(item: Item, place: ThreadPlace): Thread {
  return { key: item[place.keyField] as number, url: typeof item.html_url === 'string' ? item.html_url : undefined };
}

/** Whether GitHub may have stored a create that failed. */
function unknownOutcome(error: unknown): boolean {
  return !(error instanceof ApiError) || ['server', 'network', 'timeout', 'bad-response'].includes(error.kind);
}

/** Edits the marked thread with `fields`, or creates one with `createFields`; says which. */
export async function upsertThread(
  api: GitHubApi,
  place: ThreadPlace,
  writer: Writer,
  fields: Record<string, unknown>,
  createFields: Record<string, unknown> = fields,
  found?: Thread,
): Promise<{ outcome: 'created' | 'updated'; thread: Thread }> {
  const existing = found ?? (await findThread(api, place, writer));
  if (existing) return { outcome: 'updated', thread: await edit(api, place, existing, fields) };
  let last: unknown;
  for (let attempt = 0; attempt < MAX_CREATE_ATTEMPTS; attempt++) {
    try {
      const made = (await api.send('POST', place.create, createFields)) as Item | undefined;
      const thread = made && typeof made[place.keyField] === 'number' ? toThread(made, place) : undefined;
      return { outcome: 'created', thread: thread ?? { key: 0 } };
    } catch (error) {
      if (!unknownOutcome(error)) throw error;
      last = error;
      const stored = await findThread(api, place, writer);
      if (stored) return { outcome: 'updated', thread: await edit(api, place, stored, fields) };
    }
  }
  throw last;
}

async function edit(api: GitHubApi, place: ThreadPlace, thread: Thread, fields: Record<string, unknown>): Promise<Thread> {
  const answer = (await api.send('PATCH', place.edit(thread.key), fields)) as Item | undefined;
  return { key: thread.key, url: typeof answer?.html_url === 'string' ? answer.html_url : thread.url };
}
