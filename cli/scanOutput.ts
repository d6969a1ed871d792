// What `scan` writes on stdout: a summary line and the failures (text), or one JSON object. Every
// URL and reason may come from a site or the service: the text never carries a control character.
import { describeScanResult } from '../core/sites/describe';
import type { ScanResult } from '../core/sites/runScan';
import type { ScanFormat } from './args';
import { terminalText } from './formats/escape';

export type ScanStatus = ScanResult['status'] | 'dry-run';

export interface ScanSummary {
  found: number;
  created: number;
  skipped: number;
  failed: number;
  failures: { url: string; reason: string }[];
  status: ScanStatus;
  /** A dry run: the reports it would create. */
  new?: number;
  /** Sitemap files that could not be read (their URLs are missing), when there were any. */
  sitemapFailures?: { file: string; reason: string }[];
}

export function summaryOf(result: ScanResult): ScanSummary {
  const { found, created, skipped, failed, failures, status } = result;
  return { found, created, skipped, failed, failures, status };
}

export function formatScan(summary: ScanSummary, format: ScanFormat): string {
  if (format === 'json') return `${JSON.stringify(summary, null, 2)}\n`;
  const lines = [
    `${describeScanResult(summary)}${summary.status === 'dry-run' ? ` (dry run: ${summary.new ?? 0} would be created)` : ''}.`,
  ];
  if (summary.status === 'paused' || summary.status === 'running') lines[0] += ' Not finished.';
  for (const f of summary.failures) lines.push(`  ${f.url}: ${f.reason}`);
  return lines.map((line) => `${terminalText(line)}\n`).join('');
}
