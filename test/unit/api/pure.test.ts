// The API client's pure parts: validation, envelopes, retry arithmetic, proxy choice, base URL.
import { strict as assert } from 'node:assert';
import { apiUrl, isSameOrigin, parseBaseUrl } from '../../../src/api/baseUrl';
import { hasMorePages, readList, readReport } from '../../../src/api/envelope';
import { ApiError } from '../../../src/api/errors';
import { bypassesProxy, chooseProxy } from '../../../src/api/proxy';
import { interpret } from '../../../src/api/responses';
import { DEFAULT_RETRY, isRetryable, parseRetryAfter, retryDelay } from '../../../src/api/retry';
import { urlProblem, validateCreate, validateListQuery, validateUpdate } from '../../../src/api/validate';
import { ListQuery } from '../../../src/api/types';

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
});

describe('api: reading answers tolerantly', () => {
  it('reads a Laravel envelope, keeps unknown fields and string ids', () => {
    const shape = readList({
      data: [{ id: 1, url: 'https://a', extra: { x: 1 } }, { id: 'abc', result: 'GOOD ' }, { url: 'no id' }],
      links: { next: 'http://h/api/v1/reports?page=2' },
      meta: { current_page: 1, last_page: 3, per_page: '10', total: 25 },
    });
    assert.deepEqual(
      shape.items.map((r) => r.id),
      [1, 'abc'],
    );
    assert.deepEqual(shape.items[0].extra, { x: 1 });
    assert.equal(shape.items[1].result, 'good');
    assert.equal(shape.skipped, 1);
    assert.equal(shape.perPage, 10);
    assert.equal(shape.total, 25);
    assert.equal(hasMorePages(shape, 1, {}), true);
  });

  it('reads a bare array, {data} alone and a plain paginator', () => {
    assert.equal(readList([{ id: 1 }]).items.length, 1);
    assert.equal(readList({ data: [{ id: 1 }] }).items.length, 1);
    const plain = readList({ data: [{ id: 1 }], current_page: 2, last_page: 2, total: 11 });
    assert.equal(plain.currentPage, 2);
    assert.equal(hasMorePages(plain, 2, {}), false);
    assert.equal(hasMorePages(readList({ data: [], meta: { total: 30, per_page: 10 } }), 2, {}), true);
  });

  it('says what it got when the shape is wrong', () => {
    assert.throws(() => readList({ reports: [] }), /not a list of reports: it sent an object with reports/);
    assert.throws(() => readReport({ data: { url: 'x' } }), /not a report with an id/);
    assert.equal(readReport({ id: 5, url: 'u' }).id, 5);
    assert.equal(readReport({ data: { id: ' 7 ' } }).id, '7');
  });
});

describe('api: statuses to errors', () => {
  const ctx = { what: 'list reports' };
  const raw = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
    status,
    headers,
    text: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const kindOf = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      return (e as ApiError).kind;
    }
    return 'none';
  };
  it('maps each status family to its kind', () => {
    assert.equal(
      kindOf(() => interpret(raw(401, { message: 'Unauthenticated.' }), ctx)),
      'auth',
    );
    assert.equal(
      kindOf(() => interpret(raw(403, {}), ctx)),
      'forbidden',
    );
    assert.equal(
      kindOf(() => interpret(raw(404, {}), ctx)),
      'not-found',
    );
    assert.equal(
      kindOf(() => interpret(raw(422, { errors: { url: ['bad'] } }), ctx)),
      'validation',
    );
    assert.equal(
      kindOf(() => interpret(raw(429, {}, { 'retry-after': '3' }), ctx)),
      'rate-limited',
    );
    assert.equal(
      kindOf(() => interpret(raw(502, '<html>bad gateway</html>'), ctx)),
      'server',
    );
    assert.equal(
      kindOf(() => interpret(raw(302, '', { location: 'https://elsewhere/' }), ctx)),
      'bad-response',
    );
    assert.equal(
      kindOf(() => interpret(raw(200, '<html>'), ctx)),
      'bad-response',
    );
    assert.equal(interpret(raw(204, ''), ctx), undefined);
  });
});

describe('api: retry arithmetic', () => {
  it('parses Retry-After as seconds or an HTTP date', () => {
    assert.equal(parseRetryAfter('5'), 5000);
    const now = Date.parse('2026-01-01T00:00:00Z');
    assert.equal(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', now), 10000);
    assert.equal(parseRetryAfter('soon'), undefined);
  });
  it('retries GET, PUT and DELETE but never POST', () => {
    const server = new ApiError('server', 'x', { status: 503 });
    assert.equal(isRetryable('GET', server), true);
    assert.equal(isRetryable('PUT', new ApiError('network', 'x')), true);
    assert.equal(isRetryable('POST', server), false);
    assert.equal(isRetryable('GET', new ApiError('validation', 'x', { status: 422 })), false);
    assert.equal(isRetryable('GET', new ApiError('timeout', 'x')), false);
  });
  it('backs off with jitter within the ceiling and honours Retry-After up to its limit', () => {
    const err = new ApiError('network', 'x');
    assert.equal(
      retryDelay(DEFAULT_RETRY, 0, err, () => 0),
      DEFAULT_RETRY.baseDelayMs / 2,
    );
    assert.equal(
      retryDelay(DEFAULT_RETRY, 1, err, () => 1),
      DEFAULT_RETRY.baseDelayMs * 2,
    );
    assert.equal(
      retryDelay(DEFAULT_RETRY, 30, err, () => 1),
      DEFAULT_RETRY.maxDelayMs,
    );
    assert.equal(retryDelay(DEFAULT_RETRY, 0, new ApiError('rate-limited', 'x', { retryAfterMs: 1500 })), 1500);
    assert.equal(retryDelay(DEFAULT_RETRY, 0, new ApiError('rate-limited', 'x', { retryAfterMs: 600000 })), undefined);
  });
});

describe('api: base URL and proxy', () => {
  it('normalises the base URL and flags clear-text keys', () => {
    const base = parseBaseUrl('https://r.example.com/svc/');
    assert.equal(apiUrl(base, 'reports'), 'https://r.example.com/svc/api/v1/reports');
    assert.equal(parseBaseUrl('http://127.0.0.1:9/').insecure, false);
    assert.equal(parseBaseUrl('http://localhost:9').insecure, false);
    assert.equal(parseBaseUrl('http://r.example.com').insecure, true);
    assert.throws(
      () => parseBaseUrl(''),
      (e: unknown) => (e as ApiError).kind === 'not-configured',
    );
    assert.throws(() => parseBaseUrl('ftp://x'), /http or https/);
    assert.throws(() => parseBaseUrl('https://u:p@x'), /credentials/);
    assert.equal(isSameOrigin(base, 'https://r.example.com/other?page=2'), true);
    assert.equal(isSameOrigin(base, 'https://evil.example.com/svc/api/v1/reports'), false);
    assert.equal(isSameOrigin(base, 'http://r.example.com/svc'), false);
  });
  it('chooses the settings proxy, then the environment, and never for loopback', () => {
    assert.equal(chooseProxy('http://127.0.0.1:3000', { proxy: 'http://proxy:8080' }), undefined);
    assert.equal(chooseProxy('https://r.example.com', { proxy: 'http://proxy:8080', strictSSL: false })?.strictSSL, false);
    assert.equal(chooseProxy('https://r.example.com', { proxy: 'http://proxy:8080', noProxy: ['.example.com'] }), undefined);
    assert.equal(chooseProxy('https://r.example.com', { env: { HTTPS_PROXY: 'http://p:1' } })?.source, 'environment');
    assert.equal(chooseProxy('https://r.example.com', { env: { https_proxy: 'http://p:1', NO_PROXY: 'r.example.com' } }), undefined);
    assert.equal(chooseProxy('https://r.example.com', { env: {} }), undefined);
    assert.equal(bypassesProxy('a.b.com', '443', ['b.com:443']), true);
    assert.equal(bypassesProxy('a.b.com', '80', ['b.com:443']), false);
    assert.equal(bypassesProxy('ab.com', '80', ['b.com']), false);
  });
});
