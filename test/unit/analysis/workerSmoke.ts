// A shipped analysis worker (the .vsix's, the command line's) analyses a page: the one smoke check
// both package tests make.
import { strict as assert } from 'node:assert';
import { AnalysisPool } from '../../../core/analysis/analysisPool';

export async function assertWorkerAnalyses(workerFile: string): Promise<void> {
  const pool = new AnalysisPool({ workerFile });
  try {
    const local = await pool.analyseHtml('<html><head><title>A page of the package</title></head><body><img src=a.png></body></html>');
    assert.equal(local.checks.find((c) => c.key === 'image_keywords')?.passed, false);
  } finally {
    await pool.close();
  }
}
