// One analysis job, run where it is taken: in a worker thread (analysisWorker.ts), or in the thread
// of a caller that analyses too (analysisPool.ts, `callerLane`). A fetched page for the service,
// HTML alone, or a page file read here by its real path; the answer is the analysis (a file's: its
// summary, pageSummary.ts) or the reason it could not be made.
import { analysePage } from './analysePage';
import { AnalysisError } from './analysisError';
import type { FetchedPage } from './facts';
import { analyseHtml } from './localAnalysis';
import type { PageCaps } from './pageComplexity';
import { pageSummary, readPageFile, type FileAnswer } from './pageSummary';

export type AnalysisJob =
  | { kind: 'page'; page: FetchedPage; caps: PageCaps }
  | { kind: 'html'; html: string; url: string | undefined; caps: PageCaps }
  | { kind: 'file'; file: string; url: string | undefined; caps: PageCaps; maxBytes: number };

export type AnalysisAnswer = { ok: true; value: unknown } | { ok: false; reason: string };

function analyseFile(job: Extract<AnalysisJob, { kind: 'file' }>): FileAnswer {
  const read = readPageFile(job.file, job.maxBytes);
  if (!('html' in read)) return read;
  return { summary: pageSummary(analyseHtml(read.html, { url: job.url, caps: job.caps }), read.html) };
}

export function runAnalysisJob(job: AnalysisJob): AnalysisAnswer {
  try {
    const value =
      job.kind === 'page'
        ? analysePage(job.page, job.caps)
        : job.kind === 'file'
          ? analyseFile(job)
          : analyseHtml(job.html, { url: job.url, caps: job.caps });
    return { ok: true, value };
  } catch (err) {
    return { ok: false, reason: err instanceof AnalysisError ? err.reason : String(err) };
  }
}
