// The API client against the real local report service over loopback, once per shape the
// service speaks ('real': as phpRank sends; 'plain': the spec's reading): what it sends, what it
// reads, and every error kind. Faults are injected by the service itself (no mocks).
import { strict as assert } from 'node:assert';
import { ratingOf } from '../../../core/checks/rating';
import { startFixtures, FixtureServer } from '../unit-helpers';
import { KEY, rejects, SHAPES, useService } from './harness';

for (const shape of SHAPES) {
  describe(`api client against the local service (${shape} shape)`, function () {
    const h = useService(shape);
    let fixtures: FixtureServer;
    before(async () => {
      fixtures = await startFixtures();
    });
    after(() => fixtures.close());

    describe('requests as the spec has them', () => {
      it('lists with every parameter, Bearer key and Accept header', async () => {
        const page = await h.client().listReports({
          search: 'EXAMPLE',
          project: 'www.example.com',
          result: 'good',
          sortBy: 'url',
          sort: 'asc',
          perPage: 25,
          page: 1,
        });
        const [req] = h.service.requests();
        assert.equal(req.method, 'GET');
        assert.equal(req.path, '/api/v1/reports');
        assert.deepEqual(req.query, {
          search: 'EXAMPLE',
          search_by: 'url',
          project: 'www.example.com',
          result: 'good',
          sort_by: 'url',
          sort: 'asc',
          per_page: '25',
          page: '1',
        });
        assert.equal(req.headers.authorization, `Bearer ${KEY}`);
        assert.equal(req.headers.accept, 'application/json');
        assert.ok(page.items.length >= 2, `the query matches several reports (${page.items.length})`);
        for (const r of page.items) {
          assert.equal(ratingOf(r).band, 'good', `report ${r.id} with result ${String(r.result)} is good`);
          assert.equal(r.project, 'www.example.com');
          assert.ok(String(r.url).toLowerCase().includes('example'));
        }
        const urls = page.items.map((r) => String(r.url));
        assert.deepEqual(urls, [...urls].sort());
      });

      it('pages through a group with meta totals and same-origin links', async () => {
        const c = h.client();
        const first = await c.listReports({ perPage: 10 });
        assert.equal(first.total, 30);
        assert.equal(first.lastPage, 3);
        assert.equal(first.hasMore, true);
        assert.ok(first.nextLink?.startsWith(h.service.url));
        const second = await c.nextPage(first);
        const third = await c.nextPage(second);
        assert.equal(third.page, 3);
        assert.equal(third.hasMore, false);
        const ids = [...first.items, ...second.items, ...third.items].map((r) => r.id);
        assert.equal(new Set(ids).size, 30);
        assert.deepEqual(
          h.service.requests().map((r) => r.query.page ?? '1'),
          ['1', '2', '3'],
        );
      });

      it('creates with a form-encoded body, reads, updates, re-runs and deletes', async () => {
        const c = h.client();
        const created = await c.createReport({ url: `${fixtures.url}/good`, privacy: 2, password: 's3cret & more' });
        const post = h.service.requests().find((r) => r.method === 'POST');
        assert.ok(post);
        assert.equal(post.headers['content-type'], 'application/x-www-form-urlencoded');
        assert.deepEqual(Object.fromEntries(new URLSearchParams(post.body)), {
          url: `${fixtures.url}/good`,
          privacy: '2',
          password: 's3cret & more',
        });
        assert.equal(created.privacy, 2);
        assert.notEqual(typeof created.password, 'string', 'the password itself never comes back');
        assert.notEqual(ratingOf(created).band, 'unknown', `a created report has a rating (result ${String(created.result)})`);
        assert.equal(
          fixtures.seen.some((headers) => headers.authorization !== undefined),
          false,
          'the analysed page must never see a key',
        );

        const read = await c.getReport(created.id);
        assert.equal(read.url, created.url);
        const updated = await c.updateReport(created.id, { privacy: 1 });
        assert.equal(updated.privacy, 1);
        const put = h.service
          .requests()
          .filter((r) => r.method === 'PUT')
          .at(-1);
        assert.equal(put?.body, 'privacy=1');
        const rerun = await c.updateReport(created.id, { results: 1 });
        assert.ok(typeof rerun.results === 'object' && rerun.results !== null, 'the analysis comes back (array or object of checks)');
        await c.deleteReport(created.id);
        await rejects(c.getReport(created.id), 'not-found');
      });

      it('sends privacy on every create, 0 included', async () => {
        const c = h.client();
        for (const privacy of [0, 1] as const) await c.createReport({ url: `${fixtures.url}/good`, privacy });
        const bodies = h.service
          .requests()
          .filter((r) => r.method === 'POST')
          .map((r) => new URLSearchParams(r.body).get('privacy'));
        assert.deepEqual(bodies, ['0', '1']);
      });

      it('reads the account', async () => {
        const account = await h.client().getAccount();
        assert.equal(typeof account.email, 'string');
        assert.equal(h.service.requests()[0].path, '/api/v1/account');
      });

      it('validates before sending anything', async () => {
        const c = h.client();
        await rejects(c.createReport({ url: 'example.com' }), 'invalid-input');
        await rejects(c.createReport({ url: 'https://a.test', privacy: 2 }), 'invalid-input');
        await rejects(c.listReports({ perPage: 7 as never }), 'invalid-input');
        await rejects(c.updateReport(1, { privacy: 5 as never }), 'invalid-input');
        await rejects(c.getReport('1/../../account'), 'invalid-input');
        assert.equal(h.service.requests().length, 0);
      });
    });
  });
}
