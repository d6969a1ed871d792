// The one lock between processes (two VS Code windows, two `scan --state` runs): a lock file that
// appears whole or not at all (written aside, then hard-linked into place: O_EXCL semantics, never
// a half-written holder), holding its owner's process id, that process's start time and a random
// token. A lock whose holder is gone — its process no longer runs, our own pid reused by a later
// process, a holder we cannot read, or (when the caller says so) older than `staleMs` — is stale
// and is taken over, atomically, so that of any number of takers exactly one wins:
//
//   1. The taker first holds a marker lock named after the stale content (`<lock>.<digest>`),
//      taken by these same rules (a marker left by a crash is itself taken over, a few levels deep
//      at most). Only one process at a time holds the marker of one stale content.
//   2. Under the marker it reads the lock again: still the same stale content → it renames a
//      fresh lock file over it (the lock never disappears, so no plain create can slip in);
//      anything else → someone already took it over, and it looks again.
//   3. It drops the marker only after the rename: a late taker who takes the marker then reads
//      the new content in step 2 and backs off.
// A live holder is never taken over when staleness is by liveness only (a scan job runs for hours).
import { writeAtomically } from './atomicWrite';
import type { HistoryFiles } from './fileOps';
import { digestOf, randomHex } from '../text/digest';

/** A lock file older than this belongs to a holder that died, where the caller judges by age. */
export const LOCK_STALE_MS = 10_000;
/** Waiting for a lock (withLock) gives up after this long (the lock is then neither free nor stale: a bug). */
export const LOCK_WAIT_MS = 3 * LOCK_STALE_MS;
/** Levels of takeover markers: past them a lock counts as held (a crash in each level's instant). */
const MAX_MARKER_DEPTH = 3;
const RETRY_MS = 3;

export type LockFiles = Pick<HistoryFiles, 'createExclusive' | 'readText' | 'unlink' | 'rename' | 'writeFile' | 'age'>;

/** Who holds a lock, as its file says. */
export interface Holder {
  pid: number;
  /** When the holder's process started (ms since epoch). */
  start?: number;
  token?: string;
  /** This very process holds it. */
  here: boolean;
}

export interface LockOptions {
  /** Also stale when older than this (locks held for milliseconds); without it, only a gone holder is stale. */
  staleMs?: number;
}

export interface HeldLock {
  readonly path: string;
  /** Removes the lock file if it is still ours. */
  release(): Promise<void>;
}

export type LockResult = { held: HeldLock } | { busy: Holder | undefined };

/** When this process started, to tell it from a later one that got the same pid. */
const PROCESS_START = Math.round(Date.now() - process.uptime() * 1000);
const heldHere = new Set<string>();

/** Takes the lock at `path` if it is free or stale; else says who holds it. Never waits. */
export async function tryLock(files: LockFiles, path: string, options: LockOptions = {}): Promise<LockResult> {
  const token = randomHex(8);
  const mine = JSON.stringify({ pid: process.pid, start: PROCESS_START, token });
  const got = await take(files, path, mine, options, 0);
  if (got !== true) return { busy: got };
  heldHere.add(token);
  return {
    held: {
      path,
      release: async () => {
        heldHere.delete(token);
        await dropIfMine(files, path, mine);
      },
    },
  };
}

/** Runs `work` holding the lock `path`, waiting (a few milliseconds at a time) while another holds it. */
export async function withLock<T>(files: LockFiles, path: string, work: () => Promise<T>, staleMs = LOCK_STALE_MS): Promise<T> {
  const started = Date.now();
  for (;;) {
    const got = await tryLock(files, path, { staleMs });
    if ('held' in got) {
      try {
        return await work();
      } finally {
        await got.held.release().catch(() => undefined);
      }
    }
    // l10n-exempt: an internal error for the log
    if (Date.now() - started > LOCK_WAIT_MS + staleMs) throw new Error(`the lock ${path} was not released`);
    await sleep(RETRY_MS + Math.random() * RETRY_MS);
  }
}

/** true when taken; else the holder (undefined when unreadable yet not stale). */
async function take(files: LockFiles, path: string, mine: string, options: LockOptions, depth: number): Promise<true | Holder | undefined> {
  let holder: Holder | undefined;
  for (let attempt = 0; attempt < 4; attempt++) {
    if (await files.createExclusive(path, mine)) return true;
    const text = await files.readText(path);
    if (text === undefined) continue; // released meanwhile: try again
    holder = holderOf(text);
    if (!(await isStale(files, path, holder, options))) return holder;
    if (depth >= MAX_MARKER_DEPTH) return holder;
    const marker = `${path}.${digestOf('sha256', text).toString('hex').slice(0, 16)}`;
    // A marker is held for an instant; one whose holder is gone is stale like any lock.
    const gotMarker = await take(files, marker, mine, { staleMs: options.staleMs ?? LOCK_STALE_MS }, depth + 1);
    if (gotMarker !== true) {
      await sleep(RETRY_MS + Math.random() * RETRY_MS); // another taker is at it: look again
      continue;
    }
    try {
      if ((await files.readText(path)) === text) {
        await writeAtomically(path, mine, files);
        return true;
      }
    } finally {
      await dropIfMine(files, marker, mine);
    }
  }
  return holder;
}

async function dropIfMine(files: LockFiles, path: string, mine: string): Promise<void> {
  if ((await files.readText(path).catch(() => undefined)) === mine) await files.unlink(path).catch(() => undefined);
}

async function isStale(files: LockFiles, path: string, holder: Holder | undefined, options: LockOptions): Promise<boolean> {
  if (!holder) return true; // nothing readable: no holder can be asked
  if (!holder.here && holder.pid === process.pid) return true; // our pid, reused: its holder is gone
  if (holder.pid !== process.pid && !isAlive(holder.pid)) return true;
  if (options.staleMs === undefined) return false;
  const age = await files.age(path);
  return age !== undefined && age > options.staleMs;
}

/** The holder a lock file names; the history's older "pid token" lines too. */
export function holderOf(text: string): Holder | undefined {
  let pid: unknown;
  let start: unknown;
  let token: unknown;
  try {
    ({ pid, start, token } = JSON.parse(text) as { pid?: unknown; start?: unknown; token?: unknown });
  } catch {
    const [first, second] = text.trim().split(' ');
    pid = /^\d+$/.test(first ?? '') ? Number(first) : undefined;
    token = second;
  }
  if (!Number.isInteger(pid) || (pid as number) <= 0) return undefined;
  const startTime = typeof start === 'number' && Number.isFinite(start) ? start : undefined;
  const tokenText = typeof token === 'string' ? token : undefined;
  const here = pid === process.pid && (tokenText === undefined ? startTime === PROCESS_START : heldHere.has(tokenText));
  return { pid: pid as number, start: startTime, token: tokenText, here };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, ms));
}
