// The worker thread of analysisPool.ts: analyses one page per message (a fetched page for the
// service, HTML alone, or a page file it reads itself), answers with the analysis (a file's:
// its summary, pageSummary.ts) or the reason it could not be made. Bundled as its own file beside
// each bundle that runs a pool (esbuild.js, scripts/packageCli.js).
import { parentPort } from 'node:worker_threads';
import { analysePage } from './analysePage';
import { AnalysisError } from './analysisError';
import type { AnalysisAnswer, AnalysisJob } from './analysisPool';
import { analyseHtml } from './localAnalysis';
import { pageSummary, readPageFile, type FileAnswer } from './pageSummary';

function analyseFile(job: Extract<AnalysisJob, { kind: 'file' }>): FileAnswer {
  const read = readPageFile(job.file, job.maxBytes);
  if (!('html' in read)) return read;
  return { summary: pageSummary(analyseHtml(read.html, { url: job.url, caps: job.caps }), read.html) };
}

parentPort?.on('message', (job: AnalysisJob) => {
  let answer: AnalysisAnswer;
  try {
    const value =
      job.kind === 'page'
        ? analysePage(job.page, job.caps)
        : job.kind === 'file'
          ? analyseFile(job)
          : analyseHtml(job.html, { url: job.url, caps: job.caps });
    answer = { ok: true, value };
  } catch (err) {
    answer = { ok: false, reason: err instanceof AnalysisError ? err.reason : String(err) };
  }
  parentPort!.postMessage(answer);
});
