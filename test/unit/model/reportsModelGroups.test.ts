// One id in one group: another client moves a report between groups (a re-run that changed its
// rating) and the user loads more of the group it moved to. VS Code rejects a tree that holds an
// id twice, so the newest copy wins. Real service, real analyses of a fixture page.
import { strict as assert } from 'node:assert';
import { ReportsClient } from '../../../core/client/client';
import { ReportId, RESULT_VALUES } from '../../../core/client/types';
import { ratingOf } from '../../../core/checks/rating';
import { ReportsModel } from '../../../core/list/reportsModel';
import { startService, RunningService } from '../../../service/server';
import { FixtureServer, startFixtures } from '../unit-helpers';
import { POOR_HTML } from '../service/helpers';

const KEY = 'model-groups-key-7781';

describe('model: one id in one group', () => {
  let service: RunningService;
  let fixtures: FixtureServer;
  let client: ReportsClient;
  let other: ReportsClient;

  before(async () => {
    service = await startService({ apiKey: KEY, control: true });
    fixtures = await startFixtures();
    const options = { baseUrl: service.url, apiKey: () => KEY, retry: { retries: 0 }, proxy: { env: {} } };
    client = new ReportsClient(options);
    other = new ReportsClient(options);
  });
  after(async () => {
    await client.dispose();
    await other.dispose();
    await fixtures.close();
    await service.close();
  });

  const where = (model: ReportsModel, id: ReportId) =>
    RESULT_VALUES.filter((r) => model.groups[r].items.some((i) => String(i.id) === String(id)));

  it('a report moved by another client and then loaded with "Load more" is in its new group only', async () => {
    await service.reset(0);
    // The oldest report rates good now; eleven poor ones after it fill the bad group's first page.
    const moved = await client.createReport({ url: `${fixtures.url}/switch`, privacy: 0 });
    assert.equal(ratingOf(moved).band, 'good');
    for (let i = 0; i < 11; i++) await client.createReport({ url: `${fixtures.url}/poor?n=${i}`, privacy: 0 });
    const model = new ReportsModel();
    await model.reload(client, { perPage: 10 });
    assert.deepEqual(where(model, moved.id), ['good']);
    assert.equal(model.groups.bad.items.length, 10);
    const goodTotal = model.groups.good.total;

    // Another client re-runs it after the page changed: it now rates bad, on the bad group's page 2.
    fixtures.switchHtml = POOR_HTML;
    const rerun = await other.updateReport(moved.id, { results: 1 });
    assert.equal(ratingOf(rerun).band, 'bad');
    await model.loadMore(client, 'bad');

    assert.deepEqual(where(model, moved.id), ['bad'], 'the newest copy wins');
    assert.equal(ratingOf(model.find(moved.id)).band, 'bad');
    assert.equal(model.groups.good.total, (goodTotal ?? 1) - 1, 'the group it left counts one less');
    const ids = RESULT_VALUES.flatMap((r) => model.groups[r].items.map((i) => String(i.id)));
    assert.equal(new Set(ids).size, ids.length, 'no id twice in the tree');
  });
});
