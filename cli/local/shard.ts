// A stable share of the pages for one of N parallel jobs: by a hash of the page's URL, never by
// the order the pages were found in, so every job agrees on every page without talking to the
// others, a page keeps its shard when pages are added, and the shards together hold each page once.
import { digestOf } from '../../core/text/digest';
import type { Shard } from '../args';

/** The shard (1-based) of `url` among `count`. */
export function shardOf(url: string, count: number): number {
  const digest = digestOf('sha256', url);
  return (digest.readUInt32BE(0) % count) + 1;
}

/** Whether the page at `url` is in `shard` (every page when there is no shard). */
export function inShard(url: string, shard: Shard | undefined): boolean {
  return shard === undefined || shardOf(url, shard.count) === shard.index;
}
