import { strict as assert } from 'node:assert';
import { Agent } from 'undici';
import { analyzeUrl, AnalysisError, CHECK_KEYS, evaluate, extractFacts, ratingFor } from '../../../service/analyze';
import type { Checks, RealCheck } from '../../../service/types';
import { freePort, GOOD_HTML, startFixtures, type FixtureServer } from './helpers';

function check(results: Checks, key: string): RealCheck {
  const c = results[key];
  assert.ok(c, `check ${key} present`);
  return c;
}

const failed = (results: Checks): string[] => Object.keys(results).filter((k) => !results[k].passed);

describe('service/analyze', () => {
  let fx: FixtureServer;
  before(async () => {
    fx = await startFixtures();
  });
  after(() => fx.close());

  it('rates the good fixture page over HTTPS: only the weightless low checks fail, score 100', () => {
    const facts = extractFacts({
      url: 'https://acme.example/',
      status: 200,
      headers: {},
      html: GOOD_HTML,
      responseTimeMs: 120,
      bytes: GOOD_HTML.length,
      notFoundPage: 'https://acme.example/404-x',
    });
    const a = evaluate(facts);
    assert.deepEqual(
      failed(a.results).filter((k) => a.results[k].importance !== 'low'),
      [],
    );
    assert.equal(a.score, 100);
    assert.equal(a.result, 'good');
    assert.deepEqual(Object.keys(a.results), CHECK_KEYS);
    for (const [key, c] of Object.entries(a.results)) {
      assert.ok(['high', 'medium', 'low'].includes(c.importance), key);
      assert.equal(c.errors === undefined, c.passed, `${key}: errors exactly when failed`);
    }
    for (const key of [
      'title',
      'meta_description',
      'headings',
      '404_page',
      'https_encryption',
      'meta_viewport',
      'language',
      'load_time',
      'page_size',
      'noindex',
    ]) {
      assert.ok(key in a.results, key);
    }
  });

  it('scores points / total * 100 (high 10, medium 5, low 0), fractional as the real service', () => {
    const facts = extractFacts({
      url: 'https://acme.example/',
      status: 200,
      headers: {},
      html: GOOD_HTML,
      responseTimeMs: 120,
      bytes: 1,
      notFoundPage: false,
    });
    const a = evaluate({ ...facts, lang: null, charset: null });
    // 404_page (high) and two medium checks fail: 150 - 10 - 5 - 5 = 130 of 150 points
    assert.deepEqual(
      failed(a.results)
        .filter((k) => a.results[k].importance !== 'low')
        .sort(),
      ['404_page', 'charset', 'language'],
    );
    assert.equal(a.score, (130 / 150) * 100);
    assert.ok(!Number.isInteger(a.score));
  });

  it('fetches and rates the good page as good (only HTTPS fails on the loopback fixture)', async () => {
    const a = await analyzeUrl(`${fx.url}/good`);
    assert.equal(a.result, 'good');
    assert.deepEqual(
      failed(a.results).filter((k) => a.results[k].importance !== 'low'),
      ['https_encryption'],
    );
    assert.deepEqual(check(a.results, 'https_encryption').errors, { missing: 'https' });
    assert.ok(a.score > 79 && a.score < 100);
    assert.equal(check(a.results, 'title').value, 'Acme Widgets - Handmade widgets');
    assert.deepEqual((check(a.results, 'headings').value as Record<string, string[]>).h1, ['Acme Widgets']);
    assert.equal(check(a.results, 'language').value, 'en');
    assert.equal(check(a.results, 'http_status').value, 200);
    assert.match(String(check(a.results, '404_page').value), new RegExp(`^${fx.url}/404-[0-9a-f]{32}$`));
    assert.equal(typeof check(a.results, 'load_time').value, 'number');
  });

  it('rates the poor page as bad, with the real error kinds', async () => {
    const a = await analyzeUrl(`${fx.url}/poor`);
    assert.equal(a.result, 'bad');
    assert.ok(a.score < 49);
    for (const key of ['title', 'meta_description', 'headings', 'language', 'meta_viewport', 'image_keywords', 'noindex', 'charset']) {
      assert.equal(check(a.results, key).passed, false, key);
    }
    assert.deepEqual(check(a.results, 'title').errors, { missing: null, length: { min: 10, max: 60 } });
    assert.deepEqual(check(a.results, 'headings').errors, { too_many: null });
    assert.equal((check(a.results, 'image_keywords').errors?.missing as unknown[]).length, 3);
    assert.deepEqual(check(a.results, 'noindex').errors, { missing: null });
    assert.equal(check(a.results, 'http_status').passed, true);
  });

  it('an HTTP error status is analysed, fails the status check and is never better than bad', async () => {
    const a = await analyzeUrl(`${fx.url}/error`);
    assert.equal(check(a.results, 'http_status').passed, false);
    assert.equal(check(a.results, 'http_status').value, 500);
    assert.equal(a.result, 'bad');
    assert.ok(a.score < 49);
    const b = await analyzeUrl(`${fx.url}/missing`);
    assert.equal(check(b.results, 'http_status').value, 404);
  });

  it('honours X-Robots-Tag: noindex', async () => {
    const a = await analyzeUrl(`${fx.url}/header-noindex`);
    assert.equal(check(a.results, 'noindex').passed, false);
    assert.equal(check(a.results, 'noindex').value, 'noindex');
  });

  it('follows redirects, but at most 5 and only to http(s)', async () => {
    const a = await analyzeUrl(`${fx.url}/redirect`);
    assert.equal(a.finalUrl, `${fx.url}/good`);
    assert.equal(a.result, 'good');
    await assert.rejects(analyzeUrl(`${fx.url}/loop`), (e: AnalysisError) => /too many redirects/.test(e.reason));
    await assert.rejects(analyzeUrl(`${fx.url}/to-ftp`), (e: AnalysisError) => /unsupported URL scheme/.test(e.reason));
  });

  it('stops reading at the size cap and fails the page size check', async () => {
    const a = await analyzeUrl(`${fx.url}/big`, { maxBytes: 1024 * 1024 });
    const size = check(a.results, 'page_size');
    assert.equal(size.passed, false);
    assert.deepEqual(size.errors, { too_large: { max: 330_000 } });
    assert.ok((size.value as number) >= 1024 * 1024 && (size.value as number) < 1024 * 1024 + 70 * 1024);
  });

  it('an unreachable port fails with "connection refused"', async () => {
    const port = await freePort();
    await assert.rejects(
      analyzeUrl(`http://127.0.0.1:${port}/`),
      (e: unknown) => e instanceof AnalysisError && e.reason === 'connection refused',
    );
  });

  it('a slow page fails with "timed out after ..."', async () => {
    await assert.rejects(
      analyzeUrl(`${fx.url}/slow`, { timeoutMs: 300 }),
      (e: unknown) => e instanceof AnalysisError && e.reason === 'timed out after 0.3s',
    );
  });

  it('an unknown host fails with "DNS lookup failed"', async () => {
    // The one stand-in: a resolver that answers "not found" at once, so no DNS query leaves the
    // machine. Everything after the lookup (undici, the error mapping) is the real code.
    const looked: string[] = [];
    const dispatcher = new Agent({
      connect: {
        lookup: (host: string, _options: unknown, callback: (err: Error) => void) => {
          looked.push(host);
          callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }));
        },
      } as never,
    });
    try {
      await assert.rejects(
        analyzeUrl('http://no-such-host.invalid/', { timeoutMs: 3000, dispatcher }),
        (e: unknown) => e instanceof AnalysisError && e.reason === 'DNS lookup failed',
      );
      assert.deepEqual(looked, ['no-such-host.invalid'], 'the stand-in resolver was asked, not the real one');
    } finally {
      await dispatcher.close();
    }
  });

  it('sends its own User-Agent and never an Authorization header', async () => {
    fx.seen.length = 0;
    await analyzeUrl(`${fx.url}/redirect`);
    assert.equal(fx.seen.length, 3, 'the redirect, the page and the 404 probe');
    for (const h of fx.seen) {
      assert.equal(h.authorization, undefined);
      assert.match(String(h['user-agent']), /WebsiteReports/);
    }
  });

  it('drops user:password@ from the URL (no Basic auth to the analysed site)', async () => {
    fx.seen.length = 0;
    const a = await analyzeUrl(fx.url.replace('http://', 'http://user:pass@') + '/good');
    assert.equal(a.result, 'good');
    assert.equal(fx.seen.length, 2, 'the page and the 404 probe');
    assert.ok(fx.seen.every((h) => h.authorization === undefined));
  });

  it('maps scores to ratings with the real service bands (core/checks/rating.ts)', () => {
    assert.equal(ratingFor(100), 'good');
    assert.equal(ratingFor(79.01), 'good');
    assert.equal(ratingFor(79), 'decent');
    assert.equal(ratingFor(49), 'decent');
    assert.equal(ratingFor(48.99), 'bad');
    assert.equal(ratingFor(0), 'bad');
  });
});
