// What a scan job left from before offers (core/sites/jobOffer.ts), on jobs run against the real
// local service: a job whose every URL ended — done or refused — is finished: it offers Retry
// Failed, never Resume, and running it again sends nothing; a job with URLs still to do offers
// Resume, and resuming sends only those, never a failed one.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ReportsClient } from '../../../core/client/client';
import { leftOver } from '../../../core/sites/jobOffer';
import { createJob, loadJob, ScanJob } from '../../../core/sites/scanJob';
import { runScan } from '../../../core/sites/runScan';
import { evaluate, extractFacts } from '../../../service/analyze';
import type { RunningService } from '../../../service/server';
import { KEY, startTestService } from '../api/harness';

const CONSTANT = evaluate(
  extractFacts({ url: 'https://x.example/', status: 200, headers: {}, html: '<title>x</title>', responseTimeMs: 1, bytes: 16 }),
);
const URLS = ['https://offer.example/refused', 'https://offer.example/fine'];
const REFUSED = {
  method: 'POST',
  path: '/api/v1/reports',
  status: 422,
  body: { message: { url: ['The page could not be reached.'] }, status: 422 },
};

describe('sites: what a job left from before offers', function () {
  this.timeout(20_000);
  let service: RunningService;
  let dir: string;
  let client: ReportsClient;

  before(async () => {
    service = await startTestService({ apiKey: KEY, seed: 0, analyze: async () => structuredClone(CONSTANT) });
  });
  after(() => service.close());
  beforeEach(async () => {
    await service.reset(0);
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'job-offer-'));
    client = new ReportsClient({ baseUrl: `${service.url}/`, apiKey: () => KEY, proxy: { env: {} } });
  });
  afterEach(async () => {
    await client.dispose();
    await fsp.rm(dir, { recursive: true, force: true });
  });

  const posts = () =>
    service
      .requests()
      .filter((r) => r.method === 'POST')
      .map((r) => new URLSearchParams(r.body).get('url'));

  async function reloaded(file: string): Promise<ScanJob> {
    const job = await loadJob(file);
    assert.ok(job instanceof ScanJob);
    return job;
  }

  it('every URL ended, one refused (422): finished, Retry Failed only; running it again sends nothing', async () => {
    const file = path.join(dir, 'job.jsonl');
    const job = await createJob(file, { input: 'the URLs of this workspace', urls: URLS, privacy: 0 });
    assert.ok(job instanceof ScanJob);
    service.addFault(REFUSED);
    const result = await runScan(job, { client, concurrency: 1 });
    assert.deepEqual([result.created, result.failed, result.status], [1, 1, 'done']);
    await job.release();
    const again = await reloaded(file);
    assert.deepEqual([again.counts().todo, again.counts().failed], [0, 1]);
    assert.equal(leftOver(again), 'retry-failed');
    // What Resume used to do: the refused URL is not sent again without Retry Failed.
    const rerun = await runScan(again, { client });
    assert.deepEqual([rerun.created, rerun.failed, rerun.status], [1, 1, 'done']);
    assert.deepEqual(posts(), URLS);
    // Retry Failed is the way: the refused URL goes back to the queue and is sent once.
    await again.retryFailed();
    assert.equal(leftOver(again), 'resume');
    const retried = await runScan(again, { client });
    assert.deepEqual([retried.created, retried.failed], [2, 0]);
    assert.deepEqual(posts(), [...URLS, URLS[0]]);
    assert.equal(leftOver(again), 'nothing');
    await again.release();
  });

  it('a job stopped with URLs to do and one failed: Resume sends only those to do', async () => {
    const file = path.join(dir, 'job.jsonl');
    const job = await createJob(file, { input: 'https://offer.example/', urls: URLS, privacy: 0 });
    assert.ok(job instanceof ScanJob);
    await job.record({ e: 'failed', i: 0, why: 'refused' });
    await job.release();
    const stopped = await reloaded(file);
    assert.equal(leftOver(stopped), 'resume');
    assert.deepEqual([stopped.counts().todo, stopped.counts().failed], [1, 1]);
    const result = await runScan(stopped, { client });
    assert.deepEqual([result.created, result.failed], [1, 1]);
    assert.deepEqual(posts(), [URLS[1]]);
    assert.equal(leftOver(stopped), 'retry-failed');
    await stopped.cancel();
    assert.equal(leftOver(stopped), 'nothing', 'a cancelled job offers nothing');
    await stopped.release();
  });
});
