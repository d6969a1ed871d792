// The API client's cost per request vs a bare undici request and vs Node's fetch, same list page.
// A request takes a few ms, so each ratio is the median of many (SAMPLES) taken in turn with the
// other side, after warm-up: the shared machine's load falls on both alike and the median holds
// still. The CPU time of this process (the service runs in its own) is said beside the time.
import { Agent, request } from 'undici';
import { ReportsClient } from '../../core/client/client';
import { startServiceChild } from './child';
import type { Dataset } from './data';
import { alternate, median, ms, timePair, type Row, type Settings } from './measure';
import { BENCH_KEY } from './serviceProcess';

/** Requests timed per side, at least (and more when the run asks for more rounds). */
const SAMPLES = 300;

interface Sample {
  ms: number;
  cpuMs: number;
}

async function sample(fn: () => Promise<unknown>): Promise<Sample> {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  await fn();
  const took = Number(process.hrtime.bigint() - start) / 1e6;
  const used = process.cpuUsage(cpu);
  return { ms: took, cpuMs: (used.user + used.system) / 1000 };
}

export async function clientRows(data: Dataset, settings: Settings): Promise<Row[]> {
  const child = await startServiceChild(data.file, 0);
  const client = new ReportsClient({ baseUrl: child.url, apiKey: () => BENCH_KEY, proxy: { env: {} } });
  const dispatcher = new Agent({ connections: 1 });
  const url = `${child.url}/api/v1/reports?per_page=25`;
  const headers = { authorization: `Bearer ${BENCH_KEY}`, accept: 'application/json' };
  try {
    const bareRequest = async (): Promise<void> => {
      const res = await request(url, { headers, dispatcher });
      JSON.parse(await res.body.text());
    };
    const fetchRequest = async (): Promise<void> => {
      const res = await fetch(url, { headers });
      await res.json();
    };
    const viaClient = (): Promise<unknown> => client.listReports({ perPage: 25 });
    const samples = Math.max(settings.rounds, SAMPLES);
    const [a, b] = await alternate(
      samples,
      () => sample(viaClient),
      () => sample(bareRequest),
    );
    const [clientA, bare] = [median(a.map((x) => x.ms)), median(b.map((x) => x.ms))];
    const [clientCpu, bareCpu] = [median(a.map((x) => x.cpuMs)), median(b.map((x) => x.cpuMs))];
    const [clientB, viaFetch] = await timePair(samples, viaClient, fetchRequest);
    return [
      {
        name: `API client vs bare undici.request, list page of 25 (${samples} each)`,
        value: `${ms(clientA)} / ${ms(bare)}`,
        ratio: clientA / bare,
        goal: 1.1,
      },
      { name: '  the same, CPU time of this process', value: `${ms(clientCpu)} / ${ms(bareCpu)}`, ratio: clientCpu / bareCpu },
      { name: "API client vs Node's fetch, list page of 25", value: `${ms(clientB)} / ${ms(viaFetch)}`, ratio: clientB / viaFetch },
    ];
  } finally {
    await dispatcher.close();
    await client.dispose();
    await child.stop();
  }
}
