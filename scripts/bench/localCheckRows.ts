// `website-reports check --local` on a build folder of 1,000 generated pages (nested folders, as a
// site generator writes them), the whole command: the walk, the analysis on 1 and 2 workers, the
// judging and the JSON written. Wall time vs the goal of 10 s, pages/s, peak memory vs 200 MB.
import { execFile } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { benchPage } from './benchPages';
import type { Row, Settings } from './measure';

const GOAL_MS = 10_000;
const GOAL_BYTES = 200 * 1024 * 1024;
const CHILD = path.join(__dirname, 'localCheckChild.js');

export async function localCheckRows(settings: Settings): Promise<Row[]> {
  const count = settings.quick ? 100 : 1000;
  const goalMs = (GOAL_MS * count) / 1000;
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'wr-bench-check-local-'));
  const rows: Row[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const file = path.join(dir, '_site', `s${i % 10}`, `p${i}`, 'index.html');
      await fsp.mkdir(path.dirname(file), { recursive: true });
      await fsp.writeFile(file, benchPage(i, 10 * 1024 + ((i * 2654435761) % (60 * 1024))));
    }
    const rates: Record<number, number> = {};
    for (const workers of [1, 2]) {
      const { stdout } = await promisify(execFile)(process.execPath, [CHILD, '_site', path.join(dir, 'out.json')], {
        cwd: dir,
        env: { ...process.env, WEBREPORTS_WORKERS: String(workers) },
        maxBuffer: 1024 * 1024,
        timeout: 300_000,
      });
      const run = JSON.parse(stdout) as { ms: number; peakRssBytes: number };
      rates[workers] = count / (run.ms / 1000);
      const plural = workers > 1 ? 's' : '';
      rows.push(
        {
          name: `check --local on a build folder of ${count} pages, ${workers} worker${plural}: wall vs ${goalMs / 1000} s`,
          value: `${(run.ms / 1000).toFixed(2)} s, ${rates[workers].toFixed(0)} pages/s`,
          ratio: run.ms / goalMs,
          goal: 1,
        },
        {
          name: `check --local, ${workers} worker${plural}: peak resident memory vs 200 MB`,
          value: `${(run.peakRssBytes / 1024 / 1024).toFixed(0)} MB`,
          ratio: run.peakRssBytes / GOAL_BYTES,
          goal: 1,
        },
      );
    }
    rows.push({
      name: `check --local: pages/s with 2 workers vs 1 (${os.availableParallelism()} cores)`,
      value: `${rates[2].toFixed(0)} / ${rates[1].toFixed(0)}`,
      ratio: rates[2] / rates[1],
    });
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
  return rows;
}
