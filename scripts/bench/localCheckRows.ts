// `website-reports check --local` on a build folder of generated pages of ~30 KB (nested folders, as
// a site generator writes them), the whole command (the walk, the analysis, the judging, the JSON
// written) against its floor: the same files read and parsed by the analysis's HTML parser in one
// thread (parseFloorChild.ts), in the same bench run. Runs alternate (floor, check, floor, check…)
// so that load from elsewhere falls on both; medians. CPU is the process's, every thread's.
// The full run adds 10,000 pages: time must grow linearly and memory stay flat.
import { execFile } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { benchPage } from './benchPages';
import { median, type Row, type Settings } from './measure';

const GOAL_BYTES = 200 * 1024 * 1024;
const PAGE_BYTES = 30 * 1024;
const CHECK_CHILD = path.join(__dirname, 'localCheckChild.js');
const FLOOR_CHILD = path.join(__dirname, 'parseFloorChild.js');
const PAIRED_RUNS = 5;

interface Run {
  ms: number;
  cpuMs: number;
  peakRssBytes: number;
  workers?: number;
}

async function writeSite(dir: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const file = path.join(dir, `s${i % 10}`, `p${i}`, 'index.html');
    await fsp.mkdir(path.dirname(file), { recursive: true });
    await fsp.writeFile(file, benchPage(i, PAGE_BYTES));
  }
}

async function child(script: string, args: string[], cwd: string, workers?: number): Promise<Run> {
  const env = { ...process.env };
  delete env.WEBREPORTS_WORKERS;
  if (workers !== undefined) env.WEBREPORTS_WORKERS = String(workers);
  const { stdout } = await promisify(execFile)(process.execPath, [script, ...args], { cwd, env, maxBuffer: 1024 * 1024, timeout: 600_000 });
  return JSON.parse(stdout) as Run;
}

const check = (dir: string, site: string, workers?: number) => child(CHECK_CHILD, [site, path.join(dir, 'out.json')], dir, workers);
const floor = (dir: string, site: string) => child(FLOOR_CHILD, [site], dir);
/** The analysis alone, as a worker makes it, in one thread over the same files (parseFloorChild.ts --analyse). */
const analysis = (dir: string, site: string) => child(FLOOR_CHILD, [site, '--analyse'], dir);

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

export async function localCheckRows(settings: Settings): Promise<Row[]> {
  const count = settings.quick ? 100 : 1000;
  const n = count.toLocaleString('en-US');
  const rounds = Math.max(1, Math.min(PAIRED_RUNS, settings.rounds));
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'wr-bench-check-local-'));
  const rows: Row[] = [];
  try {
    await writeSite(path.join(dir, '_site'), count);
    await floor(dir, '_site'); // warms the file cache for both sides
    const floors: Run[] = [];
    const checks: Run[] = [];
    const alone: Run[] = [];
    for (let i = 0; i < rounds; i++) {
      floors.push(await floor(dir, '_site'));
      checks.push(await check(dir, '_site'));
      alone.push(await analysis(dir, '_site'));
    }
    const at = (runs: Run[], key: 'ms' | 'cpuMs' | 'peakRssBytes') => median(runs.map((r) => r[key]));
    const [fMs, fCpu, cMs, cCpu, cRss] = [
      at(floors, 'ms'),
      at(floors, 'cpuMs'),
      at(checks, 'ms'),
      at(checks, 'cpuMs'),
      at(checks, 'peakRssBytes'),
    ];
    rows.push(
      {
        name: `check --local, ${n} pages: CPU vs the parse floor's CPU`,
        value: `${(cCpu / 1000).toFixed(2)} s / ${(fCpu / 1000).toFixed(2)} s`,
        ratio: cCpu / fCpu,
        goal: 1.5,
      },
      {
        name: `check --local, ${n} pages: wall (default threads; workers started: ${checks[0].workers}) vs the parse floor's wall`,
        value: `${(cMs / 1000).toFixed(2)} s / ${(fMs / 1000).toFixed(2)} s`,
        ratio: cMs / fMs,
        goal: 1.5,
      },
      { name: `check --local, ${n} pages: peak resident memory vs 200 MB`, value: mb(cRss), ratio: cRss / GOAL_BYTES, goal: 1 },
      // Where the command's CPU goes: the analysis itself (each page's tree, checks and summary, in
      // one thread, V8 warming it up once) against the same floor; the rest is the command's.
      {
        name: `the analysis alone, ${n} pages in one thread: CPU vs the parse floor's CPU`,
        value: `${(at(alone, 'cpuMs') / 1000).toFixed(2)} s / ${(fCpu / 1000).toFixed(2)} s`,
        ratio: at(alone, 'cpuMs') / fCpu,
      },
    );
    const rates: Record<number, number> = {};
    const byWorkers: Record<number, Run> = {};
    for (const workers of [0, 1, 2]) {
      byWorkers[workers] = await check(dir, '_site', workers);
      rates[workers] = count / (byWorkers[workers].ms / 1000);
    }
    rows.push({
      name: `check --local: pages/s with 2 workers vs 1 (${os.availableParallelism()} cores)`,
      value: `${rates[2].toFixed(0)} / ${rates[1].toFixed(0)}`,
      ratio: rates[2] / rates[1],
    });
    if (!settings.quick) rows.push(...(await tenfold(dir, cMs, cRss, byWorkers)));
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
  return rows;
}

/**
 * 10,000 pages (generated once; the default run twice, the better kept; the floor once between)
 * vs the 1,000-page run's medians; and memory at each size with the same threads both times.
 */
async function tenfold(dir: string, ms1k: number, rss1k: number, byWorkers: Record<number, Run>): Promise<Row[]> {
  await writeSite(path.join(dir, '_site10k'), 10_000);
  const runs = [await check(dir, '_site10k'), await floor(dir, '_site10k'), await check(dir, '_site10k')];
  const checks = [runs[0], runs[2]];
  const ms = Math.min(...checks.map((r) => r.ms));
  const rss = Math.min(...checks.map((r) => r.peakRssBytes));
  const cpu = Math.min(...checks.map((r) => r.cpuMs));
  const same = [0, 2].map((workers) => ({ workers, at1k: byWorkers[workers].peakRssBytes }));
  const rows: Row[] = [
    // What 1,000 pages cannot show: the CPU a worker spends once (V8 compiling the analysis in its
    // own heap) spread over ten times the pages.
    {
      name: `check --local, 10,000 pages: CPU (workers started: ${runs[0].workers}) vs the parse floor's CPU`,
      value: `${(cpu / 1000).toFixed(2)} s / ${(runs[1].cpuMs / 1000).toFixed(2)} s`,
      ratio: cpu / runs[1].cpuMs,
    },
    {
      name: 'check --local: wall, 10,000 pages vs 1,000 pages',
      value: `${(ms / 1000).toFixed(2)} s / ${(ms1k / 1000).toFixed(2)} s`,
      ratio: ms / ms1k,
      goal: 10.5,
    },
    { name: `check --local, 10,000 pages: peak resident memory vs 200 MB`, value: mb(rss), ratio: rss / GOAL_BYTES, goal: 1 },
    // The default starts a worker for 10,000 pages and none for 1,000: the difference is a thread's
    // heap, not pages held (the rows below compare the same threads).
    {
      name: `check --local: peak memory, 10,000 vs 1,000 pages, default threads (a worker more at 10,000)`,
      value: `${mb(rss)} / ${mb(rss1k)}`,
      ratio: rss / rss1k,
    },
  ];
  for (const { workers, at1k } of same) {
    const at10k = (await check(dir, '_site10k', workers)).peakRssBytes;
    // Flat: a page's analysis is dropped once judged, so ten times the pages may cost only what
    // ten times the results hold (a few hundred bytes each) over the same threads and parser.
    rows.push({
      name: `check --local: peak memory, 10,000 vs 1,000 pages, the same threads (WEBREPORTS_WORKERS=${workers})`,
      value: `${mb(at10k)} / ${mb(at1k)}`,
      ratio: at10k / at1k,
      goal: 1.2,
    });
  }
  return rows;
}
