// What a scan job left from before offers the person, one rule for the editor's messages: the
// rest of its queue (resume), or — when every URL ended, done or failed — only its failures
// (the job is finished: Retry Failed is the one way to send them again, never Resume), or nothing.
import type { ScanJob } from './scanJob';

export type LeftOver = 'resume' | 'retry-failed' | 'nothing';

export function leftOver(job: Pick<ScanJob, 'status' | 'counts'>): LeftOver {
  if (job.status === 'cancelled') return 'nothing';
  const counts = job.counts();
  if (counts.todo > 0) return 'resume';
  return counts.failed > 0 ? 'retry-failed' : 'nothing';
}
