// An unrelated request while the service analyses a heavy page: GET /api/v1/account's latency
// while pages at the analysis caps are analysed one after another, against its latency when the
// service is idle. The analysis runs in a worker thread, so the ratio stays near 1; when it ran
// on the service's event loop, the request waited for the whole analysis (seconds).
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { MAX_ELEMENTS, MAX_NESTING_DEPTH } from '../../core/analysis/pageComplexity';
import { startService, type RunningService } from '../../service/server';
import { median, ms, type Row, type Settings } from './measure';

const KEY = 'bench-key-analysis';
const HEADERS = { authorization: `Bearer ${KEY}`, accept: 'application/json' };

/** The heaviest page the caps let through: nested to the depth cap, elements to the element cap. */
const DIVS = MAX_NESTING_DEPTH - 1; // each <p> is one level deeper
const HEAVY_PAGE = `${'<div>'.repeat(DIVS)}${'<p>x</p>'.repeat(MAX_ELEMENTS - DIVS)}${'</div>'.repeat(DIVS)}`;

async function pageServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const heavy = (req.url ?? '/').startsWith('/heavy');
    res.writeHead(heavy ? 200 : 404, { 'content-type': 'text/html' });
    res.end(heavy ? HEAVY_PAGE : 'not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function timedAccount(svc: RunningService, dispatcher: Agent): Promise<number> {
  const start = process.hrtime.bigint();
  const res = await request(`${svc.url}/api/v1/account`, { headers: HEADERS, dispatcher });
  await res.body.text();
  if (res.statusCode !== 200) throw new Error(`account: ${res.statusCode}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function createHeavy(svc: RunningService, pages: string, dispatcher: Agent): Promise<void> {
  const res = await request(`${svc.url}/api/v1/reports`, {
    method: 'POST',
    headers: { ...HEADERS, 'content-type': 'application/x-www-form-urlencoded' },
    body: `url=${encodeURIComponent(`${pages}/heavy`)}`,
    dispatcher,
  });
  const text = await res.body.text();
  if (res.statusCode !== 201) throw new Error(`create of the heavy page: ${res.statusCode} ${text}`);
}

export async function analysisRows(settings: Settings): Promise<Row[]> {
  const pages = await pageServer();
  const svc = await startService({ apiKey: KEY });
  const client = new Agent({ connections: 1 });
  const creator = new Agent({ connections: 1, headersTimeout: 120_000, bodyTimeout: 120_000 });
  try {
    for (let i = 0; i < 300; i++) await timedAccount(svc, client); // warm-up
    const idle: number[] = [];
    const busy: number[] = [];
    // Idle and busy phases alternate, so that load from elsewhere falls on both sides alike.
    for (let round = 0; round < (settings.quick ? 1 : 3); round++) {
      for (let i = 0; i < 300; i++) idle.push(await timedAccount(svc, client));
      let done = false;
      const create = createHeavy(svc, pages.url, creator).finally(() => (done = true));
      // Requests back to back for as long as the create runs (its fetch is a few ms of it).
      while (!done) busy.push(await timedAccount(svc, client));
      await create;
    }
    const [b, i] = [median(busy), median(idle)];
    return [
      {
        name: `unrelated GET while a page at the caps is analysed vs idle (${busy.length} requests)`,
        value: `${ms(b)} / ${ms(i)}`,
        ratio: b / i,
        goal: 3,
      },
    ];
  } finally {
    await client.close();
    await creator.close();
    await svc.close();
    await pages.close();
  }
}
