// The one door to the page analyser (core/analysis) for the editor: every local analysis runs in
// the analyser's worker pool, off the extension host's main thread, with a hard time slice — a
// hostile page in the workspace cannot stall the editor, and a 50 KB page answers well inside the
// live budget (scripts/bench: the round trip through the worker is a fraction of a millisecond
// beside the parse). The pool is started on the first analysis, never at activation.
import { AnalysisPool } from '../../core/analysis/analysisPool';
import type { LocalAnalysis } from '../../core/analysis/localAnalysis';

export type { LocalAnalysis };

/** Time one page may take in the editor, waiting for the worker included; past it the page is refused (the worker is restarted). */
export const LOCAL_ANALYSIS_TIME_LIMIT_MS = 5_000;

export class LocalAnalyser {
  private pool: AnalysisPool | undefined;

  /** The page's local analysis; rejects with the analyser's reason (too large, too complex, too slow). */
  analyse(html: string, url?: string): Promise<LocalAnalysis> {
    this.pool ??= new AnalysisPool({ timeLimitMs: LOCAL_ANALYSIS_TIME_LIMIT_MS, owner: 'the editor' }); // l10n-exempt: the pool's own words
    return this.pool.analyseHtml(html, url === undefined ? {} : { url });
  }

  dispose(): void {
    void this.pool?.close();
    this.pool = undefined;
  }
}

/** The reason an analysis was refused, in the analyser's words. */
export function analysisFailureOf(error: unknown): string {
  const reason = (error as { reason?: unknown } | undefined)?.reason;
  return typeof reason === 'string' ? reason : error instanceof Error ? error.message : String(error);
}
