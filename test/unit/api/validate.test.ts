// Input validation: nothing invalid is sent, and the reason names the field.
import { strict as assert } from 'node:assert';
import { ApiError } from '../../../core/client/errors';
import { ListQuery } from '../../../core/client/types';
import { urlProblem, validateCreate, validateListQuery, validateReportId, validateUpdate } from '../../../core/client/validateInput';

function invalid(fn: () => unknown, field: string): void {
  assert.throws(fn, (e: unknown) => e instanceof ApiError && e.kind === 'invalid-input' && field in (e.fieldErrors ?? {}));
}

describe('api: input validation', () => {
  it('accepts absolute http(s) URLs and explains the rest', () => {
    assert.equal(urlProblem('https://example.com/a?b=1'), undefined);
    assert.equal(urlProblem('http://127.0.0.1:8080/'), undefined);
    assert.match(urlProblem('example.com/page') ?? '', /https:\/\/example\.com\/page/);
    assert.match(urlProblem('ftp://example.com') ?? '', /Only http and https/);
    assert.match(urlProblem('') ?? '', /Enter a URL/);
    assert.match(urlProblem('not a url') ?? '', /not an absolute URL/);
    assert.match(urlProblem(`https://e.com/${'a'.repeat(2100)}`) ?? '', /longer than/);
  });

  it('builds the create form and requires a password only for privacy 2', () => {
    assert.equal(validateCreate({ url: ' https://a.test/ ' }).toString(), 'url=https%3A%2F%2Fa.test%2F');
    assert.equal(
      validateCreate({ url: 'https://a.test/', privacy: 2, password: 'p w' }).toString(),
      'url=https%3A%2F%2Fa.test%2F&privacy=2&password=p+w',
    );
    invalid(() => validateCreate({ url: 'https://a.test/', privacy: 2 }), 'password');
    invalid(() => validateCreate({ url: 'https://a.test/', privacy: 1, password: 'x' }), 'password');
    invalid(() => validateCreate({ url: 'https://a.test/', privacy: 3 as never }), 'privacy');
    invalid(() => validateCreate({ url: 'mailto:a@b.c' }), 'url');
  });

  it('builds the update form', () => {
    assert.equal(validateUpdate({ results: 1 }).toString(), 'results=1');
    assert.equal(validateUpdate({ privacy: 0 }).toString(), 'privacy=0');
    assert.equal(validateUpdate({ privacy: 2 }, true).toString(), 'privacy=2');
    invalid(() => validateUpdate({ privacy: 2 }), 'password');
    invalid(() => validateUpdate({}), 'privacy');
    invalid(() => validateUpdate({ results: 2 as never }), 'results');
  });

  it('maps list queries to the API parameters and rejects values outside the enums', () => {
    const q: ListQuery = { search: ' blog ', project: 'example.com', result: 'good', sortBy: 'url', sort: 'asc', perPage: 25, page: 2 };
    assert.equal(
      validateListQuery(q).toString(),
      'search=blog&search_by=url&project=example.com&result=good&sort_by=url&sort=asc&per_page=25&page=2',
    );
    assert.equal(validateListQuery({ search: '  ' }).toString(), '');
    invalid(() => validateListQuery({ perPage: 7 as never }), 'per_page');
    invalid(() => validateListQuery({ result: 'great' as never }), 'result');
    invalid(() => validateListQuery({ sortBy: 'score' as never }), 'sort_by');
    invalid(() => validateListQuery({ sort: 'up' as never }), 'sort');
    invalid(() => validateListQuery({ page: 0 }), 'page');
  });

  it('takes only plain path segments as report ids', () => {
    assert.equal(validateReportId(12), '12');
    assert.equal(validateReportId(' 7 '), '7');
    assert.equal(validateReportId('a1-B_2.c~'), 'a1-B_2.c~');
    for (const id of ['.', '..', ' .. ', 'a/b', '%2e%2e', '..%2F', 'a?b', 'a#b', 'a b', '', 'ü', 'x'.repeat(129), NaN, -Infinity, 1e21]) {
      invalid(() => validateReportId(id), 'id');
    }
  });

  it('puts privacy on the create form whenever it is given, 0 included', () => {
    for (const privacy of [0, 1] as const) {
      assert.equal(validateCreate({ url: 'https://a.test/', privacy }).get('privacy'), String(privacy));
    }
    assert.equal(validateCreate({ url: 'https://a.test/', privacy: 2, password: 'p' }).get('privacy'), '2');
    assert.equal(validateCreate({ url: 'https://a.test/' }).has('privacy'), false);
  });
});
