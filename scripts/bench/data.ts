// Benchmark data: N demo reports over N/50 hosts (a site's reports do not grow with the total),
// bulk-loaded straight into a database file through the store in one transaction, not over HTTP.
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { seedReport } from '../../service/seed';
import { Store } from '../../service/store';
import type { StoredReport } from '../../service/types';

export const REPORTS_PER_HOST = 50;

/** A host's name: nine letters from a fixed pseudo-random sequence, distinctive as real names are. */
export function hostName(h: number): string {
  let x = Math.imul(h + 1, 2654435761) >>> 0;
  let name = '';
  for (let k = 0; k < 9; k++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    name += String.fromCharCode(97 + ((x >>> 16) % 26));
  }
  return `${name}.example.test`;
}

export function hostOf(i: number, count: number): string {
  return hostName(i % Math.max(1, Math.floor(count / REPORTS_PER_HOST)));
}

/** The i-th of `count` reports: a seeded report (real checks, ~2.4 KB) moved to its host. */
export function benchReport(i: number, count: number, now: number): StoredReport {
  const r = seedReport(i, now);
  const host = hostOf(i, count);
  return { ...r, url: `https://${host}/${['blog', 'shop', 'docs'][i % 3]}/page-${i}`, project: host };
}

export interface Dataset {
  count: number;
  /** the database file */
  file: string;
  loadMs: number;
}

/** Makes a database of `count` reports in a new temp directory. */
export async function makeDataset(count: number, root: string): Promise<Dataset> {
  const dir = await fsp.mkdtemp(path.join(root, `n${count}-`));
  const file = path.join(dir, 'reports.db');
  const started = performance.now();
  const store = await Store.open(file);
  const now = Date.now();
  await store.replaceAll(Array.from({ length: count }, (_, i) => benchReport(i + 1, count, now)));
  store.close();
  return { count, file, loadMs: performance.now() - started };
}

export async function benchRoot(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'webreports-bench-'));
  return { dir, remove: () => fsp.rm(dir, { recursive: true, force: true }) };
}
