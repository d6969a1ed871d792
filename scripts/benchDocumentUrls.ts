// Benchmark of URLs in documents: rows of the table `npm run bench` prints and writes:
//  1. Finding the URLs of a 5,000-line document: ms per 1,000 lines, and the ratio to a bare
//     regex scan of the same text (target ≤ 5 ms per 1,000 lines).
//  2. Decorating it fully: 1,000 URLs (500 distinct on 10 hosts) against a service holding 20,000
//     reports, 1,000 of them on those hosts. Requests sent (target ≤ 30, vs 500 for one lookup per
//     URL) and the time against the same requests sent back to back (target ≤ 3×). Then the same
//     with 10× more reports per host: how the requests grow and what the engine does.
//  3. Looking the same URLs up again (typing that does not change them): requests sent (0).
import { ReportsClient } from '../core/client/client';
import { UrlLookup } from '../core/reports/urlLookup';
import { distinctUrls, findUrls } from '../core/urls/urlFinder';
import { startService } from '../service/server';
import { RecordSpec, writeDataFile } from '../test/unit/actions/reportRecords';
import { printRow, type Row } from './bench/measure';

const KEY = 'bench-doc-urls-key-01';
const HOSTS = Array.from({ length: 10 }, (_, i) => `site-${i}.bench.test`);
const SECTIONS = ['blog', 'docs', 'shop', 'news', 'help'];

/** The n-th page of a host: spread over five sections. */
const pageUrl = (host: string, n: number) => `https://${host}/${SECTIONS[n % SECTIONS.length]}/page-${n}`;

/** 5,000 lines: 1,000 of them hold a URL (50 distinct per host, each twice), the rest prose. */
function makeDocument(): string {
  const lines: string[] = [];
  const forms = [
    (u: string) => `- [link](${u})`,
    (u: string) => `<a href="${u}">x</a>`,
    (u: string) => `  url: "${u}",`,
    (u: string) => `See ${u}.`,
  ];
  for (let i = 0; i < 5000; i++) {
    if (i % 5 === 0) {
      const k = i / 5; // 0..999
      const host = HOSTS[k % HOSTS.length];
      const n = Math.floor(k / HOSTS.length) % 50; // 50 distinct per host, each seen twice
      lines.push(forms[k % forms.length](pageUrl(host, n * 2)));
    } else lines.push(`Line ${i} of ordinary prose, with no address in it, only words and numbers ${i * 7}.`);
  }
  return lines.join('\n');
}

/** `perHost` reports on each of the 10 hosts (pages 0..perHost-1), the rest elsewhere, 20,000 in all. */
function makeReports(perHost: number): RecordSpec[] {
  const specs: RecordSpec[] = [];
  for (let n = 0; n < perHost; n++) for (const host of HOSTS) specs.push({ url: pageUrl(host, n), score: (n * 37) % 100 });
  for (let i = specs.length; i < 20_000; i++) specs.push({ url: `https://other-${i % 190}.example/p/${i}`, score: i % 100 });
  return specs;
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

function benchFinder(text: string): Row[] {
  const lines = text.split('\n').length;
  const time = (fn: () => unknown) => {
    for (let i = 0; i < 5; i++) fn();
    const samples: number[] = [];
    for (let i = 0; i < 30; i++) {
      const start = performance.now();
      fn();
      samples.push(performance.now() - start);
    }
    return median(samples);
  };
  const found = findUrls(text).length;
  const finder = time(() => findUrls(text));
  const bare = time(() => text.match(/https?:\/\/[^\s<>"'`]+/g));
  const perThousand = (finder * 1000) / lines;
  return [
    {
      name: `document URLs: finding ${found} URLs in ${lines} lines, per 1,000 lines vs 5 ms`,
      value: `${perThousand.toFixed(3)} ms (bare regex scan ×${(finder / bare).toFixed(1)})`,
      ratio: perThousand / 5,
      goal: 1,
    },
  ];
}

/** `unbudgeted`: past 30 requests the budget would spread them over minutes; time the engine alone. */
async function benchLookups(text: string, perHost: number, unbudgeted = false): Promise<Row[]> {
  const service = await startService({ apiKey: KEY, control: true, dataFile: await writeDataFile(makeReports(perHost)) });
  const client = new ReportsClient({ baseUrl: service.url, apiKey: () => KEY, proxy: { env: {} } });
  try {
    const urls = distinctUrls(findUrls(text));
    await client.listReports({ perPage: 10 }); // warm the connection
    const run = async () => {
      service.clearRequests();
      const lookup = new UrlLookup({ source: () => client });
      const start = performance.now();
      const found = await lookup.lookupAll(urls);
      const ms = performance.now() - start;
      const requests = service.requests();
      service.clearRequests();
      await lookup.lookupAll(urls); // typing that leaves the URLs as they are
      const again = service.requests().length;
      lookup.dispose();
      return { ms, requests, again, withReport: [...found.values()].filter(Boolean).length };
    };
    await run(); // warm up
    const runs: Awaited<ReturnType<typeof run>>[] = [];
    for (let i = 0; i < 7; i++) runs.push(await run()); // a noisy machine: the median of 7
    const { requests, again, withReport } = runs[0];
    const engineMs = median(runs.map((r) => r.ms));
    // The same list requests, one after another.
    const serial: number[] = [];
    for (let round = 0; round < 7; round++) {
      const start = performance.now();
      for (const r of requests) {
        await client.listReports({
          ...(r.query.search === undefined ? {} : { search: r.query.search, searchBy: 'url' as const }),
          perPage: 100,
          sortBy: 'id',
          sort: 'desc',
          page: Number(r.query.page ?? 1),
        });
      }
      serial.push(performance.now() - start);
    }
    const serialMs = median(serial);
    const searches = new Map<string, number>();
    for (const r of requests) {
      // 0 the account list (its first page tells the total), 1 host, 2 host/section, 3 the URL
      const level = r.query.search === undefined ? 0 : r.query.search.split('/').length;
      const name = ['account', 'host', 'host/section', 'URL'][level] ?? 'URL';
      searches.set(name, (searches.get(name) ?? 0) + 1);
    }
    const by = [...searches].map(([k, v]) => `${k} ${v}`).join(', ');
    const where = `${urls.length} URLs, ${perHost} reports per host`;
    return [
      {
        // At 10× the reports per host the budget is lifted for timing: no goal on the count there.
        name: `document URLs: requests to decorate (${where})${unbudgeted ? '' : ' vs 30'}`,
        value: `${requests.length} (${by}; ${withReport} found; again: ${again})`,
        ...(unbudgeted ? {} : { ratio: requests.length / 30, goal: 1 }),
      },
      {
        name: `document URLs: time to decorate vs its requests back to back (${perHost}/host)`,
        value: `${engineMs.toFixed(1)} ms / ${serialMs.toFixed(1)} ms`,
        ratio: engineMs / serialMs,
        goal: 3,
      },
    ];
  } finally {
    await client.dispose();
    await service.close();
  }
}

/** `quick` (CI): the finder and the 100-per-host case only, so it runs in seconds and cannot rot. */
export async function benchDocumentUrls(quick = false): Promise<Row[]> {
  const text = makeDocument();
  const rows = [...benchFinder(text), ...(await benchLookups(text, 100))];
  // With 10× the reports per host the engine reads one page of the host search, sees from its
  // total that paging would take more than 3 pages, and narrows to host/section searches (then to
  // the URL itself) instead of reading more pages.
  if (!quick) rows.push(...(await benchLookups(text, 1000, true)));
  return rows;
}

if (require.main === module) {
  benchDocumentUrls().then(
    (rows) => rows.forEach(printRow),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
