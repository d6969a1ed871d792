// Records larger than the client builds, over HTTP in both shapes: a list page holding one 9 MiB
// record (a page of 130,000 <img>) reads, the other 24 intact and that one kept as its facts,
// marked too large; a create whose 201 answer is that large is a success with the id — never
// "failed", never sent again — also when the answer goes on past the byte budget.
import { strict as assert } from 'node:assert';
import { ReportActions } from '../../../core/reports/reportActions';
import { Report, oversizedOf } from '../../../core/client/types';
import { MAX_RECORD_BYTES } from '../../../core/client/answerLimits';
import { ReportsModel } from '../../../core/list/reportsModel';
import { SHAPES, useService } from './harness';

const MiB = 1024 * 1024;

/** `record` grown to about `bytes` with the kind of field a page of many images produces. */
function inflate(record: Report, bytes: number): Record<string, unknown> {
  const img = '<img src="/media/photo-000000.jpg" alt="">';
  const images = Array.from({ length: Math.ceil(bytes / (JSON.stringify(img).length + 1)) }, () => img);
  return { ...record, results: { images: { passed: false, value: images } } };
}

function facts(report: Report) {
  return { id: report.id, url: report.url, privacy: report.privacy, result: report.result };
}

for (const shape of SHAPES) {
  describe(`api client: records too large to show (${shape} shape)`, function () {
    this.timeout(60_000);
    const h = useService(shape, 30);
    const posts = () => h.service.requests().filter((r) => r.method === 'POST');

    it('a page of 25 with one 9 MiB record reads: 24 records intact, that one marked with its facts', async () => {
      const c = h.client();
      const real = await c.listReports({ perPage: 25 });
      assert.equal(real.items.length, 25);
      const rows: unknown[] = real.items.map((r) => ({ ...r }));
      rows[12] = inflate(real.items[12], 9 * MiB);
      const body = JSON.stringify({ data: rows, links: { next: null }, meta: { current_page: 1, last_page: 2, per_page: 25, total: 30 } });
      assert.ok(Buffer.byteLength(body) > 9 * MiB);
      h.service.addFault({ method: 'GET', path: '/api/v1/reports', status: 200, body, times: 1 });
      const page = await c.listReports({ perPage: 25 });
      assert.equal(page.items.length, 25);
      assert.equal(page.oversized, 1);
      assert.equal(page.skipped, 0);
      assert.equal(page.total, 30);
      page.items.forEach((item, i) => {
        if (i === 12) return;
        assert.deepEqual(item, real.items[i], `record ${i} intact`);
        assert.equal(oversizedOf(item), undefined);
      });
      const big = page.items[12];
      assert.deepEqual(facts(big), facts(real.items[12]), 'id, url, privacy and rating kept');
      assert.equal(big.generated_at, real.items[12].generated_at);
      assert.equal(big.results, undefined, 'nothing of the large field was built');
      assert.equal(oversizedOf(big)?.reason, 'bytes');
      assert.ok((oversizedOf(big)?.bytes ?? 0) > 9 * MiB);
      assert.ok(h.logLines.some((l) => l.includes('too large to show')));
    });

    it('reading one 9 MiB report gives its facts, marked', async () => {
      const c = h.client();
      const real = await c.getReport(3);
      h.service.addFault({ method: 'GET', path: '/api/v1/reports/3', status: 200, body: { data: inflate(real, 9 * MiB) }, times: 1 });
      const report = await c.getReport(3);
      assert.deepEqual(facts(report), facts(real));
      assert.equal(oversizedOf(report)?.reason, 'bytes');
    });

    it('a create answering a 9 MiB 201 is a success with the id, in the model, with one POST', async () => {
      const real = await h.client().getReport(5);
      const stored = inflate({ ...real, id: 4242, url: 'https://big.example/' }, 9 * MiB);
      h.service.clearRequests();
      h.service.addFault({ method: 'POST', path: '/api/v1/reports', status: 201, body: { data: stored }, times: 1 });
      const model = new ReportsModel();
      const actions = new ReportActions(() => h.client(), model);
      const outcome = await actions.create({ url: 'https://big.example/', privacy: 0 });
      assert.equal(outcome.kind, 'created', JSON.stringify(outcome).slice(0, 300));
      const report = outcome.kind === 'created' ? outcome.report : undefined;
      assert.equal(report?.id, 4242);
      assert.equal(report && oversizedOf(report)?.reason, 'bytes');
      assert.equal(model.reportsFor('https://big.example/').length, 1);
      assert.equal(posts().length, 1, 'created once, never sent again');
      assert.equal(h.service.requests().length, 1, 'no recovery search either: the answer said it all');
    });

    it('a create whose 201 goes on past the byte budget is a success with the id read before the cut', async () => {
      const record = inflate({ id: 4343, url: 'https://bigger.example/', privacy: 1, result: 'good' }, 3 * MiB);
      h.service.addFault({ method: 'POST', path: '/api/v1/reports', status: 201, body: { data: record }, times: 1 });
      const report = await h.client({ maxResponseBytes: MiB }).createReport({ url: 'https://bigger.example/' });
      assert.equal(report.id, 4343);
      assert.equal(report.url, 'https://bigger.example/');
      assert.equal(oversizedOf(report)?.reason, 'cut');
      assert.equal(posts().length, 1);
    });

    it('a record just within the record budget is built whole', async () => {
      const c = h.client();
      const real = await c.getReport(4);
      const record = inflate(real, MAX_RECORD_BYTES - 64 * 1024);
      assert.ok(Buffer.byteLength(JSON.stringify(record)) <= MAX_RECORD_BYTES);
      h.service.addFault({ method: 'GET', path: '/api/v1/reports/4', status: 200, body: record, times: 1 });
      const report = await c.getReport(4);
      assert.equal(oversizedOf(report), undefined);
      assert.ok(report.results, 'built whole');
    });
  });
}
