// The worker thread of analysisPool.ts: analyses one page per message, answers with the analysis
// or the reason it could not be made.
import { parentPort } from 'node:worker_threads';
import { analysePage } from './analysePage';
import { AnalysisError } from './analysisError';
import type { AnalysisAnswer, AnalysisJob } from './analysisPool';

parentPort?.on('message', (job: AnalysisJob) => {
  let answer: AnalysisAnswer;
  try {
    answer = { ok: true, analysis: analysePage(job.page, job.caps) };
  } catch (err) {
    answer = { ok: false, reason: err instanceof AnalysisError ? err.reason : String(err) };
  }
  parentPort!.postMessage(answer);
});
