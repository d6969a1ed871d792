// Where a URL's runs are kept (one of SHARDS files, by a hash of origin and URL) and how the
// history's lines start (for core/files/journal.ts to read a line torn by a crash).

/** The file (0 … shards − 1) a stream key `<origin> <url key>` is kept in; FNV-1a, stable and fast. */
export function shardOf(key: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % shards;
}

/** How the history's lines start: a run, a list of check names (lineFormat.ts). */
export const HISTORY_LINE_STARTS = ['{"k":"', '{"n":"'] as const;

/** The name of a history file. */
export function shardFileName(shard: number): string {
  return `runs-${String(shard).padStart(2, '0')}.jsonl`;
}
