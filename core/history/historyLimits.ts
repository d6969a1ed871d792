// The budgets of the local history: runs per URL, per file and in all, bytes per file, what is
// cached; a test may lower them (HistoryLimits), the store never exceeds them.
import { LOCK_STALE_MS } from '../files/lock';

/** Runs kept per URL; older ones are dropped. */
export const MAX_RUNS_PER_URL = 100;
/** Files the history is spread over (by a hash of origin and URL). */
export const SHARDS = 64;
/** Runs one file keeps at most; over it, the oldest runs of the file are dropped. */
export const MAX_SHARD_RUNS = 4_000;
/** Bytes one file keeps at most; over it, the oldest runs of the file are dropped. */
export const MAX_SHARD_BYTES = 1024 * 1024;
/** The total cap: SHARDS × MAX_SHARD_RUNS runs (256,000), and on disk SHARDS × MAX_SHARD_BYTES (64 MiB). */
export const MAX_TOTAL_RUNS = SHARDS * MAX_SHARD_RUNS;
export const MAX_TOTAL_BYTES = SHARDS * MAX_SHARD_BYTES;
/** A compaction keeps this share of a file's caps, so the next one is not due at the next write. */
export const COMPACT_TO = 0.75;
/** Bytes of dropped runs (beyond MAX_RUNS_PER_URL) a file may hold before it is compacted. */
export const COMPACT_DEAD_BYTES = 128 * 1024;
/** A file larger than this is not read: not written by this store, it is set aside as corrupt. */
export const MAX_READ_BYTES = 4 * MAX_SHARD_BYTES;
/** Characters of files kept in memory at most (about twice as many bytes). */
export const MAX_CACHED_CHARS = 8 * 1024 * 1024;

export interface HistoryLimits {
  maxRunsPerUrl: number;
  maxShardRuns: number;
  maxShardBytes: number;
  compactDeadBytes: number;
  maxCachedChars: number;
  lockStaleMs: number;
  /** Tests: compact after this many appends to a file by this store, whatever its size. */
  compactEvery?: number;
}

export const DEFAULT_LIMITS: HistoryLimits = {
  maxRunsPerUrl: MAX_RUNS_PER_URL,
  maxShardRuns: MAX_SHARD_RUNS,
  maxShardBytes: MAX_SHARD_BYTES,
  compactDeadBytes: COMPACT_DEAD_BYTES,
  maxCachedChars: MAX_CACHED_CHARS,
  lockStaleMs: LOCK_STALE_MS,
};
