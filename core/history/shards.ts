// Where a URL's runs are kept (one of SHARDS files, by a hash of origin and URL) and how a line
// torn by a crash is read back.

/** The file (0 … shards − 1) a stream key `<origin> <url key>` is kept in; FNV-1a, stable and fast. */
export function shardOf(key: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % shards;
}

/**
 * A line whose head was torn (a write cut short, then another line appended after it): the whole
 * line that follows the torn part. A line start cannot occur inside a whole line (quotes inside
 * its strings are escaped), so one found after position 0 is where the whole line begins.
 */
export function recovered(line: string): string {
  const at = Math.max(line.lastIndexOf('{"k":"'), line.lastIndexOf('{"n":"'));
  return at > 0 ? line.slice(at) : line;
}

/** The name of a history file. */
export function shardFileName(shard: number): string {
  return `runs-${String(shard).padStart(2, '0')}.jsonl`;
}
