// Lookups at the floor (core/reports/lookupRun.ts): the list requests one run of lookups sends for
// a workspace's URLs, against the goals — 300 URLs on 80 hosts in an account of 260 reports (≤ 4;
// one search per host sent 80), 1,000 URLs on 500 hosts in an account of 2,000 (≤ 21), 1,000 URLs
// on 20 hosts in an account of 100,000 (≤ 25; the quick run uses its largest dataset). Counted by
// the local service's recorded requests, in this process, on databases bulk-loaded through the
// store (bench/data.ts); the editor and `check` use this one module, so the counts are theirs.
import * as path from 'node:path';
import { ReportsClient } from '../../core/client/client';
import type { LookupRoute } from '../../core/reports/lookupRun';
import { UrlLookup } from '../../core/reports/urlLookup';
import { startService } from '../../service/server';
import { seedReport } from '../../service/seed';
import { Store } from '../../service/store';
import type { StoredReport } from '../../service/types';
import { benchReport, hostName, REPORTS_PER_HOST, type Dataset } from './data';
import { ms, type Row } from './measure';

const KEY = 'bench-lookup-key-0000';

interface Case {
  name: string;
  urls: string[];
  file: string;
  hosts: number;
  goal: number;
}

/** A database of `reports` seeded reports, the i-th on the URL `urlOf(i)`, loaded through the store in one transaction. */
async function makeAccount(dir: string, name: string, reports: number, urlOf: (i: number) => string): Promise<string> {
  const file = path.join(dir, `${name}.db`);
  const store = await Store.open(file);
  const now = Date.now();
  const records: StoredReport[] = Array.from({ length: reports }, (_, i) => ({ ...seedReport(i + 1, now), url: urlOf(i) }));
  await store.replaceAll(records);
  store.close();
  return file;
}

/** The URLs of `count` pages over `hosts` hosts: page i on host i % hosts. */
function workspaceUrls(count: number, hosts: number, tag: string): string[] {
  return Array.from({ length: count }, (_, i) => `https://${tag}-${i % hosts}.example.test/page/${i}`);
}

/** 1,000 URLs on 20 hosts of a bench dataset: 25 of each host's reported pages and 25 it has none for. */
function datasetUrls(largest: Dataset): string[] {
  const siteCount = Math.max(1, Math.floor(largest.count / REPORTS_PER_HOST));
  const urls: string[] = [];
  for (let h = 0; h < 20; h++) {
    for (let k = 1; k <= 25; k++) urls.push(benchReport(h + k * siteCount, largest.count, 0).url);
    for (let k = 0; k < 25; k++) urls.push(`https://${hostName(h)}/new/page-${k}`);
  }
  return urls;
}

async function count(c: Case): Promise<Row> {
  const service = await startService({ apiKey: KEY, control: true, dataFile: c.file });
  const client = new ReportsClient({ baseUrl: service.url, apiKey: () => KEY, proxy: { env: {} } });
  const routes: LookupRoute[] = [];
  const lookup = new UrlLookup({ source: () => client, onRoute: (r) => routes.push(r) });
  try {
    service.clearRequests();
    const start = performance.now();
    const answers = await lookup.settleAll(c.urls, 'hidden');
    const took = performance.now() - start;
    const lists = service.requests().filter((r) => r.method === 'GET' && r.path === '/api/v1/reports').length;
    const found = [...answers.values()].filter((a) => a.state === 'found').length;
    const unknown = [...answers.values()].filter((a) => a.state === 'unknown').length;
    if (unknown) throw new Error(`lookup bench: ${unknown} URLs could not be checked`);
    return {
      name: `lookups at the floor: ${c.name} — list requests vs ${c.goal}`,
      value: `${lists} (${routes.join('+') || 'none'}; ${found} of ${c.urls.length} found; a search per host: ≥ ${c.hosts}; ${ms(took)})`,
      ratio: lists / c.goal,
      goal: 1,
    };
  } finally {
    lookup.dispose();
    await client.dispose();
    await service.close();
  }
}

export async function lookupRows(dir: string, largest: Dataset): Promise<Row[]> {
  const small = workspaceUrls(300, 80, 'w');
  const wide = workspaceUrls(1_000, 500, 'v');
  const cases: Case[] = [
    {
      name: '300 URLs on 80 hosts, an account of 260',
      urls: small,
      file: await makeAccount(dir, 'lookup-260', 260, (i) => small[i]),
      hosts: 80,
      goal: 4,
    },
    {
      name: '1,000 URLs on 500 hosts, an account of 2,000',
      urls: wide,
      // The workspace's first 900 pages, then 1,100 reports on other pages of the same hosts.
      file: await makeAccount(dir, 'lookup-2000', 2_000, (i) => (i < 900 ? wide[i] : `https://v-${i % 500}.example.test/old/${i}`)),
      hosts: 500,
      goal: 21,
    },
    {
      name: `1,000 URLs on 20 hosts, an account of ${largest.count.toLocaleString('en')}`,
      urls: datasetUrls(largest),
      file: largest.file,
      hosts: 20,
      goal: 25,
    },
  ];
  const rows: Row[] = [];
  for (const c of cases) rows.push(await count(c));
  return rows;
}
