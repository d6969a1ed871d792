// The work on a fetched page: the complexity caps, the facts, the checks. Synchronous and
// CPU-bound, so the service runs it in a worker thread (analysisPool.ts); pure, so tests and
// the benchmark can also call it directly.
import { AnalysisError } from './analysisError';
import { evaluate, type Analysis } from './checks';
import { extractFacts, type FetchedPage } from './facts';
import { complexityProblem, PAGE_CAPS, type PageCaps } from './pageComplexity';

/** Analyses a fetched page; throws AnalysisError with the reason when it is too complex. */
export function analysePage(page: FetchedPage, caps: PageCaps = PAGE_CAPS): Analysis {
  return withinCaps(page.html, caps, () => evaluate(extractFacts(page)));
}

/** Runs `analyse` on `html` unless the page is past the caps; every failure is an AnalysisError. */
export function withinCaps<T>(html: string, caps: PageCaps, analyse: () => T): T {
  const problem = complexityProblem(html, caps);
  if (problem) throw new AnalysisError(problem);
  try {
    return analyse();
  } catch (err) {
    if (err instanceof AnalysisError) throw err;
    // The parser and the text getters recurse per level of nesting.
    // l10n-exempt: an analysis's reason: the service's English answer (a surface words its own)
    if (err instanceof RangeError && /call stack/i.test(err.message)) throw new AnalysisError('too complex: nested too deeply to analyse');
    // l10n-exempt: an analysis's reason: the service's English answer (a surface words its own)
    throw new AnalysisError(`the analysis failed (${err instanceof Error ? err.message : String(err)})`);
  }
}
