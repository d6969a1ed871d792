// A `check --local` run's judged pages, made from what the run holds of each (heldPage.ts) each time
// they are read, one page at a time: the summary's counts read them once, each format once more.
// A run of 200,000 pages never has them all made at once (some KB each: the places, the findings,
// the checks), as it never has their analyses; judging a page again costs a fraction of what
// analysing it did, and judges it the same.
import type { Baseline } from '../../core/config/baseline';
import { madeEachRead, type UrlResult } from '../../core/config/gateReport';
import type { RuleSet } from '../../core/config/rules';
import type { HeldPage, HeldPages } from './heldPage';
import { judgePage, type JudgedPage } from './judgePage';

/** What judging the held pages takes: the rules, the baseline read (--baseline), and the run's time. */
export interface JudgeAt {
  rules: RuleSet;
  baseline: Baseline | undefined;
  now: number;
}

/** Each page's judgement (a page `ignoreUrls` leaves out has none), in the pages' order, made anew each read. */
export function judgedPages(pages: ReadonlyMap<string, HeldPage>, held: HeldPages, at: JudgeAt): Iterable<JudgedPage> {
  return madeEachRead(function* () {
    for (const [url, page] of pages) {
      const judged = judgePage(at.rules, url, held.localPageOf(page), at.baseline, at.now);
      if (judged) yield judged;
    }
  });
}

/** The pages' results; with `entries`, each page's baseline entry kept there as it is read. */
export function resultsOf(judged: Iterable<JudgedPage>, entries?: Baseline): Iterable<UrlResult> {
  return madeEachRead(function* () {
    for (const { result, entry } of judged) {
      entries?.set(result.url, entry);
      yield result;
    }
  });
}
