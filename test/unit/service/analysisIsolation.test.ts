// Analysing a page never stalls the service: the parse, the facts and the checks run in a worker
// thread with a time and a memory limit, after a linear look at the page's size and nesting. A
// hostile page answers 422 with the reason and stores nothing; an unrelated request answers
// while such a page is being analysed.
import { strict as assert } from 'node:assert';
import { setTimeout as sleep } from 'node:timers/promises';
import { AnalysisPool, MAX_WAITING_ANALYSES } from '../../../core/analysis/analysisPool';
import { AnalysisError } from '../../../core/analysis/analysisError';
import { MAX_ELEMENTS, MAX_NESTING_DEPTH, measureComplexity } from '../../../core/analysis/pageComplexity';
import type { RunningService } from '../../../service/server';
import { call, GOOD_HTML, start } from './helpers';
import { AT_THE_CAPS, MANY_IMAGES, NESTED_DIVS, startHostileServer, UNCLOSED_LINKS, type HostileServer } from './hostilePages';

const total = async (svc: RunningService): Promise<number> => (await call(svc, 'GET', '/api/v1/reports')).body.meta.total;

describe('service: hostile pages are analysed apart, within caps and limits', () => {
  let pages: HostileServer;
  before(async () => {
    pages = await startHostileServer({
      '/nested-divs': NESTED_DIVS,
      '/unclosed-links': UNCLOSED_LINKS,
      '/at-the-caps': AT_THE_CAPS,
      '/good': GOOD_HTML,
    });
  });
  after(() => pages.close());

  describe('with the caps', () => {
    let svc: RunningService;
    before(async () => {
      svc = await start();
    });
    after(() => svc.close());

    const cases: Array<[string, string, RegExp]> = [
      [
        '72,000 nested <div>s',
        '/nested-divs',
        new RegExp(`too complex: elements nested more than ${MAX_NESTING_DEPTH.toLocaleString('en-US')} deep`),
      ],
      [
        '2 MB of unclosed <a href>',
        '/unclosed-links',
        new RegExp(`too complex: elements nested more than ${MAX_NESTING_DEPTH.toLocaleString('en-US')} deep`),
      ],
    ];
    for (const [what, p, reason] of cases) {
      it(`${what}: 422 with the reason, nothing stored`, async () => {
        const res = await call(svc, 'POST', '/api/v1/reports', { form: { url: `${pages.url}${p}` } });
        assert.equal(res.status, 422, res.text);
        assert.match(res.body.errors.url[0], reason);
        assert.match(res.body.message, /^The page could not be analysed: too complex/);
        assert.equal(await total(svc), 0, 'nothing stored');
      });
    }

    it(`a page at the caps (${MAX_ELEMENTS.toLocaleString('en-US')} elements, nested ${MAX_NESTING_DEPTH} deep) still analyses`, async () => {
      assert.deepEqual(measureComplexity(AT_THE_CAPS), { elements: MAX_ELEMENTS, depth: MAX_NESTING_DEPTH });
      const res = await call(svc, 'POST', '/api/v1/reports', { form: { url: `${pages.url}/at-the-caps` } });
      assert.equal(res.status, 201, res.text);
      const dom = res.body.data.results.find((c: { key: string }) => c.key === 'dom_size');
      assert.equal(dom.value, MAX_ELEMENTS);
      await call(svc, 'DELETE', `/api/v1/reports/${res.body.data.id}`);
    });
  });

  describe('past the caps (lifted here), the time limit: the worker is stopped, the service is not', () => {
    let svc: RunningService;
    before(async () => {
      svc = await start({ pageCaps: { maxElements: Infinity, maxDepth: Infinity }, analysisTimeLimitMs: 2000 });
    });
    after(() => svc.close());

    for (const [what, p] of [
      ['72,000 nested <div>s', '/nested-divs'],
      ['2 MB of unclosed <a href>', '/unclosed-links'],
    ]) {
      it(`${what}: GET /api/v1/account answers while it is analysed; then 422, nothing stored; the next page analyses`, async () => {
        const order: string[] = [];
        const probed = pages.probed();
        const create = call(svc, 'POST', '/api/v1/reports', { form: { url: `${pages.url}${p}` } }).then((r) => {
          order.push('create');
          return r;
        });
        await probed; // fetched: the analysis is starting
        await sleep(100); // let it start (on one event loop, the GET would now wait for it)
        const account = await call(svc, 'GET', '/api/v1/account');
        order.push('account');
        assert.equal(account.status, 200);
        const res = await create;
        assert.deepEqual(order, ['account', 'create'], 'the unrelated request completed before the analysis');
        assert.equal(res.status, 422, res.text);
        assert.match(res.body.errors.url[0], /too complex: (the analysis took longer than 2 s|nested too deeply to analyse)/);
        assert.equal(await total(svc), 0, 'nothing stored');
        const next = await call(svc, 'POST', '/api/v1/reports', { form: { url: `${pages.url}/good` } });
        assert.equal(next.status, 201, `a fresh worker: ${next.text}`);
        await call(svc, 'DELETE', `/api/v1/reports/${next.body.data.id}`);
      });
    }
  });

  it('the memory limit: a page that needs more heap than the worker has fails with the reason', async () => {
    const pool = new AnalysisPool({ heapMb: 16, caps: { maxElements: Infinity, maxDepth: Infinity } });
    try {
      const page = { url: 'http://x.test/', status: 200, headers: {}, html: MANY_IMAGES, responseTimeMs: 1, bytes: MANY_IMAGES.length };
      await assert.rejects(
        pool.analyse(page),
        (e: unknown) => e instanceof AnalysisError && e.reason === 'too complex: the analysis needs more than 16 MiB of memory',
      );
      const small = { ...page, html: GOOD_HTML, bytes: GOOD_HTML.length };
      assert.equal((await pool.analyse(small)).result, 'good', 'a fresh worker serves the next page');
    } finally {
      await pool.close();
    }
  });

  it('a page waiting behind one that takes the worker down is analysed by a fresh worker, not failed with it', async () => {
    const pool = new AnalysisPool({ heapMb: 16, caps: { maxElements: Infinity, maxDepth: Infinity } });
    try {
      const page = { url: 'http://x.test/', status: 200, headers: {}, html: MANY_IMAGES, responseTimeMs: 1, bytes: MANY_IMAGES.length };
      const small = { ...page, html: GOOD_HTML, bytes: GOOD_HTML.length };
      // Both asked at once: the second waits while the worker runs out of memory on the first.
      const [big, next] = await Promise.allSettled([pool.analyse(page), pool.analyse(small)]);
      assert.equal(big.status, 'rejected');
      assert.match((big as PromiseRejectedResult).reason.reason, /needs more than 16 MiB of memory/);
      assert.equal(next.status, 'fulfilled', String((next as PromiseRejectedResult).reason));
      assert.equal((next as PromiseFulfilledResult<{ result: string }>).value.result, 'good');
    } finally {
      await pool.close();
    }
  });

  it(`at most ${MAX_WAITING_ANALYSES} pages wait for the worker; one more is refused at once`, async () => {
    const pool = new AnalysisPool({ timeLimitMs: 60_000, caps: { maxElements: Infinity, maxDepth: Infinity } });
    const page = { url: 'http://x.test/', status: 200, headers: {}, html: UNCLOSED_LINKS, responseTimeMs: 1, bytes: UNCLOSED_LINKS.length };
    const settled: Array<Promise<unknown>> = [];
    try {
      for (let i = 0; i <= MAX_WAITING_ANALYSES; i++) settled.push(pool.analyse(page).catch((e: unknown) => e)); // one runs, the rest wait
      await assert.rejects(pool.analyse(page), (e: unknown) => e instanceof AnalysisError && /the service is busy/.test(e.reason));
    } finally {
      await pool.close();
    }
    for (const outcome of await Promise.all(settled)) assert.ok(outcome instanceof AnalysisError && /stopping/.test(outcome.reason));
  });

  it('the pre-scan follows the parser: implied end tags do not nest, ignored end tags do', () => {
    assert.deepEqual(measureComplexity('<ul>' + '<li>x'.repeat(5000) + '</ul>'), { elements: 5001, depth: 2 });
    assert.deepEqual(measureComplexity('<div>' + '<p>x'.repeat(5000) + '</div>'), { elements: 5001, depth: 2 });
    assert.deepEqual(measureComplexity('<script>' + '<div>'.repeat(5000) + '</script><p>'), { elements: 2, depth: 1 });
    assert.deepEqual(measureComplexity('<!--' + '<div>'.repeat(5000) + '-->'), { elements: 0, depth: 0 });
    assert.equal(measureComplexity('<div><span></div>'.repeat(100)).depth, 200, 'an end tag that matches no open element is ignored');
    assert.equal(measureComplexity('<img src=x>'.repeat(1000)).depth, 0);
  });
});
