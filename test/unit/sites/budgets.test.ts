// Every budget of site scans, each against a generated worst case: the time limit of a file that
// never ends, the byte cap of a plain answer that never ends, robots.txt's cap, the number of
// sitemap files and of URLs one discovery keeps, the URLs a job holds, the size of a state file
// read on resume, and the 429s one URL may meet.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ReportsClient } from '../../../core/client/client';
import { MAX_RATE_LIMITED } from '../../../core/client/requester';
import { discoverSitemapUrls } from '../../../core/sites/discover';
import {
  MAX_DISCOVERED_URLS,
  MAX_JOB_URLS,
  MAX_ROBOTS_BYTES,
  MAX_SITEMAP_FILES,
  MAX_STATE_BYTES,
  MAX_URLS_PER_SITEMAP,
} from '../../../core/sites/scanLimits';
import { runScan } from '../../../core/sites/runScan';
import { createJob, JobProblem, loadJob, ScanJob } from '../../../core/sites/scanJob';
import { evaluate, extractFacts } from '../../../service/analyze';
import { FakeTimers } from '../api/fakeTimers';
import { KEY, startTestService } from '../api/harness';
import { SiteServer, sitemapIndex, startSite, urlset } from './siteServer';

describe('sites: budgets, each with a generated worst case', function () {
  this.timeout(60_000);
  let site: SiteServer;
  let dir: string;
  beforeEach(async () => {
    site = await startSite();
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'sites-budgets-'));
  });
  afterEach(async () => {
    await site.close();
    await fsp.rm(dir, { recursive: true, force: true });
  });

  it('a file that never ends is cut by the time limit', async () => {
    site.pages.set('/slow.xml', {
      body: (res) => {
        res.write('<urlset><url><loc>https://e.example/a</loc></url>');
        // ...and nothing more, ever.
      },
    });
    const found = await discoverSitemapUrls(`${site.origin}/slow.xml`, { limits: { timeoutMs: 300 } });
    assert.equal(found.failures[0].kind, 'timeout');
    assert.deepEqual(found.urls, ['https://e.example/a']);
  });

  it('a plain (not gzipped) answer that never ends stops at the byte cap', async () => {
    const block = Buffer.alloc(1024 * 1024, 0x20);
    site.pages.set('/endless.xml', {
      body: (res) => {
        res.write('<urlset>');
        const more = (): void => {
          while (res.write(block));
          res.once('drain', more);
        };
        res.on('close', () => res.removeAllListeners('drain'));
        more();
      },
    });
    const found = await discoverSitemapUrls(`${site.origin}/endless.xml`, { limits: { maxSitemapBytes: 8 * 1024 * 1024 } });
    assert.equal(found.failures[0].kind, 'too-large');
  });

  it(`robots.txt is read up to ${MAX_ROBOTS_BYTES} bytes: a Sitemap line past it is not seen`, async () => {
    const filler = `# ${'x'.repeat(1000)}\n`.repeat(Math.ceil(MAX_ROBOTS_BYTES / 1000) + 10);
    site.pages.set('/robots.txt', {
      headers: { 'content-type': 'text/plain' },
      body: `Sitemap: ${site.origin}/early.xml\n${filler}Sitemap: ${site.origin}/late.xml\n`,
    });
    site.pages.set('/early.xml', { body: urlset(['https://e.example/early']) });
    site.pages.set('/late.xml', { body: urlset(['https://e.example/late']) });
    const found = await discoverSitemapUrls(site.url);
    assert.deepEqual(found.urls, ['https://e.example/early']);
  });

  it(`an index of ${MAX_SITEMAP_FILES + 20} files: ${MAX_SITEMAP_FILES} are read, the rest said`, async () => {
    const children = Array.from({ length: MAX_SITEMAP_FILES + 20 }, (_, i) => `${site.origin}/c${i}.xml`);
    site.pages.set('/index.xml', { body: sitemapIndex(children) });
    children.forEach((_, i) => site.pages.set(`/c${i}.xml`, { body: urlset([`https://e.example/${i}`]) }));
    const found = await discoverSitemapUrls(`${site.origin}/index.xml`);
    // The index itself is one of the files read.
    assert.equal(found.urls.length, MAX_SITEMAP_FILES - 1);
    // The addresses past the limit are not even queued: one failure says how many.
    assert.deepEqual(
      found.failures.map((f) => [f.kind, f.file]),
      [['too-many-files', `${site.origin}/index.xml`]],
    );
    assert.match(found.failures[0].message, /21/);
  });

  it(`one discovery keeps at most ${MAX_DISCOVERED_URLS} URLs`, async () => {
    const files = Math.ceil(MAX_DISCOVERED_URLS / MAX_URLS_PER_SITEMAP) + 1;
    const children = Array.from({ length: files }, (_, f) => `${site.origin}/big${f}.xml`);
    site.pages.set('/index.xml', { body: sitemapIndex(children) });
    for (let f = 0; f < files; f++) {
      const text = urlset(Array.from({ length: MAX_URLS_PER_SITEMAP }, (_, i) => `https://e.example/${f}/${i}`));
      site.pages.set(`/big${f}.xml`, { body: text });
    }
    const found = await discoverSitemapUrls(`${site.origin}/index.xml`);
    assert.equal(found.urls.length, MAX_DISCOVERED_URLS);
    assert.equal(found.failures.at(-1)?.kind, 'too-many-urls');
  });

  it(`a job holds at most ${MAX_JOB_URLS} URLs, and a job that full is written and read back`, async () => {
    const urls = Array.from({ length: MAX_JOB_URLS }, (_, i) => `https://e.example/page/${i}`);
    const over = await createJob(path.join(dir, 'over.jsonl'), { input: 'x', urls: [...urls, 'https://e.example/one-more'], privacy: 0 });
    assert.ok(over instanceof JobProblem && over.kind === 'bad-input');
    const file = path.join(dir, 'full.jsonl');
    const full = await createJob(file, { input: 'x', urls, privacy: 0 });
    assert.ok(full instanceof ScanJob);
    await full.release();
    const back = await loadJob(file);
    assert.ok(back instanceof ScanJob);
    assert.equal(back.counts().todo, MAX_JOB_URLS);
    await back.release();
  });

  it(`a state file over ${MAX_STATE_BYTES / 1024 / 1024} MB is refused on resume, not read`, async () => {
    const file = path.join(dir, 'huge.jsonl');
    const handle = await fsp.open(file, 'w');
    await handle.truncate(MAX_STATE_BYTES + 1); // sparse: no disk used
    await handle.close();
    const got = await loadJob(file);
    assert.ok(got instanceof JobProblem && got.kind === 'too-large');
  });

  it(`a create that meets ${MAX_RATE_LIMITED} 429s in a row stops the scan; nothing is created; the URL stays to do`, async () => {
    const analysis = evaluate(
      extractFacts({ url: 'https://x.example/', status: 200, headers: {}, html: '<title>x</title>', responseTimeMs: 1, bytes: 16 }),
    );
    const service = await startTestService({ apiKey: KEY, seed: 0, analyze: async () => structuredClone(analysis) });
    // The client's clock is moved by hand: each 429 says to wait a second (`0` is no wait, so not one said).
    const clock = new FakeTimers();
    const client = new ReportsClient({
      baseUrl: `${service.url}/`,
      apiKey: () => KEY,
      proxy: { env: {} },
      retry: { retries: 0 },
      timers: clock,
    });
    try {
      service.addFault({ method: 'POST', path: '/api/v1/reports', status: 429, headers: { 'Retry-After': '1' }, times: 0 });
      const job = await createJob(path.join(dir, 'limited.jsonl'), { input: 'x', urls: ['https://e.example/a'], privacy: 0 });
      assert.ok(job instanceof ScanJob);
      let done = false;
      const running = runScan(job, { client }).finally(() => (done = true));
      for (let i = 0; i < 200 && !done; i++) {
        await new Promise((r) => setTimeout(r, 10));
        await clock.advance(1000);
      }
      const result = await running;
      assert.deepEqual([result.created, result.failed, job.counts().todo], [0, 0, 1]);
      assert.match(result.stopped ?? '', /limiting requests/);
      assert.equal(service.requests().filter((r) => r.method === 'POST').length, MAX_RATE_LIMITED);
      await job.release();
    } finally {
      await client.dispose();
      await service.close();
    }
  });
});
