// The tree's first render vs one round trip (one list page), against the service in its own
// process, at each size and latency. The model shows each group as it arrives, so the tree's
// first render is the moment the model first has groups to show (what ReportsTreeProvider renders
// from `showsGroups`); the whole load, all three groups in, is a row of its own.
import { ReportsClient } from '../../core/client/client';
import { ReportsModel } from '../../core/list/reportsModel';
import { startServiceChild } from './child';
import type { Dataset } from './data';
import { alternate, median, ms, timePair, type Row, type Settings } from './measure';
import { BENCH_KEY } from './serviceProcess';

interface Render {
  /** until the tree first has rows to show */
  shown: number;
  /** until every group has loaded */
  complete: number;
}

/** One cold reload of a new model, timed to its first rows and to its end. */
async function render(client: ReportsClient): Promise<Render> {
  const model = new ReportsModel();
  const started = process.hrtime.bigint();
  const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
  let shown: number | undefined;
  const stop = model.onDidChange(() => {
    // Rows to show: the groups are shown and one of them holds reports.
    if (shown === undefined && model.showsGroups && Object.values(model.groups).some((g) => !g.loading && g.items.length)) {
      shown = elapsed();
    }
  });
  try {
    await model.reload(client, { perPage: 25 });
  } finally {
    stop.dispose();
  }
  const complete = elapsed();
  // A failed reload would be fast and look good: every timed one must have loaded.
  if (model.status !== 'ready') throw new Error(`a reload failed: ${model.lastError?.message}`);
  if (shown === undefined) throw new Error('the tree never had rows to show');
  return { shown, complete };
}

/** One list page; the groups take turns, so no group's page size favours either side. */
let turn = 0;
async function timeOne(client: ReportsClient): Promise<number> {
  const result = (['good', 'decent', 'bad'] as const)[turn++ % 3];
  const started = process.hrtime.bigint();
  await client.listReports({ result, perPage: 25 });
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** Renders and single round trips alternately (load from elsewhere falls on both alike); medians. */
async function renderVsOne(client: ReportsClient, rounds: number): Promise<{ shown: number; complete: number; one: number }> {
  const [renders, ones] = await alternate(
    rounds,
    () => render(client),
    () => timeOne(client),
  );
  return { shown: median(renders.map((r) => r.shown)), complete: median(renders.map((r) => r.complete)), one: median(ones) };
}

/**
 * Rounds of each row: at least MIN_ROUNDS. At 0 ms latency a render and a round trip take 3–8 ms,
 * and the median of the quick run's 5 moved with a shared machine's load past the goal and back
 * from one run to the next (the first and coldest row most); a few dozen ms buy a steadier one.
 */
const MIN_ROUNDS = 20;

export async function firstRenderRows(datasets: Dataset[], latencies: number[], settings: Settings): Promise<Row[]> {
  const rows: Row[] = [];
  const rounds = Math.max(settings.rounds, MIN_ROUNDS);
  for (const data of datasets) {
    for (const latency of latencies) {
      const child = await startServiceChild(data.file, latency);
      const client = new ReportsClient({ baseUrl: child.url, apiKey: () => BENCH_KEY, proxy: { env: {} } });
      const where = `${data.count / 1000}k reports, ${latency} ms latency`;
      try {
        const { shown, complete, one } = await renderVsOne(client, rounds);
        rows.push({
          name: `tree first render (first rows shown) vs one round trip, ${where}`,
          value: `${ms(shown)} / ${ms(one)}`,
          ratio: shown / one,
          goal: 1.3,
        });
        rows.push({
          name: `tree fully loaded (all three groups) vs one round trip, ${where}`,
          value: `${ms(complete)} / ${ms(one)}`,
          ratio: complete / one,
        });
        // Without latency a round trip is pure work on two cores: three groups cost at least three
        // pages' work, so the full load is read against three round trips back to back (below 1×:
        // they overlap).
        if (latency === 0) {
          const [parallel, sequential] = await timePair(
            rounds,
            async () => {
              await render(client); // timed whole: the full load
            },
            async () => {
              for (const result of ['good', 'decent', 'bad'] as const) await client.listReports({ result, perPage: 25 });
            },
          );
          rows.push({
            name: `tree fully loaded vs three round trips back to back, ${where}`,
            value: `${ms(parallel)} / ${ms(sequential)}`,
            ratio: parallel / sequential,
          });
        }
      } finally {
        await client.dispose();
        await child.stop();
      }
    }
  }
  return rows;
}
