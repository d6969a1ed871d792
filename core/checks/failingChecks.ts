// A report's failed checks named for a sentence: "Title, Meta description, and 3 more". The most
// important first (high, medium, low, then those without one), in the order sent within each, so
// the names said are the ones most worth fixing. Read by the one reader of checks, bounded.
import * as l10n from '@vscode/l10n';
import { plainText } from '../text/plainText';
import { checkName } from './checkNames';
import { forEachCheck, importanceOfCheck, importanceRank, MAX_CHECKS_PER_REPORT, stateOfCheck } from './checkResults';
import { BoundedMemo } from '../text/boundedMemo';

/** Failed checks named in a sentence at most; the rest are counted. */
export const MAX_FAILING_NAMED = 3;
/** Characters of one check's name said at most. */
const MAX_NAME = 60;

/** The failed checks' keys, most important first, at most `max`; the count and the cap as `failingNames` says them. */
function failingKeys(results: unknown, max: number): { keys: string[]; total: number; capped: boolean } {
  const failed: Array<{ key: string; rank: number; order: number }> = [];
  const seen = new Set<string>();
  let read = 0;
  forEachCheck(results, MAX_CHECKS_PER_REPORT, (key, item) => {
    read++;
    if (key === '' || seen.has(key)) return;
    seen.add(key);
    if (stateOfCheck(item) !== 'failed') return;
    failed.push({ key, rank: importanceRank(importanceOfCheck(item)), order: failed.length });
  });
  failed.sort((a, b) => a.rank - b.rank || a.order - b.order);
  return { keys: failed.slice(0, max).map((f) => f.key), total: failed.length, capped: read >= MAX_CHECKS_PER_REPORT };
}

/**
 * The failed checks' names, most important first, at most `max`; how many failed among the checks
 * read; and whether the report held more than are read (MAX_CHECKS_PER_REPORT): then the count is a
 * lower bound.
 */
export function failingNames(results: unknown, max = MAX_FAILING_NAMED): { names: string[]; total: number; capped: boolean } {
  const { keys, total, capped } = failingKeys(results, max);
  return { names: keys.map(nameOf), total, capped };
}

function nameOf(key: string): string {
  return plainText(checkName(key), MAX_NAME);
}

/** Words already made, by the failed checks they name (`failingWords`' memo): a run of many reports fails few distinct sets. */
export type WordsMemo = BoundedMemo<string>;
/** Entries a memo keeps at most (keys come from the service): past it, it starts again. */
export const MAX_WORDS_MEMO = 1_000;

/**
 * The failed checks in words ("Title, Meta description, and 3 more"), or undefined when none failed.
 * With `memo`, the words of a set of failed checks said before are not made again.
 */
export function failingWords(results: unknown, memo?: WordsMemo): string | undefined {
  const { keys, total, capped } = failingKeys(results, MAX_FAILING_NAMED);
  if (total === 0) return undefined;
  if (!memo) return wordsOf(keys, total, capped);
  return memo.get(JSON.stringify([capped, total, keys]), () => wordsOf(keys, total, capped));
}

function wordsOf(keys: string[], total: number, capped: boolean): string {
  const names = keys.map(nameOf);
  const more = total - names.length;
  // Past the checks read, how many more failed is not known: not counted.
  if (capped) return `${names.join(', ')}, ${l10n.t('and more')}`;
  return more > 0 ? `${names.join(', ')}, ${l10n.t('and {0} more', more)}` : names.join(', ');
}
