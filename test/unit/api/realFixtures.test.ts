// Records written from the notes on what the real service (phpRank) sends, read through the
// client's pure parts (no service): fractional scores, the object of ~40 checks, nested values,
// missing fields, 422 under `message`, the delete answer, the account shape.
import { strict as assert } from 'node:assert';
import { readAccount, readList, readReport } from '../../../core/client/envelope';
import { ApiError } from '../../../core/client/errors';
import { interpret } from '../../../core/client/responses';
import { ratingOf } from '../../../core/checks/rating';

const CHECK_NAMES = [
  'title', 'meta_description', 'headings', 'content_keywords', 'image_keywords', 'seo_friendly_url', '404_page', 'robots',
  'noindex', 'in_page_links', 'language', 'favicon', 'text_compression', 'load_time', 'page_size', 'http_requests',
  'image_format', 'defer_javascript', 'dom_size', 'https_encryption', 'mixed_content', 'server_signature',
  'unsafe_cross_origin_links', 'plaintext_email', 'structured_data', 'meta_viewport', 'charset', 'sitemap', 'social',
  'content_length', 'text_html_ratio', 'inline_css', 'deprecated_html_tags', 'a_check_from_a_newer_version',
]; // prettier-ignore

function checks(): Record<string, unknown> {
  const all: Record<string, unknown> = {};
  CHECK_NAMES.forEach((name, i) => {
    all[name] = {
      passed: i % 3 !== 0,
      importance: ['high', 'medium', 'low'][i % 3],
      value: i,
      errors: i % 3 ? undefined : { missing: null },
    };
  });
  all.title = { passed: false, importance: 'high', value: 'Home', errors: { length: { min: 10, max: 60 } } };
  all.headings = { passed: true, importance: 'high', value: { h1: ['Welcome'], h2: ['A', 'B', ['nested', ['deeper']]] } };
  all.in_page_links = {
    passed: false,
    importance: 'medium',
    value: { Internals: [{ url: 'https://a.test/x', text: 'x' }] },
    errors: { too_many: 150 },
  };
  return all;
}

const REAL_REPORT = {
  id: 5,
  url: 'https://www.example.com/',
  project: 'www.example.com',
  result: 73.68421052631578,
  results: checks(),
  privacy: 1,
  password: false,
  generated_at: '2024-05-01T10:00:00.000000Z',
  created_at: '2024-05-01T09:59:58.000000Z',
  updated_at: '2024-05-01T10:00:00.000000Z',
};

describe('api: records as the real service sends them (fixtures from the notes)', () => {
  it('a report in {data, status}: fractional score, every check kept as sent', () => {
    const report = readReport({ data: REAL_REPORT, status: 200 });
    assert.equal(report.result, 73.68421052631578, 'the score is not rounded or turned into a word');
    assert.deepEqual(ratingOf(report), { band: 'decent', score: 73.68421052631578 });
    assert.deepEqual(report.results, REAL_REPORT.results, 'all checks, nested values and unknown ones, as sent');
    assert.equal(Object.keys(report.results as object).length, CHECK_NAMES.length);
    assert.equal(report.password, false);
    assert.equal(report.created_at, REAL_REPORT.created_at);
  });

  it('a paginated list: bands from scores at their edges, filters carried in links.next', () => {
    const scores = [100, 79.01, 79, 49, 48.99, 0, '80.5'];
    const body = {
      data: scores.map((result, i) => ({ ...REAL_REPORT, id: i + 1, result })),
      links: { first: 'x?page=1', last: 'x?page=2', prev: null, next: 'https://r.test/api/v1/reports?result=good&per_page=10&page=2' },
      meta: { current_page: 1, from: 1, last_page: 2, links: [], path: 'https://r.test/api/v1/reports', per_page: 10, to: 7, total: 17 },
      status: 200,
    };
    const list = readList(body);
    assert.deepEqual(
      list.items.map((r) => ratingOf(r).band),
      ['good', 'good', 'decent', 'decent', 'bad', 'bad', 'good'],
    );
    assert.equal(list.total, 17);
    assert.equal(list.nextLink, body.links.next);
  });

  it('missing fields: a record with only an id is kept, rated unknown', () => {
    const list = readList({ data: [{ id: 9 }, { id: 10, result: null }, { id: 11, result: 'n/a' }, { result: 80 }], status: 200 });
    assert.deepEqual(
      list.items.map((r) => [r.id, ratingOf(r).band]),
      [
        [9, 'unknown'],
        [10, 'unknown'],
        [11, 'unknown'],
      ],
    );
    assert.equal(list.skipped, 1);
  });

  it('the account with its plan and features', () => {
    const account = readAccount({
      data: {
        id: 1,
        name: 'Ada',
        email: 'ada@example.com',
        avatar_url: 'https://r.test/a.png',
        locale: 'en',
        timezone: 'UTC',
        plan: { id: 2, name: 'Pro', features: { reports: -1, api: true } },
        created_at: '2023-01-01T00:00:00.000000Z',
      },
      status: 200,
    });
    assert.equal(account.email, 'ada@example.com');
    assert.deepEqual(account.plan, { id: 2, name: 'Pro', features: { reports: -1, api: true } });
  });

  it('errors: 422 under message, 403 and 404 bodies, the delete answer', () => {
    const answer = (status: number, body: unknown) => ({ status, headers: {}, body: Buffer.from(JSON.stringify(body)) });
    const ctx = { what: 'create the report' };
    try {
      interpret(answer(422, { message: { url: ['The url could not be reached.'] }, status: 422 }), ctx);
      assert.fail('422 must throw');
    } catch (error) {
      assert.ok(error instanceof ApiError);
      assert.deepEqual(error.fieldErrors, { url: ['The url could not be reached.'] });
    }
    assert.throws(() => interpret(answer(403, { message: 'This action is unauthorized.' }), ctx), { kind: 'forbidden' });
    assert.throws(() => interpret(answer(404, { message: 'Resource not found.', status: 404 }), ctx), { kind: 'not-found' });
    const deleted = interpret(answer(200, { id: 5, object: 'report', deleted: true, status: 200 }), { what: 'delete', ignoreBody: true });
    assert.equal(deleted, undefined);
  });
});
