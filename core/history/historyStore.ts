// The local history of report runs: for each service origin and URL, the last runs of its report
// (one snapshot per distinct run), kept in the extension's global storage.
//
// Why plain files of JSON lines: the extension host may not load a native module from the .vsix
// (no better-sqlite3 there), SQLite compiled to wasm alone is larger than the package's 400 KB
// budget, and the data is small and append-mostly: a run is one line appended. Appending a whole
// line with O_APPEND is what keeps it crash-safe (a kill during a write can only tear the last
// line, which the reader skips) and lets two windows write at once; the rare rewrite (compaction)
// goes to a temporary file renamed over the old one, under an exclusive lock file, after
// re-reading the file.
//
// Layout: SHARDS files `runs-NN.jsonl`, a URL's runs all in the file its key hashes to, so a read
// touches one small file. Line format: lineFormat.ts (check names written once per file; a check
// is one character of a run's line).
//
// Nothing is read when the store is made: the first call reads the one file it needs. What is
// cached: per file read, its lines grouped by URL (the raw lines, at most MAX_RUNS_PER_URL per
// URL) and its check-name lists, with the file's identity and the offset read up to; a later call
// reads only what was appended since (or the whole file again when another window compacted it).
// Files cached are bounded by MAX_CACHED_CHARS, least recently used dropped first.

import * as path from 'node:path';
import { urlKey } from '../urls/urlKey';
import { ownField, textOf } from '../text/safeText';
import { parseTime } from '../text/serviceTime';
import type { HistoryFiles } from '../files/fileOps';
import { identityOf, isNamesLine, keyOfLine, namesId, namesLine, parseNamesLine, parseRunLine, runIdentity, runLine } from './lineFormat';
import { withLock } from '../files/lock';
import { writeAtomically } from '../files/atomicWrite';
import { isTempOf } from '../files/tempName';
import { appendLines, journalRead } from '../files/journal';
import { DEFAULT_LIMITS, MAX_READ_BYTES, SHARDS, type HistoryLimits } from './historyLimits';
import { HISTORY_LINE_STARTS, shardFileName, shardOf } from './shards';
import { compactedLines } from './compaction';
import { snapshotOf, type RunSnapshot } from './snapshot';

export * from './historyLimits';
export { shardFileName, shardOf } from './shards';

export type LogLevel = 'info' | 'warn' | 'error';

export interface HistoryStoreOptions {
  /** The directory of the history (in the extension's global storage). */
  dir: string;
  files: HistoryFiles;
  log?: (level: LogLevel, message: string) => void;
  limits?: Partial<HistoryLimits>;
}

interface ShardCache {
  ino: number;
  /** Bytes of the file read (up to its last line break). */
  offset: number;
  names: Map<string, string[]>;
  /** Lines of runs by key, oldest first, at most maxRunsPerUrl each. */
  streams: Map<string, string[]>;
  /** Run lines in the file, kept or dropped. */
  runLines: number;
  deadBytes: number;
  chars: number;
  appends: number;
}

/** How a run line without checks ends (lineFormat.ts writes `c` last). */
const NO_CHECKS = '"c":""}';

function emptyCache(ino = -1): ShardCache {
  return { ino, offset: 0, names: new Map(), streams: new Map(), runLines: 0, deadBytes: 0, chars: 0, appends: 0 };
}

export class HistoryStore {
  private readonly limits: HistoryLimits;
  private readonly cache = new Map<number, ShardCache>();
  private cachedChars = 0;
  private dirMade = false;

  constructor(private readonly options: HistoryStoreOptions) {
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
  }

  /** Records the run a report record shows, unless that run is already there. True when added. */
  async record(origin: string, record: unknown): Promise<boolean> {
    const key = urlKey(textOf(ownField(record, 'url')));
    if (key === undefined) return false;
    return this.add(origin, key, snapshotOf(record));
  }

  /** The runs of a URL at a service, oldest first. */
  async runsFor(origin: string, url: string): Promise<RunSnapshot[]> {
    const key = urlKey(url);
    if (key === undefined) return [];
    const stream = `${origin} ${key}`;
    const cache = await this.refresh(shardOf(stream, SHARDS));
    // A run recorded twice (first without its checks, then with them): the later line counts.
    const byIdentity = new Map<string, RunSnapshot>();
    for (const line of cache.streams.get(stream) ?? []) {
      const run = parseRunLine(line, cache.names);
      if (!run) continue;
      const identity = identityOf(run);
      byIdentity.delete(identity);
      byIdentity.set(identity, run);
    }
    return inTimeOrder([...byIdentity.values()]);
  }

  /** Removes the whole history. */
  async clear(): Promise<void> {
    this.cache.clear();
    this.cachedChars = 0;
    for (const name of await this.options.files.list(this.options.dir)) {
      if (name.startsWith('runs-')) await this.options.files.unlink(path.join(this.options.dir, name));
    }
  }

  private async add(origin: string, key: string, run: RunSnapshot): Promise<boolean> {
    const stream = `${origin} ${key}`;
    const shard = shardOf(stream, SHARDS);
    const file = this.fileOf(shard);
    // A run already recorded (a list read again) needs no lock: most calls end here.
    const identity = identityOf(run);
    const checked = Object.keys(run.checks).length > 0;
    if (this.hasRun(await this.refresh(shard), stream, identity, checked)) return false;
    if (!this.dirMade) {
      await this.options.files.mkdir(this.options.dir);
      this.dirMade = true;
    }
    return withLock(
      this.options.files,
      `${file}.lock`,
      async () => {
        // Under the lock: what another window appended is read first, so a run is written once.
        let cache = await this.refresh(shard);
        if (this.hasRun(cache, stream, identity, checked)) return false;
        const { line, names } = runLine(stream, run);
        await appendLines(this.options.files, file, cache.names.has(namesId(names)) ? [line] : [namesLine(names), line]);
        cache = await this.refresh(shard);
        cache.appends++;
        if (this.compactionDue(cache)) await this.compact(shard);
        return true;
      },
      this.limits.lockStaleMs,
    );
  }

  /**
   * Whether the run is recorded. A run first seen without its checks (a list page that leaves
   * `results` out) is recorded again when it is read with them; the reader keeps the later line.
   */
  private hasRun(cache: ShardCache, stream: string, identity: string, checked: boolean): boolean {
    const lines = cache.streams.get(stream) ?? [];
    for (let i = lines.length - 1; i >= 0; i--) {
      if (runIdentity(lines[i]) === identity && (!checked || !lines[i].endsWith(NO_CHECKS))) return true;
    }
    return false;
  }

  private compactionDue(cache: ShardCache): boolean {
    const { limits } = this;
    return (
      cache.offset > limits.maxShardBytes ||
      cache.runLines > limits.maxShardRuns ||
      cache.deadBytes > limits.compactDeadBytes ||
      (limits.compactEvery !== undefined && cache.appends >= limits.compactEvery)
    );
  }

  private fileOf(shard: number): string {
    return path.join(this.options.dir, shardFileName(shard));
  }

  /** The cache of a file, brought up to date with what was appended to it (or reread whole). */
  private async refresh(shard: number): Promise<ShardCache> {
    const file = this.fileOf(shard);
    let cache = this.cache.get(shard);
    const from = cache && cache.ino >= 0 ? { ino: cache.ino, offset: cache.offset } : undefined;
    const read = await this.options.files.read(file, from, MAX_READ_BYTES);
    if (read === undefined) {
      cache = emptyCache();
    } else if (read.whole || cache === undefined || read.tooLarge) {
      if (read.tooLarge || read.size > MAX_READ_BYTES) {
        // l10n-exempt: a log line
        await this.setAside(file, `it is ${read.size} bytes, more than a history file grows to`);
        cache = emptyCache();
      } else {
        cache = emptyCache(read.ino);
        const { good, bad } = this.ingest(cache, read.bytes);
        if (bad > 1 && bad > good) {
          // l10n-exempt: a log line
          await this.setAside(file, `${bad} of its ${good + bad} lines are not history lines`);
          cache = emptyCache();
        }
      }
    } else {
      this.ingest(cache, read.bytes);
    }
    this.keep(shard, cache);
    return cache;
  }

  /** Reads whole lines of `bytes` into the cache; a last line without its line break waits. */
  private ingest(cache: ShardCache, bytes: Uint8Array): { good: number; bad: number } {
    const read = journalRead(bytes, HISTORY_LINE_STARTS);
    cache.offset += read.bytes;
    cache.chars += read.chars;
    let good = 0;
    let bad = 0;
    for (const line of read.lines) {
      if (isNamesLine(line)) {
        const names = parseNamesLine(line);
        if (names) {
          cache.names.set(names.id, names.names);
          good++;
        } else bad++;
        continue;
      }
      const key = keyOfLine(line);
      if (key === undefined) {
        bad++;
        cache.deadBytes += line.length + 1;
        continue;
      }
      good++;
      cache.runLines++;
      let lines = cache.streams.get(key);
      if (lines === undefined) cache.streams.set(key, (lines = []));
      lines.push(line);
      if (lines.length > this.limits.maxRunsPerUrl) cache.deadBytes += (lines.shift()?.length ?? 0) + 1;
    }
    return { good, bad };
  }

  private keep(shard: number, cache: ShardCache): void {
    const old = this.cache.get(shard);
    if (old) this.cachedChars -= old.chars;
    this.cache.delete(shard);
    this.cache.set(shard, cache);
    this.cachedChars += cache.chars;
    for (const [other, entry] of this.cache) {
      if (this.cachedChars <= this.limits.maxCachedChars || other === shard) break;
      this.cache.delete(other);
      this.cachedChars -= entry.chars;
    }
  }

  private async setAside(file: string, why: string): Promise<void> {
    const aside = `${file}.corrupt-${Date.now()}`;
    try {
      await this.options.files.rename(file, aside);
      // l10n-exempt: a log line
      this.options.log?.(
        'warn',
        `History file ${path.basename(file)} set aside as ${path.basename(aside)}: ${why}. Its history starts again.`,
      );
    } catch (error) {
      // l10n-exempt: a log line
      this.options.log?.('error', `History file ${path.basename(file)} could not be set aside: ${String(error)}`);
    }
  }

  /**
   * Rewrites a file with only the runs it keeps (the last MAX_RUNS_PER_URL per URL, then the file's
   * newest within COMPACT_TO of its caps), through a temporary file renamed over it. Called under
   * the file's lock, after reading it again whole.
   */
  private async compact(shard: number): Promise<void> {
    const { files } = this.options;
    const file = this.fileOf(shard);
    this.cache.delete(shard);
    const read = await files.read(file);
    if (read === undefined) return;
    const out = compactedLines(journalRead(read.bytes, HISTORY_LINE_STARTS).lines, this.limits);
    // Under the lock, no other compaction of this file runs: a temporary file left is from a crash.
    for (const name of await files.list(this.options.dir)) {
      if (isTempOf(name, file)) await files.unlink(path.join(this.options.dir, name));
    }
    await writeAtomically(file, out.length ? `${out.join('\n')}\n` : '', files);
  }
}

/** Runs sorted by their time when every one has a readable time; else as recorded. */
function inTimeOrder(runs: RunSnapshot[]): RunSnapshot[] {
  const times = runs.map((run) => parseTime(run.generatedAt)?.getTime() ?? NaN);
  if (times.some((t) => Number.isNaN(t))) return runs;
  return runs
    .map((run, i) => ({ run, t: times[i], i }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map((x) => x.run);
}
