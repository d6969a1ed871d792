// The intent to create in a scan job's journal, against the real local service over loopback: a
// `send` is on the disk before the request leaves, and on a resume every send without an outcome
// is looked for on the service before anything is sent — found, it counts as done.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ReportsClient } from '../../../core/client/client';
import { JobFiles, nodeJobFiles } from '../../../core/sites/jobFiles';
import { createJob, loadJob, ScanJob } from '../../../core/sites/scanJob';
import { runScan } from '../../../core/sites/runScan';
import { evaluate, extractFacts } from '../../../service/analyze';
import type { RunningService } from '../../../service/server';
import { KEY, startTestService } from '../api/harness';

const CONSTANT = evaluate(
  extractFacts({ url: 'https://x.example/', status: 200, headers: {}, html: '<title>x</title>', responseTimeMs: 1, bytes: 16 }),
);
const URLS = Array.from({ length: 5 }, (_, i) => `https://intent.example/p/${i}`);
/** How long the service takes to answer the resume's first search. */
const SLOW_SEARCH_MS = 600;

describe('sites: the intent to create, recorded before the send and looked up before anything is sent again', function () {
  this.timeout(30_000);
  let service: RunningService;
  let dir: string;
  let client: ReportsClient;

  before(async () => {
    service = await startTestService({ apiKey: KEY, seed: 0, analyze: async () => structuredClone(CONSTANT) });
  });
  after(() => service.close());
  beforeEach(async () => {
    await service.reset(0);
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'scan-intents-'));
    client = new ReportsClient({ baseUrl: `${service.url}/`, apiKey: () => KEY, proxy: { env: {} } });
  });
  afterEach(async () => {
    await client.dispose();
    await fsp.rm(dir, { recursive: true, force: true });
  });

  it('each send is appended durably (flushed to the disk) before its request; the other events are not', async () => {
    const file = path.join(dir, 'job.jsonl');
    const appended: { line: string; durable: boolean; posts: number }[] = [];
    const posts = () => service.requests().filter((r) => r.method === 'POST').length;
    const files: JobFiles = {
      ...nodeJobFiles,
      append: async (p, text, durable) => {
        appended.push({ line: text, durable: durable === true, posts: posts() });
        await nodeJobFiles.append(p, text, durable);
      },
    };
    const made = await createJob(file, { input: 'https://intent.example/', urls: URLS.slice(0, 2), privacy: 0 }, files);
    assert.ok(made instanceof ScanJob);
    const result = await runScan(made, { client, concurrency: 1 });
    assert.equal(result.created, 2);
    const sends = appended.filter((a) => a.line.startsWith('{"e":"send"'));
    assert.deepEqual(
      sends.map((s) => [s.durable, s.posts]),
      [
        [true, 0],
        [true, 1],
      ],
      'written (durably) before its POST reached the service',
    );
    assert.ok(appended.filter((a) => !a.line.startsWith('{"e":"send"')).every((a) => !a.durable));
    await made.release();
  });

  it('on resume, every send without an outcome is looked for before any create is sent; found, it counts as done', async () => {
    const file = path.join(dir, 'job.jsonl');
    const made = await createJob(file, { input: 'https://intent.example/', urls: URLS, privacy: 0 });
    assert.ok(made instanceof ScanJob);
    // The stopped run: URL 0 sent (the service stored it after the process died), URL 1 sent and
    // never stored (killed before it left), nothing heard of either.
    await made.record({ e: 'send', i: 0, t: Date.now() });
    await made.record({ e: 'send', i: 1, t: Date.now() });
    await client.createReport({ url: URLS[0], privacy: 0 });
    await made.release();
    service.clearRequests();
    const resumed = await loadJob(file);
    assert.ok(resumed instanceof ScanJob);
    assert.deepEqual([resumed.counts().done, resumed.counts().unanswered, resumed.counts().todo], [0, 2, 5]);
    // The resume's first search is slow: nothing may be sent until it has answered.
    service.addFault({ method: 'GET', path: '/api/v1/reports', delayMs: SLOW_SEARCH_MS, times: 1 });
    const impatient = new ReportsClient({ baseUrl: `${service.url}/`, apiKey: () => KEY, proxy: { env: {} }, analysisTimeoutMs: 1_000 });
    try {
      const result = await runScan(resumed, { client: impatient });
      assert.deepEqual([result.created, result.recovered, result.failed], [5, 1, 0]);
    } finally {
      await impatient.dispose();
      await resumed.release();
    }
    const log = service.requests();
    const searches = log.filter((r) => r.method === 'GET' && r.query.search !== undefined);
    const firstPost = log.findIndex((r) => r.method === 'POST');
    const searchedFirst = new Set(log.slice(0, firstPost).flatMap((r) => (r.method === 'GET' ? [r.query.search] : [])));
    assert.ok(searchedFirst.has(URLS[0]) && searchedFirst.has(URLS[1]), 'both intents searched before the first create');
    const slowest = Math.min(
      ...searches.filter((r) => r.query.search === URLS[0] || r.query.search === URLS[1]).map((r) => Date.parse(r.at)),
    );
    // The slow search was answered SLOW_SEARCH_MS after it came; the first create came after that.
    assert.ok(Date.parse(log[firstPost].at) >= slowest + SLOW_SEARCH_MS - 5, 'no create was sent while an intent was being looked up');
    const posted = log.filter((r) => r.method === 'POST').map((r) => new URLSearchParams(r.body).get('url'));
    assert.equal(posted.filter((u) => u === URLS[0]).length, 0, 'the stored intent was not sent again');
    const page = await client.listReports({ perPage: 100 });
    assert.deepEqual(page.items.map((r) => String(r.url)).sort(), [...URLS].sort(), 'one report per URL');
  });
});
