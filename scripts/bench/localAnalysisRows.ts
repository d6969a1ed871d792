// The local analysis (core/analysis/localAnalysis.ts): one 50 KB page analysed vs its HTML parse
// alone (the floor) and vs the goal of 20 ms; a folder of 1,000 generated pages on 1 and 2 workers
// (each run in a child process, so its peak memory is its own) vs the goals of 10 s and 200 MB.
import { execFile } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'node-html-parser';
import { PARSE_OPTIONS } from '../../core/analysis/htmlReading';
import { analyseHtml } from '../../core/analysis/localAnalysis';
import { benchPage } from './benchPages';
import { median, ms, type Row, type Settings } from './measure';

const PAGE_GOAL_MS = 20;
const FOLDER_GOAL_MS = 10_000;
const FOLDER_GOAL_BYTES = 200 * 1024 * 1024;
const CHILD = path.join(__dirname, 'localFolderChild.js');

function timed(fn: () => unknown): number {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function folderRun(dir: string, workers: number): Promise<{ pages: number; ms: number; peakRssBytes: number }> {
  const { stdout } = await promisify(execFile)(process.execPath, [CHILD, dir, String(workers)], {
    maxBuffer: 1024 * 1024,
    timeout: 300_000,
  });
  return JSON.parse(stdout) as { pages: number; ms: number; peakRssBytes: number };
}

export async function localAnalysisRows(settings: Settings): Promise<Row[]> {
  const page = benchPage(1, 50 * 1024);
  const url = 'https://site.example/page';
  const analysed: number[] = [];
  const parsed: number[] = [];
  // Both warmed up alike: the analysis no longer calls the parser's parse, which would be timed cold.
  for (let i = 0; i < 10; i++) {
    analyseHtml(page, { url });
    parse(page, PARSE_OPTIONS);
  }
  for (let i = 0; i < Math.max(settings.rounds, 20); i++) {
    analysed.push(timed(() => analyseHtml(page, { url })));
    parsed.push(timed(() => parse(page, PARSE_OPTIONS)));
  }
  const [a, p] = [median(analysed), median(parsed)];
  const rows: Row[] = [
    {
      name: `one ${Math.round(page.length / 1024)} KB page analysed locally, median vs the goal of ${PAGE_GOAL_MS} ms`,
      value: ms(a),
      ratio: a / PAGE_GOAL_MS,
      goal: 1,
    },
    { name: 'one 50 KB page: the local analysis vs its HTML parse alone (the floor)', value: `${ms(a)} / ${ms(p)}`, ratio: a / p },
  ];
  const count = settings.quick ? 100 : 1000;
  const goalMs = (FOLDER_GOAL_MS * count) / 1000;
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'wr-bench-local-'));
  try {
    for (let i = 0; i < count; i++) {
      await fsp.writeFile(path.join(dir, `page-${i}.html`), benchPage(i, 10 * 1024 + ((i * 2654435761) % (60 * 1024))));
    }
    const runs: Record<number, number> = {};
    for (const workers of [1, 2]) {
      const run = await folderRun(dir, workers);
      runs[workers] = run.pages / (run.ms / 1000);
      const mb = run.peakRssBytes / 1024 / 1024;
      rows.push(
        {
          name: `a folder of ${count} generated pages (10–70 KB), ${workers} worker${workers > 1 ? 's' : ''}: wall vs ${goalMs / 1000} s`,
          value: `${(run.ms / 1000).toFixed(2)} s, ${runs[workers].toFixed(0)} pages/s`,
          ratio: run.ms / goalMs,
          goal: 1,
        },
        {
          name: `the same, ${workers} worker${workers > 1 ? 's' : ''}: peak resident memory vs 200 MB`,
          value: `${mb.toFixed(0)} MB`,
          ratio: run.peakRssBytes / FOLDER_GOAL_BYTES,
          goal: 1,
        },
      );
    }
    rows.push({
      name: `a folder of ${count} pages: pages/s with 2 workers vs 1 (${os.availableParallelism()} cores)`,
      value: `${runs[2].toFixed(0)} / ${runs[1].toFixed(0)}`,
      ratio: runs[2] / runs[1],
    });
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
  return rows;
}
