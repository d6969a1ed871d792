// `npm run bench`: benchmarks that print ratios (the machines are noisy, so no absolute limits).
//  1. First render of the tree: requests and time for 30 vs 3000 reports. The design promises
//     three requests whatever the number of reports, so the time ratio should stay near 1.
//  2. The API client's overhead over a bare undici request to the same endpoint.
// Everything runs against the local report service on 127.0.0.1 and stops by itself.
import { request } from 'undici';
import { ReportsClient } from '../src/api/client';
import { ReportsModel } from '../src/model/reportsModel';
import { startService } from '../service/server';
import { benchDocumentUrls } from './benchDocumentUrls';

const KEY = 'bench-key-000000';
const ROUNDS = Number(process.env.BENCH_ROUNDS || 30);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timeIt(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i++) await fn(); // warm up
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(samples);
}

async function main(): Promise<void> {
  const service = await startService({ apiKey: KEY });
  const client = new ReportsClient({ baseUrl: service.url, apiKey: () => KEY, proxy: { env: {} } });
  try {
    const firstRender = async (count: number) => {
      await service.reset(count);
      service.clearRequests();
      const model = new ReportsModel();
      await model.reload(client, { perPage: 25 });
      const requests = service.requests().length;
      // A failed reload would be fast and look good: every timed one must have loaded.
      const ms = await timeIt(async () => {
        const timed = new ReportsModel();
        await timed.reload(client, { perPage: 25 });
        if (timed.status !== 'ready') throw new Error(`a reload failed: ${timed.lastError?.message}`);
      });
      return { requests, ms };
    };
    const small = await firstRender(30);
    const large = await firstRender(3000);
    console.log(`first render, 30 reports:   ${small.requests} requests, median ${small.ms.toFixed(2)} ms`);
    console.log(`first render, 3000 reports: ${large.requests} requests, median ${large.ms.toFixed(2)} ms`);
    console.log(`ratio 3000/30: requests ${(large.requests / small.requests).toFixed(2)}, time ${(large.ms / small.ms).toFixed(2)}`);

    await service.reset(100);
    const url = `${service.url}/api/v1/reports?per_page=25`;
    const bare = await timeIt(async () => {
      const res = await request(url, { headers: { authorization: `Bearer ${KEY}`, accept: 'application/json' } });
      JSON.parse(await res.body.text());
    });
    const viaClient = await timeIt(() => client.listReports({ perPage: 25 }));
    console.log(
      `list page of 25: bare undici ${bare.toFixed(2)} ms, API client ${viaClient.toFixed(2)} ms, ratio ${(viaClient / bare).toFixed(2)}`,
    );
  } finally {
    await client.dispose();
    await service.close();
  }
  await benchDocumentUrls();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
