import { strict as assert } from 'node:assert';
import { Agent } from 'undici';
import { analyzeUrl, AnalysisError, CHECK_KEYS, evaluate, extractFacts, ratingFor } from '../../../service/analyze';
import { freePort, GOOD_HTML, startFixtures, type FixtureServer } from './helpers';

function check(results: { key: string; passed: boolean; value: unknown }[], key: string) {
  const c = results.find((r) => r.key === key);
  assert.ok(c, `check ${key} present`);
  return c;
}

describe('service/analyze', () => {
  let fx: FixtureServer;
  before(async () => {
    fx = await startFixtures();
  });
  after(() => fx.close());

  it('rates the good fixture page: every check passes when served over HTTPS', () => {
    const facts = extractFacts({
      url: 'https://acme.example/',
      status: 200,
      headers: {},
      html: GOOD_HTML,
      responseTimeMs: 120,
      bytes: GOOD_HTML.length,
    });
    const a = evaluate(facts);
    assert.deepEqual(
      a.results.filter((c) => !c.passed).map((c) => c.key),
      [],
    );
    assert.equal(a.score, 100);
    assert.equal(a.result, 'good');
    assert.deepEqual(
      a.results.map((c) => c.key),
      CHECK_KEYS,
    );
    for (const c of a.results) {
      assert.ok(['availability', 'seo', 'accessibility', 'performance', 'security'].includes(c.category));
      assert.ok(c.name && c.advice);
    }
  });

  it('fetches and rates the good page as good (only HTTPS fails on the loopback fixture)', async () => {
    const a = await analyzeUrl(`${fx.url}/good`);
    assert.equal(a.result, 'good');
    assert.deepEqual(
      a.results.filter((c) => !c.passed).map((c) => c.key),
      ['https'],
    );
    assert.ok(a.score >= 80 && a.score < 100);
    assert.equal(check(a.results, 'title').value, 'Acme Widgets - Handmade widgets');
    assert.equal(check(a.results, 'h1').value, 1);
    assert.equal(check(a.results, 'lang').value, 'en');
    assert.equal(check(a.results, 'canonical').value, 'https://acme.example/');
    assert.equal(check(a.results, 'status').value, 200);
    assert.equal(typeof check(a.results, 'response_time').value, 'number');
  });

  it('rates the poor page as bad, with the failing checks and their values', async () => {
    const a = await analyzeUrl(`${fx.url}/poor`);
    assert.equal(a.result, 'bad');
    assert.ok(a.score < 50);
    for (const key of ['title', 'title_length', 'meta_description', 'h1', 'lang', 'viewport', 'image_alt', 'indexable', 'canonical']) {
      assert.equal(check(a.results, key).passed, false, key);
    }
    assert.equal(check(a.results, 'h1').value, 3);
    assert.equal(check(a.results, 'image_alt').value, 3);
    assert.equal(check(a.results, 'indexable').value, false);
    assert.equal(check(a.results, 'status').passed, true);
  });

  it('an HTTP error status is analysed, fails the status check and is never better than bad', async () => {
    const a = await analyzeUrl(`${fx.url}/error`);
    assert.equal(check(a.results, 'status').passed, false);
    assert.equal(check(a.results, 'status').value, 500);
    assert.equal(a.result, 'bad');
    const b = await analyzeUrl(`${fx.url}/missing`);
    assert.equal(check(b.results, 'status').value, 404);
  });

  it('honours X-Robots-Tag: noindex', async () => {
    const a = await analyzeUrl(`${fx.url}/header-noindex`);
    assert.equal(check(a.results, 'indexable').passed, false);
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
    assert.equal(fx.seen.length, 2);
    for (const h of fx.seen) {
      assert.equal(h.authorization, undefined);
      assert.match(String(h['user-agent']), /WebsiteReports/);
    }
  });

  it('drops user:password@ from the URL (no Basic auth to the analysed site)', async () => {
    fx.seen.length = 0;
    const a = await analyzeUrl(fx.url.replace('http://', 'http://user:pass@') + '/good');
    assert.equal(a.result, 'good');
    assert.equal(fx.seen.length, 1);
    assert.equal(fx.seen[0].authorization, undefined);
  });

  it('maps scores to ratings at 80 and 50', () => {
    assert.equal(ratingFor(100), 'good');
    assert.equal(ratingFor(80), 'good');
    assert.equal(ratingFor(79), 'decent');
    assert.equal(ratingFor(50), 'decent');
    assert.equal(ratingFor(49), 'bad');
    assert.equal(ratingFor(0), 'bad');
  });
});
