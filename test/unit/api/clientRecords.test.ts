// The client tells its observer (the history) of every report record it read, with the service's
// origin: list pages, reads, creates and updates; an observer that throws does not break the call.
import { strict as assert } from 'node:assert';
import type { Report } from '../../../core/client/types';
import { startFixtures, FixtureServer } from '../unit-helpers';
import { SHAPES, useService } from './harness';

for (const shape of SHAPES) {
  describe(`api/client: records read are told to the observer (${shape} shape)`, () => {
    const h = useService(shape, 12);
    let fixtures: FixtureServer;
    before(async () => {
      fixtures = await startFixtures();
    });
    after(() => fixtures.close());

    it('a list page, a read, a create and a re-run each tell their records once, with the origin', async () => {
      const told: { origin: string; ids: string[] }[] = [];
      const c = h.client({
        onRecords: (origin, records: readonly Report[]) => told.push({ origin, ids: records.map((r) => String(r.id)) }),
      });
      const origin = new URL(h.service.url).origin;
      const page = await c.listReports({ perPage: 10 });
      assert.deepEqual(told, [{ origin, ids: page.items.map((r) => String(r.id)) }]);
      await c.getReport(page.items[0].id);
      const created = await c.createReport({ url: `${fixtures.url}/good`, privacy: 0 });
      await c.updateReport(created.id, { results: 1 });
      assert.deepEqual(
        told.slice(1).map((t) => t.ids),
        [[String(page.items[0].id)], [String(created.id)], [String(created.id)]],
      );
      assert.ok(told.every((t) => t.origin === origin));
    });

    it('an observer that throws does not fail the call', async () => {
      const c = h.client({
        onRecords: () => {
          throw new Error('observer broke');
        },
      });
      const page = await c.listReports({ perPage: 10 });
      assert.ok(page.items.length > 0);
      assert.ok(await c.getReport(page.items[0].id));
    });
  });
}
