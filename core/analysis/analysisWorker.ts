// The worker thread of analysisPool.ts: analyses one page per message (a fetched page for the
// service, or HTML alone), answers with the analysis or the reason it could not be made. Bundled
// as its own file beside each bundle that runs a pool (esbuild.js, scripts/packageCli.js).
import { parentPort } from 'node:worker_threads';
import { analysePage } from './analysePage';
import { AnalysisError } from './analysisError';
import type { AnalysisAnswer, AnalysisJob } from './analysisPool';
import { analyseHtml } from './localAnalysis';

parentPort?.on('message', (job: AnalysisJob) => {
  let answer: AnalysisAnswer;
  try {
    const value = job.kind === 'page' ? analysePage(job.page, job.caps) : analyseHtml(job.html, { url: job.url, caps: job.caps });
    answer = { ok: true, value };
  } catch (err) {
    answer = { ok: false, reason: err instanceof AnalysisError ? err.reason : String(err) };
  }
  parentPort!.postMessage(answer);
});
