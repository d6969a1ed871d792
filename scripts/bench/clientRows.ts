// The API client's cost per request vs a bare undici request and vs Node's fetch, same list page.
import { Agent, request } from 'undici';
import { ReportsClient } from '../../core/client/client';
import { startServiceChild } from './child';
import type { Dataset } from './data';
import { ms, timePair, type Row, type Settings } from './measure';
import { BENCH_KEY } from './serviceProcess';

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
    const [clientA, bare] = await timePair(settings.rounds, viaClient, bareRequest);
    const [clientB, viaFetch] = await timePair(settings.rounds, viaClient, fetchRequest);
    return [
      {
        name: 'API client vs bare undici.request, list page of 25',
        value: `${ms(clientA)} / ${ms(bare)}`,
        ratio: clientA / bare,
        goal: 1.1,
      },
      { name: "API client vs Node's fetch, list page of 25", value: `${ms(clientB)} / ${ms(viaFetch)}`, ratio: clientB / viaFetch },
    ];
  } finally {
    await dispatcher.close();
    await client.dispose();
    await child.stop();
  }
}
