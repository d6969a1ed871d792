// A report's failed checks named for a sentence: "Title, Meta description, and 3 more". The most
// important first (high, medium, low, then those without one), in the order sent within each, so
// the names said are the ones most worth fixing. Read by the one reader of checks, bounded.
import * as l10n from '@vscode/l10n';
import { plainText } from '../text/plainText';
import { checkName } from './checkNames';
import { forEachCheck, importanceOfCheck, importanceRank, MAX_CHECKS_PER_REPORT, stateOfCheck } from './checkResults';

/** Failed checks named in a sentence at most; the rest are counted. */
export const MAX_FAILING_NAMED = 3;
/** Characters of one check's name said at most. */
const MAX_NAME = 60;

/**
 * The failed checks' names, most important first, at most `max`; how many failed among the checks
 * read; and whether the report held more than are read (MAX_CHECKS_PER_REPORT): then the count is a
 * lower bound.
 */
export function failingNames(results: unknown, max = MAX_FAILING_NAMED): { names: string[]; total: number; capped: boolean } {
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
  const names = failed.slice(0, max).map((f) => plainText(checkName(f.key), MAX_NAME));
  return { names, total: failed.length, capped: read >= MAX_CHECKS_PER_REPORT };
}

/** The failed checks in words ("Title, Meta description, and 3 more"), or undefined when none failed. */
export function failingWords(results: unknown): string | undefined {
  const { names, total, capped } = failingNames(results);
  if (total === 0) return undefined;
  const more = total - names.length;
  // Past the checks read, how many more failed is not known: not counted.
  if (capped) return `${names.join(', ')}, ${l10n.t('and more')}`;
  return more > 0 ? `${names.join(', ')}, ${l10n.t('and {0} more', more)}` : names.join(', ');
}
