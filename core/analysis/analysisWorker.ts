// The worker thread of analysisPool.ts: one job per message (analysisJob.ts), one answer back.
// Bundled as its own file beside each bundle that runs a pool (esbuild.js, scripts/packageCli.js);
// a pool whose caller analyses too loads this same file in the caller's thread, for its export.
import { parentPort } from 'node:worker_threads';
import { runAnalysisJob, type AnalysisJob } from './analysisJob';

export { runAnalysisJob };

parentPort?.on('message', (job: AnalysisJob) => parentPort!.postMessage(runAnalysisJob(job)));
