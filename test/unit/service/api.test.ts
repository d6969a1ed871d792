import { strict as assert } from 'node:assert';
import type { RunningService } from '../../../service/server';
import type { Report } from '../../../service/types';
import { call, start } from './helpers';

describe('service API: auth, routing, list, account', () => {
  let svc: RunningService;
  before(async () => {
    svc = await start({ seed: 23 });
  });
  after(() => svc.close());

  async function list(query: Record<string, string | number> = {}) {
    const res = await call(svc, 'GET', '/api/v1/reports', { query });
    assert.equal(res.status, 200, res.text);
    return res.body as { data: Report[]; links: Record<string, string | null>; meta: Record<string, number | string | null> };
  }

  describe('auth and routing', () => {
    it('401 without a key, with a wrong key, and with another scheme', async () => {
      for (const headers of [
        {} as Record<string, string>,
        { authorization: 'Bearer wrong' },
        { authorization: `Basic ${svc.apiKey}` },
        { authorization: 'Bearer' },
      ]) {
        const res = await call(svc, 'GET', '/api/v1/reports', { key: null, headers });
        assert.equal(res.status, 401);
        assert.deepEqual(res.body, { message: 'Unauthenticated.' });
        assert.equal(res.headers['content-type'], 'application/json');
      }
      const account = await call(svc, 'GET', '/api/v1/account', { key: 'nope' });
      assert.equal(account.status, 401);
    });

    it('accepts the key with any case of "Bearer"', async () => {
      const res = await call(svc, 'GET', '/api/v1/account', { key: null, headers: { authorization: `bearer ${svc.apiKey}` } });
      assert.equal(res.status, 200);
    });

    it('404 JSON for an unknown path, an unknown id and a non-integer id', async () => {
      const unknown = await call(svc, 'GET', '/api/v1/nothing');
      assert.equal(unknown.status, 404);
      assert.equal(unknown.headers['content-type'], 'application/json');
      assert.equal(typeof unknown.body.message, 'string');
      for (const id of ['999', 'abc', '0', '1.5', '-1']) {
        for (const method of ['GET', 'PUT', 'DELETE']) {
          const res = await call(svc, method, `/api/v1/reports/${id}`, method === 'PUT' ? { form: { privacy: 0 } } : {});
          assert.equal(res.status, 404, `${method} ${id}`);
          assert.deepEqual(res.body, { message: 'Report not found.' });
        }
      }
    });

    it('405 JSON for a wrong method', async () => {
      for (const [method, p] of [
        ['DELETE', '/api/v1/reports'],
        ['POST', '/api/v1/reports/1'],
        ['POST', '/api/v1/account'],
        ['PATCH', '/api/v1/reports'],
      ]) {
        const res = await call(svc, method, p);
        assert.equal(res.status, 405, `${method} ${p}`);
        assert.equal(res.headers['content-type'], 'application/json');
        assert.ok(res.headers.allow);
      }
    });

    it('413 for a body over 1 MiB', async () => {
      const res = await call(svc, 'POST', '/api/v1/reports', {
        body: 'url=' + 'a'.repeat(1024 * 1024 + 10),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.equal(res.status, 413);
      assert.equal(typeof res.body.message, 'string');
    });
  });

  describe('list envelope and paging', () => {
    it('default: 10 per page, id desc, Laravel envelope with absolute links', async () => {
      const body = await list();
      assert.deepEqual(
        body.data.map((r) => r.id),
        [23, 22, 21, 20, 19, 18, 17, 16, 15, 14],
      );
      assert.deepEqual(body.meta, {
        current_page: 1,
        last_page: 3,
        per_page: 10,
        total: 23,
        from: 1,
        to: 10,
        path: `${svc.url}/api/v1/reports`,
      });
      assert.equal(body.links.first, `${svc.url}/api/v1/reports?page=1`);
      assert.equal(body.links.last, `${svc.url}/api/v1/reports?page=3`);
      assert.equal(body.links.prev, null);
      assert.equal(body.links.next, `${svc.url}/api/v1/reports?page=2`);
    });

    it('a report has every documented field and no password', async () => {
      const r = (await list({ per_page: 100 })).data;
      for (const report of r) {
        assert.deepEqual(Object.keys(report), [
          'id',
          'url',
          'project',
          'result',
          'score',
          'privacy',
          'generated_at',
          'created_at',
          'updated_at',
          'results',
        ]);
        assert.ok(Number.isInteger(report.score) && report.score >= 0 && report.score <= 100);
        assert.equal(new Date(report.generated_at).toISOString(), report.generated_at);
        assert.equal(report.project, new URL(report.url).host);
      }
      assert.ok(r.some((x) => x.privacy === 2));
    });

    it('middle and last page arithmetic; links keep the other params', async () => {
      const mid = await list({ per_page: 10, page: 2, sort: 'asc' });
      assert.deepEqual(
        mid.data.map((r) => r.id),
        [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
      );
      assert.equal(mid.meta.from, 11);
      assert.equal(mid.meta.to, 20);
      assert.equal(mid.links.prev, `${svc.url}/api/v1/reports?per_page=10&sort=asc&page=1`);
      assert.equal(mid.links.next, `${svc.url}/api/v1/reports?per_page=10&sort=asc&page=3`);
      const last = await list({ per_page: 10, page: 3, sort: 'asc' });
      assert.deepEqual(
        last.data.map((r) => r.id),
        [21, 22, 23],
      );
      assert.equal(last.meta.from, 21);
      assert.equal(last.meta.to, 23);
      assert.equal(last.links.next, null);
      assert.equal(last.links.last, `${svc.url}/api/v1/reports?per_page=10&sort=asc&page=3`);
    });

    it('a page beyond the end is empty with from/to null', async () => {
      const body = await list({ page: 9 });
      assert.deepEqual(body.data, []);
      assert.equal(body.meta.from, null);
      assert.equal(body.meta.to, null);
      assert.equal(body.meta.last_page, 3);
      assert.equal(body.links.next, null);
    });

    it('an empty result has last_page 1', async () => {
      const body = await list({ search: 'no-such-thing' });
      assert.equal(body.meta.total, 0);
      assert.equal(body.meta.last_page, 1);
      assert.equal(body.links.last, `${svc.url}/api/v1/reports?search=no-such-thing&page=1`);
      assert.equal(body.links.prev, null);
      assert.equal(body.links.next, null);
    });

    it('links use the Host the client used', async () => {
      const res = await call(svc, 'GET', '/api/v1/reports', { headers: { host: `localhost:${svc.port}` } });
      assert.equal(res.body.links.first, `http://localhost:${svc.port}/api/v1/reports?page=1`);
    });

    it('per_page 25, 50, 100', async () => {
      for (const n of [25, 50, 100]) {
        const body = await list({ per_page: n });
        assert.equal(body.data.length, 23);
        assert.equal(body.meta.per_page, n);
        assert.equal(body.meta.last_page, 1);
      }
    });
  });

  describe('list parameters', () => {
    it('search is a case-insensitive substring of the url (search_by=url)', async () => {
      const all = (await list({ per_page: 100 })).data;
      const expected = all.filter((r) => r.url.toLowerCase().includes('shop.example')).map((r) => r.id);
      assert.ok(expected.length > 0);
      const body = await list({ search: 'SHOP.Example', search_by: 'url', per_page: 100 });
      assert.deepEqual(
        body.data.map((r) => r.id),
        expected,
      );
    });

    it('project is an exact match', async () => {
      const body = await list({ project: 'docs.example.net', per_page: 100 });
      assert.ok(body.data.length > 0);
      assert.ok(body.data.every((r) => r.project === 'docs.example.net'));
      assert.equal((await list({ project: 'docs.example' })).meta.total, 0);
    });

    it('result filters each rating, and the totals add up', async () => {
      let sum = 0;
      for (const result of ['good', 'decent', 'bad']) {
        const body = await list({ result, per_page: 100 });
        assert.ok(body.data.length > 0);
        assert.ok(body.data.every((r) => r.result === result));
        sum += body.meta.total as number;
      }
      assert.equal(sum, 23);
    });

    it('filters combine', async () => {
      const body = await list({ result: 'good', project: 'www.example.com', search: 'example', per_page: 100 });
      assert.ok(body.data.length > 0, 'the combined filters match something');
      assert.ok(body.data.every((r) => r.result === 'good' && r.project === 'www.example.com'));
    });

    // Sorting by result is by score, as the real service (whose result is the score) sorts.
    const keyOf: Record<string, (r: Report) => string | number> = {
      id: (r) => r.id,
      generated_at: (r) => r.generated_at,
      url: (r) => r.url,
      result: (r) => r.score,
    };
    for (const sortBy of Object.keys(keyOf)) {
      for (const sort of ['asc', 'desc'] as const) {
        it(`sort_by=${sortBy} sort=${sort}: ordered, ties broken by id`, async () => {
          const data = (await list({ sort_by: sortBy, sort, per_page: 100 })).data;
          assert.equal(data.length, 23);
          for (let i = 1; i < data.length; i++) {
            const a = keyOf[sortBy](data[i - 1]);
            const b = keyOf[sortBy](data[i]);
            const inOrder =
              sort === 'asc' ? a < b || (a === b && data[i - 1].id < data[i].id) : a > b || (a === b && data[i - 1].id > data[i].id);
            assert.ok(inOrder, `${sortBy} ${sort} at ${i}: ${a} / ${b}`);
          }
        });
      }
    }

    it('sort defaults to desc; sort_by defaults to id', async () => {
      const data = (await list({ sort_by: 'url', per_page: 100 })).data;
      assert.ok(data[0].url >= data[22].url);
      assert.deepEqual((await list({ sort: 'asc' })).data.map((r) => r.id).slice(0, 3), [1, 2, 3]);
    });

    it('paging over a sorted, filtered list is consistent', async () => {
      const all = (await list({ sort_by: 'result', sort: 'asc', per_page: 100 })).data.map((r) => r.id);
      const pages: number[] = [];
      for (let page = 1; page <= 3; page++) pages.push(...(await list({ sort_by: 'result', sort: 'asc', page })).data.map((r) => r.id));
      assert.deepEqual(pages, all);
    });
  });

  describe('422 validation', () => {
    const cases: Array<[Record<string, string | number>, string, RegExp]> = [
      [{ per_page: 7 }, 'per_page', /^The per page field must be one of 10, 25, 50, 100\.$/],
      [{ sort_by: 'bogus' }, 'sort_by', /sort by is invalid/],
      [{ sort: 'sideways' }, 'sort', /sort is invalid/],
      [{ result: 'great' }, 'result', /result is invalid/],
      [{ search_by: 'title', search: 'x' }, 'search_by', /search by is invalid/],
      [{ page: 0 }, 'page', /at least 1/],
      [{ page: 'two' }, 'page', /integer/],
      [{ page: '1.5' }, 'page', /integer/],
    ];
    for (const [query, field, pattern] of cases) {
      it(`GET list with ${JSON.stringify(query)} → 422 on ${field}`, async () => {
        const res = await call(svc, 'GET', '/api/v1/reports', { query });
        assert.equal(res.status, 422);
        assert.deepEqual(Object.keys(res.body.errors), [field]);
        assert.match(res.body.errors[field][0], pattern);
        assert.equal(res.body.message, res.body.errors[field][0]);
      });
    }

    it('several bad fields: one key each, message counts the rest', async () => {
      const res = await call(svc, 'GET', '/api/v1/reports', { query: { per_page: 7, sort: 'x', result: 'y' } });
      assert.equal(res.status, 422);
      assert.deepEqual(Object.keys(res.body.errors).sort(), ['per_page', 'result', 'sort']);
      assert.match(res.body.message, /\(and 2 more errors\)$/);
    });

    it('empty parameters count as absent', async () => {
      const body = await list({ search: '', result: '', per_page: '', page: '', sort: '', sort_by: '', project: '' });
      assert.equal(body.meta.total, 23);
      assert.equal(body.meta.per_page, 10);
    });
  });

  describe('account', () => {
    it('returns the demo account with counts', async () => {
      const res = await call(svc, 'GET', '/api/v1/account');
      assert.equal(res.status, 200);
      const a = res.body.data;
      assert.equal(a.id, 1);
      assert.equal(a.name, 'Demo User');
      assert.equal(a.email, 'demo@example.test');
      assert.equal(a.plan, 'pro');
      assert.deepEqual(a.limits, { reports_per_month: 500 });
      assert.equal(a.reports_count, 23);
      assert.ok(Number.isInteger(a.usage.reports_this_month) && a.usage.reports_this_month <= 23);
      assert.equal(new Date(a.created_at).toISOString(), a.created_at);
    });
  });
});
