// Whole sites: a scan of N new URLs against the local service limited to L requests a minute —
// wall time vs the rate-limit floor (N ÷ L; goal ≤ 1.15×) and the 429s seen (goal: none) — and
// the discovery of a 50,000-URL gzipped sitemap from a loopback site (goal ≤ 2 s; the peak of
// resident memory above the start is printed). Full: 600 URLs at 600 a minute (a minute); quick:
// 60 URLs at 3,600 a minute (a second). The service runs in this process with a constant analysis,
// so a create costs the service's bookkeeping, not a page fetch. A temporary directory, removed.
import { promises as fsp } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { ReportsClient } from '../../core/client/client';
import { discoverSitemapUrls } from '../../core/sites/discover';
import { runScan } from '../../core/sites/runScan';
import { createJob, ScanJob } from '../../core/sites/scanJob';
import { evaluate, extractFacts } from '../../service/analyze';
import { startService } from '../../service/server';
import { ms, type Row, type Settings } from './measure';

const KEY = 'bench-sites-key-0000';
const SITEMAP_URLS = 50_000;

export async function sitesRows(settings: Settings): Promise<Row[]> {
  return [await scanRow(settings), await discoveryRow()];
}

async function scanRow(settings: Settings): Promise<Row> {
  const urls = settings.quick ? 60 : 600;
  const limit = settings.quick ? 3_600 : 600;
  const analysis = evaluate(
    extractFacts({ url: 'https://bench.example/', status: 200, headers: {}, html: '<title>bench</title>', responseTimeMs: 1, bytes: 20 }),
  );
  const service = await startService({ apiKey: KEY, seed: 0, rateLimitPerMinute: limit, analyze: async () => structuredClone(analysis) });
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'bench-sites-'));
  let tooMany = 0;
  const client = new ReportsClient({
    baseUrl: `${service.url}/`,
    apiKey: () => KEY,
    proxy: { env: {} },
    log: (_level, line) => {
      if (/→ (429|rate-limited)/.test(line)) tooMany++;
    },
  });
  try {
    const job = await createJob(path.join(dir, 'scan.jsonl'), {
      input: 'https://bench.example/',
      urls: Array.from({ length: urls }, (_, i) => `https://bench.example/section-${i % 10}/page-${i}`),
      privacy: 0,
    });
    if (!(job instanceof ScanJob)) throw new Error(`sites bench: ${job.message}`);
    const start = process.hrtime.bigint();
    const result = await runScan(job, { client });
    const wall = Number(process.hrtime.bigint() - start) / 1e6;
    await job.release();
    if (result.created !== urls) throw new Error(`sites bench: ${result.created} of ${urls} created (${result.stopped ?? ''})`);
    const floor = (urls / limit) * 60_000;
    return {
      name: `sites: scan ${urls} new URLs at ${limit}/min vs the floor (N ÷ limit), 429s`,
      value: `${(wall / 1000).toFixed(1)} s / ${(floor / 1000).toFixed(1)} s, ${tooMany} × 429`,
      // A 429 misses the goal whatever the time.
      ratio: tooMany > 0 ? Number.POSITIVE_INFINITY : wall / floor,
      goal: 1.15,
    };
  } finally {
    await client.dispose();
    await service.close();
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

async function discoveryRow(): Promise<Row> {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${Array.from(
    { length: SITEMAP_URLS },
    (_, i) =>
      `<url><loc>https://www.example.com/section-${i % 50}/page-${i}.html</loc><lastmod>2026-01-01</lastmod><changefreq>weekly</changefreq></url>`,
  ).join('\n')}\n</urlset>\n`;
  const gzipped = zlib.gzipSync(body);
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/x-gzip' }).end(gzipped));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sitemap.xml.gz`;
  try {
    await discoverSitemapUrls(url); // warm-up: code loaded, connections set up once
    global.gc?.();
    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const start = process.hrtime.bigint();
    const found = await discoverSitemapUrls(url);
    const took = Number(process.hrtime.bigint() - start) / 1e6;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (found.urls.length !== SITEMAP_URLS) throw new Error(`sites bench: ${found.urls.length} URLs discovered`);
    return {
      name: `sites: discover a ${SITEMAP_URLS}-URL gzipped sitemap (${(gzipped.length / 1024).toFixed(0)} KiB, ${(body.length / 1024 / 1024).toFixed(1)} MB) vs 2 s`,
      value: `${ms(took)}, peak +${((peak - base) / 1024 / 1024).toFixed(0)} MB RSS`,
      ratio: took / 2000,
      goal: 1,
    };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

if (require.main === module) {
  void sitesRows({ quick: process.argv.includes('--quick'), rounds: 1 }).then((rows) => {
    for (const row of rows) console.log(`${row.name}  ${row.value}  ${row.ratio?.toFixed(2)}×`);
  });
}
