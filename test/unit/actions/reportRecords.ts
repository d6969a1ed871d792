// Report records for a local service data file: any URLs, any scores, written as the service's
// own store file so a test or the benchmark starts with exactly the reports it needs (the service
// loads them as it loads any data file; no mock).
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ratingFor } from '../../../service/analyze';
import type { StoredReport } from '../../../service/types';

export interface RecordSpec {
  url: string;
  score?: number;
  /** Failed checks among the 3 recorded; default from the score. */
  failed?: number;
}

export function storedReport(id: number, spec: RecordSpec): StoredReport {
  const score = spec.score ?? 90;
  const failed = spec.failed ?? (score < 50 ? 2 : score < 80 ? 1 : 0);
  // Recent (two days before today, UTC midnight): a report of a fixed date would turn outdated
  // (older than the default 30 days) as the calendar moves on.
  const today = new Date();
  const at = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 2) + id * 60_000).toISOString();
  return {
    id,
    url: spec.url,
    project: new URL(spec.url).hostname,
    result: ratingFor(score),
    score,
    privacy: 0,
    generated_at: at,
    created_at: at,
    updated_at: at,
    results: ['title', 'h1', 'https'].map((key, i) => ({
      key,
      name: key,
      category: 'seo' as const,
      passed: i >= failed,
      value: null,
      advice: '',
    })),
  };
}

/** A temporary data file holding one report per spec (ids 1..n in order); returns its path. */
export async function writeDataFile(specs: readonly RecordSpec[]): Promise<string> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'webreports-docurls-'));
  const file = path.join(dir, 'reports.json');
  const reports = specs.map((spec, i) => storedReport(i + 1, spec));
  await fsp.writeFile(file, JSON.stringify({ version: 1, nextId: reports.length + 1, reports }));
  return file;
}
