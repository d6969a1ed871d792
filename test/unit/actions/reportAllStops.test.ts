// A failure no other create could pass (a refused key) ends a Report All at once, as it ends a
// scan and the command line: only the creates already in flight are sent, not one per URL
// (writeQueue.ts, endsWriteRun).
import { strict as assert } from 'node:assert';
import { ReportsClient } from '../../../core/client/client';
import { runReportAll } from '../../../core/reports/reportAll';
import { WRITE_CONCURRENCY } from '../../../core/reports/writeQueue';
import { ReportActions } from '../../../core/reports/reportActions';
import { ReportsModel } from '../../../core/list/reportsModel';
import { startService, RunningService } from '../../../service/server';

const KEY = 'report-all-stops-key-7713';

describe('actions: a refused key ends a Report All', () => {
  let service: RunningService;
  let client: ReportsClient;

  before(async () => {
    service = await startService({ apiKey: KEY, control: true });
    client = new ReportsClient({ baseUrl: service.url, apiKey: () => 'refused-key-0000', retry: { retries: 0 }, proxy: { env: {} } });
  });
  after(async () => {
    await client.dispose();
    await service.close();
  });

  it('sends at most the writes in flight (3) for 50 URLs against a service that answers 401', async () => {
    const urls = Array.from({ length: 50 }, (_, n) => `https://example.com/page-${n}`);
    const summary = await runReportAll(urls, new ReportActions(() => client, new ReportsModel()), { privacy: 0 });
    const posts = service.requests().filter((r) => r.method === 'POST');
    assert.ok(posts.length >= 1 && posts.length <= WRITE_CONCURRENCY, `${posts.length} creates were sent`);
    assert.equal(summary.created.length, 0);
    assert.equal(summary.failed[0].error?.kind, 'auth');
    // The URLs not sent are failed too, so "Retry Failed" takes them all once the key is fixed.
    assert.equal(summary.failed.length, 50);
    assert.equal(summary.skipped.length, 0);
  });
});
