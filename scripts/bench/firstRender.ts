// The tree's first render (three groups, one request each, in parallel) vs one round trip (one
// list page), against the service in its own process, at each size and latency.
import { ReportsClient } from '../../src/api/client';
import { ReportsModel } from '../../src/model/reportsModel';
import { startServiceChild } from './child';
import type { Dataset } from './data';
import { ms, timePair, type Row, type Settings } from './measure';
import { BENCH_KEY } from './serviceProcess';

export async function firstRenderRows(datasets: Dataset[], latencies: number[], settings: Settings): Promise<Row[]> {
  const rows: Row[] = [];
  for (const data of datasets) {
    for (const latency of latencies) {
      const child = await startServiceChild(data.file, latency);
      const client = new ReportsClient({ baseUrl: child.url, apiKey: () => BENCH_KEY, proxy: { env: {} } });
      try {
        // A failed reload would be fast and look good: every timed one must have loaded.
        const firstRender = async () => {
          const model = new ReportsModel();
          await model.reload(client, { perPage: 25 });
          if (model.status !== 'ready') throw new Error(`a reload failed: ${model.lastError?.message}`);
        };
        const [render, oneTrip] = await timePair(settings.rounds, firstRender, () => client.listReports({ result: 'good', perPage: 25 }));
        rows.push({
          name: `tree first render vs one round trip, ${data.count / 1000}k reports, ${latency} ms latency`,
          value: `${ms(render)} / ${ms(oneTrip)}`,
          ratio: render / oneTrip,
          goal: 1.3,
        });
        // Without latency a round trip is pure work on two cores: the floor is the three pages'
        // work, so compare with three round trips back to back too (below 1× = they overlap).
        if (latency === 0) {
          const [parallel, sequential] = await timePair(settings.rounds, firstRender, async () => {
            for (const result of ['good', 'decent', 'bad'] as const) await client.listReports({ result, perPage: 25 });
          });
          rows.push({
            name: `tree first render vs three round trips back to back, ${data.count / 1000}k reports, 0 ms latency`,
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
