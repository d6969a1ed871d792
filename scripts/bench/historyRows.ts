// The local report history (core/history): reading one URL's runs with 10,000 URLs × 20 runs
// stored (goal: median ≤ 1 ms once its file is cached; the first read of a file, which loads it,
// is shown beside it without a goal), the bytes a run takes on disk with 40 checks (goal ≤ 300),
// and a write after a re-run (goal ≤ 5 ms, its file cached, as after the panel has shown it).
// The history files are written directly in the store's line format (200,000 record() calls
// would take minutes); a temporary directory, removed at the end.
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { namesLine, runLine } from '../../core/history/lineFormat';
import { nodeFiles } from '../../core/files/nodeFiles';
import type { RunSnapshot } from '../../core/history/snapshot';
import { HistoryStore, SHARDS, shardFileName, shardOf } from '../../core/history/historyStore';
import { urlKey } from '../../core/urls/urlKey';
import { median, ms, timeIt, type Row, type Settings } from './measure';

const ORIGIN = 'https://reports.example.com';
const RUNS_PER_URL = 20;
const CHECKS = 40;
const CHECK_NAMES = Array.from({ length: CHECKS }, (_, i) => `check_number_${i}`);
const IMPORTANCES = ['high', 'medium', 'low'] as const;

function urlOf(u: number): string {
  return `https://www.site-${u % 500}.example.com/section/page-${u}?lang=en`;
}

function runOf(u: number, n: number): RunSnapshot {
  const checks: RunSnapshot['checks'] = {};
  for (let c = 0; c < CHECKS; c++) checks[CHECK_NAMES[c]] = { passed: (u + n + c) % 4 !== 0, importance: IMPORTANCES[c % 3] };
  const score = 40 + ((u * 7 + n * 3) % 60) + 0.25;
  return {
    generatedAt: new Date(Date.UTC(2025, 0, 1) + n * 86_400_000 + u * 1000).toISOString(),
    score,
    band: score > 79 ? 'good' : score >= 49 ? 'decent' : 'bad',
    reportId: String(100_000 + u),
    checks,
  };
}

/** Writes `urls` × RUNS_PER_URL runs into `dir` as the store writes them; returns the runs written. */
async function writeHistory(dir: string, urls: number): Promise<number> {
  const shards: string[][] = Array.from({ length: SHARDS }, () => [namesLine(CHECK_NAMES)]);
  for (let n = 0; n < RUNS_PER_URL; n++) {
    for (let u = 0; u < urls; u++) {
      const stream = `${ORIGIN} ${urlKey(urlOf(u))}`;
      shards[shardOf(stream, SHARDS)].push(runLine(stream, runOf(u, n)).line);
    }
  }
  await fsp.mkdir(dir, { recursive: true });
  for (let s = 0; s < SHARDS; s++) await fsp.writeFile(path.join(dir, shardFileName(s)), `${shards[s].join('\n')}\n`);
  return urls * RUNS_PER_URL;
}

async function diskBytes(dir: string): Promise<number> {
  let total = 0;
  for (const name of await fsp.readdir(dir)) total += (await fsp.stat(path.join(dir, name))).size;
  return total;
}

export async function historyRows(settings: Settings): Promise<Row[]> {
  const urls = settings.quick ? 1000 : 10_000;
  const root = await fsp.mkdtemp(path.join(os.tmpdir(), 'bench-history-'));
  const dir = path.join(root, 'history');
  try {
    const runs = await writeHistory(dir, urls);
    // Names lines are written once per file: their share is in the total.
    const perRun = (await diskBytes(dir)) / runs;

    // URLs of a few files only, so that every file read stays in the store's cache.
    const cachedShards = new Set(Array.from({ length: 4 }, (_, i) => i));
    const warmUrls = Array.from({ length: urls }, (_, u) => u).filter((u) =>
      cachedShards.has(shardOf(`${ORIGIN} ${urlKey(urlOf(u))}`, SHARDS)),
    );
    const store = new HistoryStore({ dir, files: nodeFiles });
    let next = 0;
    const rounds = settings.rounds * 20;
    const read = await timeIt(rounds, async () => {
      const got = await store.runsFor(ORIGIN, urlOf(warmUrls[next++ % warmUrls.length]));
      if (got.length !== RUNS_PER_URL) throw new Error(`history bench: ${got.length} runs read`);
    });

    const cold: number[] = [];
    for (let i = 0; i < Math.min(settings.rounds, 30); i++) {
      const fresh = new HistoryStore({ dir, files: nodeFiles });
      const start = process.hrtime.bigint();
      await fresh.runsFor(ORIGIN, urlOf((i * 7919) % urls));
      cold.push(Number(process.hrtime.bigint() - start) / 1e6);
    }

    let rerun = RUNS_PER_URL;
    const write = await timeIt(rounds, async () => {
      const u = warmUrls[rerun % warmUrls.length];
      const run = runOf(u, rerun++);
      const added = await store.record(ORIGIN, {
        id: run.reportId,
        url: urlOf(u),
        generated_at: run.generatedAt,
        result: run.score,
        results: Object.fromEntries(Object.entries(run.checks).map(([key, check]) => [key, check])),
      });
      if (!added) throw new Error('history bench: a re-run was not recorded');
    });

    return [
      {
        name: `history: read one URL's runs, ${urls} URLs × ${RUNS_PER_URL} runs, file cached, vs 1 ms`,
        value: ms(read),
        ratio: read / 1,
        goal: 1,
      },
      {
        name: `history: first read of a file (loads ${((perRun * (runs / SHARDS)) / 1024).toFixed(0)} KiB)`,
        value: ms(median(cold)),
      },
      { name: `history: bytes per run on disk (${CHECKS} checks) vs 300`, value: `${perRun.toFixed(0)} B`, ratio: perRun / 300, goal: 1 },
      { name: 'history: write after a re-run (file cached) vs 5 ms', value: ms(write), ratio: write / 5, goal: 1 },
    ];
  } finally {
    await fsp.rm(root, { recursive: true, force: true });
  }
}
