// A page's local result held from its analysis to the report. A run holds every page's result
// until the report is sorted by URL and written, while the workers' heaps are still up; what it
// holds is what grows with the pages. So each page's is one short string (its fields, its checks'
// states as letters, its places as numbers) and its failed checks' words one shared record per
// distinct set (a site's pages share a few): objects held a page at a time grow V8's young
// generation, as every held byte survives its collections. The LocalPage is made when the report
// is, after the workers are gone.
import { statesOf, type PageSummary } from '../../core/analysis/pageSummary';
import type { LocalPage } from '../../core/config/gateReport';
import { failedCheckMessage } from '../../core/sources/localFindings';
import type { Occurrence } from '../../core/urls/urlsInFiles';

/** What is held of a page: the JSON of a HeldForm. */
export type HeldPage = string & { readonly __held: unique symbol };

/** A failed check's places: on a source file (places already), or on the page's own file (line, column, …). */
type HeldPlaces = [key: string, at: Occurrence[]] | [key: string, ...numbers: number[]];

/** The fields before the score; the score, judged and total; the states; the words (shared: by number); the places. */
type HeldForm = [where: LocalPage] | [LocalPage, number, number, number, string, number | Record<string, string> | null, HeldPlaces[]];

/** Distinct sets of words shared by number in a run, at most; past them, a page holds its own. */
const MAX_SHARED_WORDS = 4096;

/** What a run holds of its pages; the words of their failed checks shared by number. */
export class HeldPages {
  private readonly words: Readonly<Record<string, string>>[] = [];
  private readonly wordsIds = new Map<string, number>();

  /** What is held of a page that has no analysis (`where` says why: its `reason`). */
  alone(where: LocalPage): HeldPage {
    return flat(JSON.stringify([where] satisfies HeldForm));
  }

  /**
   * What is held of the page at `where` from its summary `a`: `onSource`, the places of its
   * failed checks on the page's source file (by check), else those on its own file, `where.file`.
   */
  hold(where: LocalPage, a: PageSummary, onSource?: Map<string, Occurrence[]>): HeldPage {
    const failed = a.failed;
    const places: HeldPlaces[] = [];
    for (const c of failed) {
      const at = onSource?.get(c.key);
      if (at !== undefined) {
        if (at.length) places.push([c.key, at]);
      } else if (where.file !== undefined && c.places.length) places.push([c.key, ...c.places]);
    }
    const words = failed.length ? this.wordsOf(failed.map((c) => [c.key, failedCheckMessage(c)])) : null;
    return flat(JSON.stringify([where, a.score, a.judged, a.total, a.states, words, places] satisfies HeldForm));
  }

  /** The page's LocalPage, as the report writes it (its fields in the report's order). */
  localPageOf(held: HeldPage): LocalPage {
    const form = JSON.parse(held) as HeldForm;
    const local = form[0];
    if (form.length === 1) return local;
    const [, score, judged, total, states, words, places] = form;
    local.score = score;
    local.judged = judged;
    local.total = total;
    local.checks = statesOf(states);
    if (places.length) {
      const record: Record<string, Occurrence[]> = {};
      for (const [key, ...rest] of places) {
        record[key] = typeof rest[0] === 'object' ? rest[0] : occurrences(local.file ?? '', rest as number[]);
      }
      local.places = record;
    }
    if (words !== null) local.messages = typeof words === 'number' ? this.words[words] : words;
    return local;
  }

  /** The words of a page's failed checks: the number of their shared record, or (past the shared ones) the record. */
  private wordsOf(entries: [string, string][]): number | Record<string, string> {
    const id = entries.map(([key, words]) => `${key}\u0000${words}`).join('\u0001');
    const known = this.wordsIds.get(id);
    if (known !== undefined) return known;
    const record = Object.fromEntries(entries);
    if (this.words.length >= MAX_SHARED_WORDS) return record;
    this.words.push(Object.freeze(record));
    this.wordsIds.set(id, this.words.length - 1);
    return this.words.length - 1;
  }
}

/**
 * `json` as one flat string: V8 builds JSON.stringify's answer of parts (a tree of strings,
 * about half as large again as the text when held); turning it into a number (NaN) flattens it.
 */
function flat(json: string): HeldPage {
  void Number(json);
  return json as HeldPage;
}

function occurrences(file: string, numbers: readonly number[]): Occurrence[] {
  const out: Occurrence[] = [];
  for (let i = 0; i + 1 < numbers.length; i += 2) out.push({ file, line: numbers[i], column: numbers[i + 1] });
  return out;
}
