// Child of localAnalysisRows.ts: analyses every HTML file of a folder on an AnalysisPool of N
// workers, as the command line will, and prints its wall time and the process's peak resident
// memory (worker threads included) as JSON. A process of its own, so the peak is this run's.
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { AnalysisPool } from '../../core/analysis/analysisPool';

async function main(): Promise<void> {
  const [dir, workersArg] = process.argv.slice(2);
  const workers = Number(workersArg);
  const files = (await fsp.readdir(dir)).filter((f) => f.endsWith('.html')).sort();
  const pool = new AnalysisPool({ workers, owner: 'the benchmark' });
  const started = process.hrtime.bigint();
  let next = 0;
  let failed = 0;
  // Each worker keeps two pages in hand: one analysed, one read and waiting.
  const lane = async (): Promise<void> => {
    while (next < files.length) {
      const file = files[next++];
      const html = await fsp.readFile(path.join(dir, file), 'utf8');
      const a = await pool.analyseHtml(html, { url: `https://site.example/${file.replace(/\.html$/, '')}` });
      if (a.judged === 0) failed++;
    }
  };
  try {
    await Promise.all(Array.from({ length: workers * 2 }, lane));
  } finally {
    await pool.close();
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  process.stdout.write(JSON.stringify({ pages: files.length, ms, failed, peakRssBytes: process.resourceUsage().maxRSS * 1024 }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
