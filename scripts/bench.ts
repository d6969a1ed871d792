// `npm run bench` (full: 1k/10k/100k reports, writes bench/RESULTS.md) or `npm run bench -- --quick`
// (small sizes, seconds; CI runs it so the benchmark cannot rot); `-- --only=service` the service's
// list and create rows alone. Prints ratios with pass/fail
// beside each goal; machines are noisy, so nothing here is a test. Loopback only, every loop
// bounded, temporary databases removed, stops by itself. Parts:
//   bench/data.ts          datasets bulk-loaded through the store (one transaction each)
//   bench/firstRender.ts   the tree's first render vs one round trip
//   bench/serviceRows.ts   the service's list and create at scale, its resident memory
//   bench/analysisRows.ts  an unrelated request while the service analyses a heavy page
//   bench/localAnalysisRows.ts  a page analysed locally vs its parse; a folder of 1,000 pages on 1 and 2 workers
//   bench/liveChecksRows.ts  the editor's live local checks: a 50 KB HTML file's Problems after the debounce (goal ≤ 100 ms)
//   bench/localCheckRows.ts     check --local on 1,000 pages of 30 KB vs the parse floor (the same files read and
//                               parsed in one thread, parseFloorChild.ts): CPU and wall (goal ≤ 1.5× each), memory,
//                               pages/s on 1 and 2 workers; full run: 10,000 pages vs 1,000 (time linear, memory flat)
//   bench/hostRows.ts      the extension host's cost for hostile records vs budget-filling ordinary ones
//   bench/clientRows.ts    the API client vs bare undici and Node's fetch
//   bench/modelRows.ts     bytes per report held by the tree's model
//   bench/historyRows.ts   the local report history: a URL's runs read, bytes per run, a write
//   bench/sitesRows.ts     a site scan vs the rate-limit floor (and its 429s), discovery of a 50,000-URL sitemap
//   bench/cliRows.ts       the command line: --dump vs ripgrep, check's requests and time
//   bench/workspaceRows.ts the workspace URLs index: 10,000 files indexed, its memory, an edit
//   bench/finderRows.ts    the URL finder on 1 MB of hostile text vs a plain regex pass (goal ≤ 200 ms)
//   bench/patternRows.ts   a hostile URL pattern over 1 MB of text vs a regex literal test
//   bench/lookupRows.ts    lookups at the floor: list requests for a workspace's URLs vs the goals
//   bench/buildRows.ts     npm run build again with nothing changed, and after one core file changed, vs the full build
//   test/host/activationBench.ts  activation in the real VS Code host vs an empty extension
//   benchDocumentUrls.ts   URLs in documents: finding them, requests and time to decorate
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { analysisRows } from './bench/analysisRows';
import { localAnalysisRows } from './bench/localAnalysisRows';
import { liveChecksRows } from './bench/liveChecksRows';
import { localCheckRows } from './bench/localCheckRows';
import { historyRows } from './bench/historyRows';
import { sitesRows } from './bench/sitesRows';
import { hostRows } from './bench/hostRows';
import { clientRows } from './bench/clientRows';
import { cliRows } from './bench/cliRows';
import { workspaceRows } from './bench/workspaceRows';
import { finderRows } from './bench/finderRows';
import { patternRows } from './bench/patternRows';
import { lookupRows } from './bench/lookupRows';
import { buildRows } from './bench/buildRows';
import { benchRoot, makeDataset, type Dataset } from './bench/data';
import { firstRenderRows } from './bench/firstRender';
import { modelRows } from './bench/modelRows';
import { load, machine, markdownTable, printRow, type Row, type Settings } from './bench/measure';
import { serviceRows } from './bench/serviceRows';
import { benchDocumentUrls } from './benchDocumentUrls';

const QUICK = process.argv.includes('--quick');
/** `--only=service`: the service rows alone, on the smallest and largest datasets (nothing written). */
const ONLY_SERVICE = process.argv.includes('--only=service');
const SIZES = QUICK ? [200, 1000, 2000] : [1000, 10_000, 100_000];
const LATENCIES = [0, 20];
const SETTINGS: Settings = { quick: QUICK, rounds: Number(process.env.BENCH_ROUNDS) || (QUICK ? 5 : 30) };

async function main(): Promise<void> {
  console.log(`Benchmark (${QUICK ? 'quick' : 'full'}) on ${machine()}; ${load()}`);
  const loadAtStart = load();
  const root = await benchRoot();
  const rows: Row[] = [];
  const add = (more: Row[]): void => {
    for (const row of more) printRow(row);
    rows.push(...more);
  };
  try {
    const datasets: Dataset[] = [];
    for (const count of ONLY_SERVICE ? [SIZES[0], SIZES[SIZES.length - 1]] : SIZES) {
      const data = await makeDataset(count, root.dir);
      console.log(`  bulk-loaded ${count} reports through the store in ${(data.loadMs / 1000).toFixed(1)} s`);
      datasets.push(data);
    }
    if (ONLY_SERVICE) {
      add(await serviceRows(datasets[0], datasets[datasets.length - 1], SETTINGS));
      return;
    }
    add(await firstRenderRows(datasets, LATENCIES, SETTINGS));
    add(await serviceRows(datasets[0], datasets[datasets.length - 1], SETTINGS));
    add(await analysisRows(SETTINGS));
    add(await localAnalysisRows(SETTINGS));
    add(await liveChecksRows(SETTINGS));
    add(await localCheckRows(SETTINGS));
    add(await hostRows(SETTINGS));
    add(await clientRows(datasets[0], SETTINGS));
    add(await modelRows(SETTINGS));
    add(await historyRows(SETTINGS));
    add(await sitesRows(SETTINGS));
    add(await cliRows(SETTINGS));
    add(await workspaceRows(SETTINGS));
    add(finderRows(SETTINGS));
    add(await patternRows(SETTINGS));
    add(await lookupRows(root.dir, datasets[datasets.length - 1]));
    add(await bundleRows());
    add(await buildRows(SETTINGS));
    add(await activationRows(QUICK ? 3 : 5));
    add(await benchDocumentUrls(QUICK));
  } finally {
    await root.remove();
  }
  const failed = rows.filter((r) => r.goal !== undefined && r.ratio !== undefined && r.ratio > r.goal).length;
  console.log(`${rows.filter((r) => r.goal !== undefined).length - failed} goals met, ${failed} missed`);
  console.log(load());
  if (!QUICK) await writeResults(rows, `${loadAtStart} at the start, ${load()} at the end`);
}

async function writeResults(rows: Row[], loads: string): Promise<void> {
  const file = path.join(__dirname, '..', '..', 'bench', 'RESULTS.md');
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const text = `# Benchmark results

Written by \`npm run bench\` (full run) on ${new Date().toISOString().slice(0, 10)}.

Machine: ${machine()}; ${loads} (other work on a shared machine shows in every number).

The tree shows each group as its page arrives: "first render" is the moment it first has rows to
show (the fastest of the three group requests), "fully loaded" the moment all three are in. At 0 ms
latency a round trip is only the work of one page (the service's query and JSON, the client's
parse) and the full load is three pages' work on two cores, so that row has no goal; read it
against three round trips back to back (below 1×: the three requests overlap).

Ratios are medians of ${SETTINGS.rounds} timed runs after warm-up; the service runs in its own process on
127.0.0.1 with a database bulk-loaded through its store. Searches look for a site by its host name
(${'`'}bench/data.ts${'`'}: 50 reports per site, so a site's reports do not grow with the total).

The build rows time ${'`'}npm run build${'`'} in a copy of the sources: from nothing (the full build), again
with nothing changed, and after a comment is added to one core file; each a median of 3 rounds.

${markdownTable(rows)}
`;
  await fsp.writeFile(file, text);
  console.log(`written to ${path.relative(process.cwd(), file)}`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

/**
 * Activation in the real VS Code host. Its driver lives with the host's (test/host, compiled by its
 * own tsconfig for Playwright's DOM types), so it is loaded at run time.
 */
async function activationRows(samples: number): Promise<Row[]> {
  const driver = (await import(path.join(__dirname, '..', 'test', 'host', 'activationBench.js'))) as {
    activationRows(samples: number): Promise<Row[]>;
  };
  return driver.activationRows(samples);
}

/** The size of the bundle the package ships (built by `npm run build` or `npm run package`). */
async function bundleRows(): Promise<Row[]> {
  const file = path.join(__dirname, '..', '..', 'dist', 'extension.js');
  const size = await fsp.stat(file).then(
    (stat) => `${(stat.size / 1024).toFixed(0)} KiB`,
    () => 'not built (run npm run build first)',
  );
  return [{ name: 'extension bundle size (dist/extension.js)', value: size }];
}
