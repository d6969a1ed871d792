// The demo's first Re-run works: npm start's pieces (the demo site on loopback, the service with
// its 24 seeded reports fetching the seeded hosts' pages from that site, the site's own pages rated
// at start) and then every report of the demo re-run over HTTP. None fails, and each keeps its
// rating and score, so the groups look as they did at start (about 10 good, 9 decent, 9 bad).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ReportsClient } from '../../../core/client/client';
import type { Report } from '../../../core/client/types';
import { ratingOf } from '../../../core/checks/rating';
import { startService, type RunningService } from '../../../service/server';
import { seedDemoReports } from '../../../scripts/demoReports';
import { startDemoSite, type DemoSite } from '../../../scripts/demoSite';
import { demoRatedUrls, writeDemoWorkspace } from '../../../scripts/demoWorkspace';

const KEY = 'demo-rerun-key';
const SEED = 24;

describe('demo: every report of npm start can be re-run offline', function () {
  this.timeout(120_000);
  let dir: string;
  let site: DemoSite;
  let service: RunningService;
  let client: ReportsClient;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wr-demo-rerun-'));
    site = await startDemoSite({ root: dir });
    const pages = writeDemoWorkspace(dir, site.url);
    // As scripts/start.ts starts them (without its rate limit and data file).
    service = await startService({ apiKey: KEY, shape: 'real', seed: SEED, seedSite: site.url });
    await seedDemoReports(service.url, KEY, site.url, demoRatedUrls(site.url, pages));
    client = new ReportsClient({ baseUrl: service.url, apiKey: () => KEY, proxy: { env: {} } });
  });

  after(async () => {
    await client?.dispose();
    await service?.close();
    await site?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function allReports(): Promise<Report[]> {
    const out: Report[] = [];
    for (let page = await client.listReports({ perPage: 100 }); ; page = await client.nextPage(page)) {
      out.push(...page.items);
      if (!page.hasMore) return out;
    }
  }

  it('re-runs each seeded and demo-site report without a failure, each keeping its rating and score', async () => {
    const reports = await allReports();
    const bands = (list: Report[]) => {
      const count: Record<string, number> = {};
      for (const r of list) count[ratingOf(r).band] = (count[ratingOf(r).band] ?? 0) + 1;
      return count;
    };
    assert.equal(reports.length, SEED + 4, 'the seeded reports and the demo site pages rated at start');
    assert.deepEqual(bands(reports), { good: 10, decent: 9, bad: 9 });
    const failures: string[] = [];
    const changed: string[] = [];
    for (const report of reports) {
      try {
        const again = await client.updateReport(report.id, { results: 1 }, { passwordKnown: true });
        const [was, now] = [ratingOf(report), ratingOf(again)];
        if (was.band !== now.band || was.score !== now.score) {
          changed.push(`${report.url}: ${was.band} ${was.score} → ${now.band} ${now.score}`);
        }
      } catch (error) {
        failures.push(`${report.url}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    assert.deepEqual(failures, []);
    assert.deepEqual(changed, []);
    assert.deepEqual(bands(await allReports()), { good: 10, decent: 9, bad: 9 });
  });
});
