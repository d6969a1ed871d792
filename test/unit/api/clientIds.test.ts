// One id rule over HTTP, per shape: numeric ids up to Number.MAX_SAFE_INTEGER are read and sent
// exactly; a JSON number beyond it has lost precision on parsing, so its record is left out of the
// list and such an id is never sent (it would address another report).
import { strict as assert } from 'node:assert';
import { rejects, SHAPES, useService } from './harness';

const BIG = 1_000_000_000_000_000; // 10^15
const MAX = Number.MAX_SAFE_INTEGER; // 2^53 - 1
// 2^53 + 2 as the service writes it: JSON.parse reads it as a number that is not safe.
const UNSAFE_TEXT = '9007199254740994';

for (const shape of SHAPES) {
  describe(`api client: report ids (${shape} shape)`, function () {
    const h = useService(shape, 3);

    it('lists 10^15 and MAX_SAFE_INTEGER exactly; 2^53+2 as a number is left out, as a string kept', async () => {
      const body = `{"data":[{"id":${BIG},"url":"https://a.test/1"},{"id":${MAX},"url":"https://a.test/2"},{"id":${UNSAFE_TEXT},"url":"https://a.test/3"},{"id":"${UNSAFE_TEXT}","url":"https://a.test/4"}],"meta":{"current_page":1,"last_page":1,"per_page":25,"total":4}}`;
      h.service.addFault({ method: 'GET', path: '/api/v1/reports', status: 200, body, times: 1 });
      const page = await h.client().listReports();
      assert.deepEqual(
        page.items.map((r) => r.id),
        [BIG, MAX, UNSAFE_TEXT],
      );
      assert.equal(page.skipped, 1);
    });

    it('sends 10^15 and MAX_SAFE_INTEGER as they are, and reads the answers', async () => {
      const c = h.client();
      for (const id of [BIG, MAX]) {
        h.service.addFault({
          method: 'GET',
          path: `/api/v1/reports/${id}`,
          status: 200,
          body: `{"data":{"id":${id},"url":"https://a.test/"}}`,
          times: 1,
        });
        const report = await c.getReport(id);
        assert.equal(report.id, id);
        assert.equal(h.service.requests().at(-1)?.path, `/api/v1/reports/${id}`);
      }
    });

    it('never sends a numeric id that is not a safe integer from 1', async () => {
      const c = h.client();
      for (const id of [Number(UNSAFE_TEXT), 2 ** 53, 1e21, 0, -1, 1.5]) {
        await rejects(c.getReport(id), 'invalid-input');
        await rejects(c.deleteReport(id), 'invalid-input');
        await rejects(c.updateReport(id, { privacy: 0 }), 'invalid-input');
      }
      assert.deepEqual(h.service.requests(), [], 'nothing was sent');
    });

    it('a created report whose id came back beyond MAX_SAFE_INTEGER is refused, not kept to be addressed', async () => {
      h.service.addFault({
        method: 'POST',
        path: '/api/v1/reports',
        status: 201,
        body: `{"data":{"id":${UNSAFE_TEXT},"url":"https://a.test/"}}`,
        times: 1,
      });
      await rejects(h.client().createReport({ url: 'https://a.test/' }), 'bad-response');
    });
  });
}
