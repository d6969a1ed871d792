// The preview against the local service: found, new, skipped (already reported, left out by the
// selection), and the time at the rate limit; the lookups are the batched ones (one list request
// for one host's URLs).
import { strict as assert } from 'node:assert';
import { ReportsClient } from '../../../core/client/client';
import { CLIENT_REQUESTS_PER_MINUTE } from '../../../core/client/pacing';
import { UrlLookup } from '../../../core/reports/urlLookup';
import { describePreview, describeScanResult } from '../../../core/sites/describe';
import { estimateMs, previewScan } from '../../../core/sites/preview';
import { selectUrls } from '../../../core/sites/select';
import { evaluate, extractFacts } from '../../../service/analyze';
import type { RunningService } from '../../../service/server';
import { KEY, startTestService } from '../api/harness';

const CONSTANT = evaluate(
  extractFacts({ url: 'https://x.example/', status: 200, headers: {}, html: '<title>x</title>', responseTimeMs: 1, bytes: 16 }),
);

describe('sites: the preview before a scan', () => {
  let service: RunningService;
  let client: ReportsClient;
  before(async () => {
    service = await startTestService({ apiKey: KEY, seed: 0, analyze: async () => structuredClone(CONSTANT) });
    client = new ReportsClient({ baseUrl: `${service.url}/`, apiKey: () => KEY, proxy: { env: {} } });
  });
  after(async () => {
    await client.dispose();
    await service.close();
  });

  it('says found, new, skipped and the time at the limit, with one lookup request for the host', async () => {
    const found = Array.from({ length: 10 }, (_, i) => `https://shop.example/item/${i}`);
    await client.createReport({ url: found[1], privacy: 0 });
    await client.createReport({ url: found[2], privacy: 0 });
    service.clearRequests();
    const selection = selectUrls(found, { exclude: ['**/9'] });
    const lookup = new UrlLookup({ source: () => client });
    const preview = await previewScan(found.length, selection, { lookup, rateLimitPerMinute: 60 });
    lookup.dispose();
    assert.equal(preview.found, 10);
    assert.deepEqual(
      preview.toCreate,
      [0, 3, 4, 5, 6, 7, 8].map((i) => found[i]),
    );
    assert.deepEqual(
      preview.reported.map((r) => r.url),
      [found[1], found[2]],
    );
    assert.equal(preview.skipped, 3);
    assert.equal(preview.estimateMs, 7_000);
    assert.equal(service.requests().filter((r) => r.method === 'GET').length, 1);
  });

  it('includeReported keeps URLs that have a report', async () => {
    const lookup = new UrlLookup({ source: () => client });
    const preview = await previewScan(2, selectUrls(['https://shop.example/item/1', 'https://shop.example/new']), {
      lookup,
      includeReported: true,
    });
    lookup.dispose();
    assert.equal(preview.toCreate.length, 2);
    assert.equal(preview.skipped, 0);
  });

  it("the estimate can use the limit the service announced (the client's rateLimit())", async () => {
    const limited = await startTestService({ apiKey: KEY, seed: 0, rateLimitPerMinute: 120 });
    const c = new ReportsClient({ baseUrl: `${limited.url}/`, apiKey: () => KEY, proxy: { env: {} } });
    try {
      assert.equal(c.rateLimit(), undefined);
      await c.listReports();
      assert.equal(c.rateLimit(), 120);
      assert.equal(estimateMs(60, c.rateLimit()), 30_000);
    } finally {
      await c.dispose();
      await limited.close();
    }
  });

  it('the estimate is requests ÷ limit per minute (60 a minute when unknown)', () => {
    assert.equal(estimateMs(600, 600), 60_000);
    assert.equal(estimateMs(1000), 1_000_000);
    assert.equal(estimateMs(1, 0), 1_000);
  });

  it("the estimate counts with the client's own ceiling where it is lower than the service's limit", () => {
    // 1,000 creates: the client paces itself to 50 a minute, so 20 minutes, not the 17 of the service's 60.
    assert.equal(estimateMs(1000, undefined, CLIENT_REQUESTS_PER_MINUTE), 1_200_000);
    assert.equal(estimateMs(1000, 60, CLIENT_REQUESTS_PER_MINUTE), 1_200_000);
    assert.equal(estimateMs(1000, 30, CLIENT_REQUESTS_PER_MINUTE), 2_000_000);
    assert.equal(estimateMs(1000, 60, 0), 1_000_000);
  });
});

describe('sites: the words of a preview and a result', () => {
  it('says found, new, skipped and the time; and the result counts', () => {
    assert.equal(
      describePreview({
        found: 120,
        toCreate: Array.from({ length: 80 }, (_, i) => `https://e.example/${i}`),
        reported: [],
        skipped: 40,
        estimateMs: 80_000,
      }),
      "120 found, 80 new, 40 skipped; about 80 seconds at the service's rate limit.",
    );
    assert.equal(
      describePreview({ found: 3, toCreate: [], reported: [], skipped: 3, estimateMs: 0 }),
      '3 found, none new, 3 skipped: nothing to create.',
    );
    assert.equal(describeScanResult({ found: 120, created: 78, skipped: 40, failed: 2 }), '120 found: 78 created, 40 skipped, 2 failed');
  });
});
