// The scan job against the real local service over loopback: creates, the state file (resume
// after a crash, a cut last line, a corrupt file left alone, the lock), pause / cancel, a lost
// answer looked up before any resend, 429s, and the kill -9 of a process in the middle of a scan.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ReportsClient } from '../../../core/client/client';
import { Report } from '../../../core/client/types';
import { JobFiles, nodeJobFiles } from '../../../core/sites/jobFiles';
import { createJob, JobProblem, loadJob, ScanJob } from '../../../core/sites/scanJob';
import { runScan } from '../../../core/sites/runScan';
import { evaluate, extractFacts } from '../../../service/analyze';
import type { RunningService } from '../../../service/server';
import { KEY, startTestService } from '../api/harness';

const CONSTANT = evaluate(
  extractFacts({ url: 'https://x.example/', status: 200, headers: {}, html: '<title>x</title>', responseTimeMs: 1, bytes: 16 }),
);
const CHILD = path.join(__dirname, 'scanChild.js');

const urlsOf = (n: number, tag = 'p') => Array.from({ length: n }, (_, i) => `https://site.example/${tag}/${i}`);

async function job(file: string, urls: string[], files?: JobFiles): Promise<ScanJob> {
  const made = await createJob(file, { input: 'https://site.example/', urls, privacy: 0 }, files);
  assert.ok(made instanceof ScanJob, made instanceof JobProblem ? made.message : 'no job');
  return made;
}

async function loaded(file: string, files?: JobFiles): Promise<ScanJob> {
  const got = await loadJob(file, files);
  assert.ok(got instanceof ScanJob, got instanceof JobProblem ? got.message : 'no job');
  return got;
}

describe('sites: the scan job against the local service', function () {
  this.timeout(60_000);
  let service: RunningService;
  let dir: string;
  let clients: ReportsClient[];
  const client = () => {
    const c = new ReportsClient({
      baseUrl: `${service.url}/`,
      apiKey: () => KEY,
      proxy: { env: {} },
      retry: { baseDelayMs: 10, maxDelayMs: 50 },
      timeoutMs: 2_000,
    });
    clients.push(c);
    return c;
  };

  /** Every report on the service, by URL. */
  async function reportsByUrl(): Promise<Map<string, Report[]>> {
    const page = await client().listReports({ perPage: 100 });
    const all: Report[] = [...page.items];
    for (let p = page; p.hasMore; ) {
      p = await client().nextPage(p);
      all.push(...p.items);
    }
    const map = new Map<string, Report[]>();
    for (const r of all) map.set(String(r.url), [...(map.get(String(r.url)) ?? []), r]);
    return map;
  }

  before(async () => {
    service = await startTestService({ apiKey: KEY, seed: 0, analyze: async () => structuredClone(CONSTANT) });
  });
  after(() => service.close());
  beforeEach(async () => {
    await service.reset(0);
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'scan-job-'));
    clients = [];
  });
  afterEach(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await fsp.rm(dir, { recursive: true, force: true });
  });

  it('creates one report per URL with at most 3 creates in flight, and the file says so after a reload', async () => {
    const file = path.join(dir, 'state', 'job.jsonl');
    const scan = await job(file, urlsOf(10));
    let most = 0;
    scan.onProgress((p) => (most = Math.max(most, p.inFlight)));
    service.addFault({ method: 'POST', path: '/api/v1/reports', delayMs: 50, times: 0 });
    const result = await runScan(scan, { client: client() });
    assert.deepEqual([result.found, result.created, result.skipped, result.failed], [10, 10, 0, 0]);
    assert.equal(result.status, 'done');
    assert.ok(most <= 3 && most >= 2, `in flight at most: ${most}`);
    await scan.release();
    const again = await loaded(file);
    assert.equal(again.status, 'done');
    assert.equal(again.counts().done, 10);
    assert.ok(again.items.every((i) => i.reportId));
    const stored = await reportsByUrl();
    for (const url of urlsOf(10)) assert.equal(stored.get(url)?.length, 1, url);
    await again.release();
  });

  it('a create whose answer was lost is looked up before any resend, and found: not sent again', async () => {
    const file = path.join(dir, 'job.jsonl');
    const scan = await job(file, urlsOf(2));
    // The first create is stored by the service, but only after the client has given up on it.
    service.addFault({ method: 'POST', path: '/api/v1/reports', delayMs: 1_500, times: 1 });
    const impatient = new ReportsClient({
      baseUrl: `${service.url}/`,
      apiKey: () => KEY,
      proxy: { env: {} },
      timeoutMs: 100,
      analysisTimeoutMs: 300,
    });
    clients.push(impatient);
    const result = await runScan(scan, { client: impatient, concurrency: 1 });
    assert.deepEqual([result.created, result.failed], [1, 1]);
    assert.equal(result.failures[0].url, urlsOf(2)[0]);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await scan.retryFailed();
    const second = await runScan(scan, { client: client() });
    assert.deepEqual([second.created, second.failed, second.recovered], [2, 0, 1]);
    const posts = service.requests().filter((r) => r.method === 'POST');
    assert.equal(posts.length, 2, 'the lost create was not sent again');
    const stored = await reportsByUrl();
    for (const url of urlsOf(2)) assert.equal(stored.get(url)?.length, 1, url);
    await scan.release();
  });

  it('resumes after a crash: a send without an answer is found on the service, the rest is created once', async () => {
    const file = path.join(dir, 'job.jsonl');
    const urls = urlsOf(4);
    const scan = await job(file, urls);
    // The crash: URL 0 was sent and stored, but the process died before writing the answer.
    await scan.record({ e: 'send', i: 0, t: Date.now() });
    await client().createReport({ url: urls[0], privacy: 0 });
    // ...and the last line was cut in the middle of a write.
    await fsp.appendFile(file, '{"e":"send","i":1,"t":17');
    await scan.release();
    const resumed = await loaded(file);
    assert.equal(resumed.items[0].lostAt !== undefined, true);
    const result = await runScan(resumed, { client: client() });
    assert.equal(result.created, 4);
    assert.equal(result.recovered, 1);
    const stored = await reportsByUrl();
    for (const url of urls) assert.equal(stored.get(url)?.length, 1, url);
    await resumed.release();
  });

  it('pause stops taking URLs and is kept in the file; resume finishes; cancel skips the rest', async () => {
    const file = path.join(dir, 'job.jsonl');
    const scan = await job(file, urlsOf(9));
    service.addFault({ method: 'POST', path: '/api/v1/reports', delayMs: 30, times: 0 });
    scan.onProgress((p) => {
      if (p.done >= 3 && scan.status === 'running') void scan.pause();
    });
    const paused = await runScan(scan, { client: client() });
    assert.equal(paused.status, 'paused');
    assert.ok(paused.created >= 3 && paused.created < 9, `created ${paused.created}`);
    await scan.release();
    const again = await loaded(file);
    assert.equal(again.status, 'paused');
    const cancelling = again.onProgress((p) => {
      if (p.done >= 6 && again.status === 'running') void again.cancel();
    });
    const cancelled = await runScan(again, { client: client() });
    cancelling.dispose();
    assert.equal(cancelled.status, 'cancelled');
    assert.equal(cancelled.created + cancelled.skipped + cancelled.failed, 9);
    assert.ok(cancelled.skipped > 0);
    const stored = await reportsByUrl();
    assert.equal(
      [...stored.values()].every((list) => list.length === 1),
      true,
    );
    assert.equal(
      [...stored.keys()].length,
      cancelled.created,
      'every report the service has is counted as created (a cancelled send was looked up)',
    );
    await again.release();
  });

  it('a 429 puts the URL back in the queue: nothing fails, nothing is created twice', async () => {
    const file = path.join(dir, 'job.jsonl');
    const scan = await job(file, urlsOf(3));
    service.addFault({ method: 'POST', path: '/api/v1/reports', status: 429, headers: { 'Retry-After': '1' }, times: 2 });
    const result = await runScan(scan, { client: client() });
    assert.deepEqual([result.created, result.failed], [3, 0]);
    await scan.release();
  });

  it('a refused key stops the run and keeps the queue', async () => {
    const file = path.join(dir, 'job.jsonl');
    const scan = await job(file, urlsOf(3));
    const wrong = new ReportsClient({ baseUrl: `${service.url}/`, apiKey: () => 'wrong-key', proxy: { env: {} } });
    clients.push(wrong);
    const result = await runScan(scan, { client: wrong });
    assert.ok(result.stopped);
    assert.equal(result.created, 0);
    assert.equal(scan.counts().todo, 3);
    await scan.release();
  });

  it("a second process (or window) cannot take a running job; a dead owner's lock is taken over", async () => {
    const file = path.join(dir, 'job.jsonl');
    const scan = await job(file, urlsOf(1));
    const again = await loadJob(file);
    assert.ok(again instanceof JobProblem && again.kind === 'locked');
    await scan.release();
    await fsp.writeFile(`${file}.lock`, JSON.stringify({ pid: 2 ** 22 + 12345 }));
    const taken = await loaded(file);
    await taken.release();
  });

  it('a state file that is not a job is left alone with a clear problem; a missing one is no job', async () => {
    const file = path.join(dir, 'job.jsonl');
    await fsp.writeFile(file, 'not a job\n');
    const got = await loadJob(file);
    assert.ok(got instanceof JobProblem && got.kind === 'unreadable');
    assert.equal(await fsp.readFile(file, 'utf8'), 'not a job\n');
    assert.equal(await loadJob(path.join(dir, 'none.jsonl')), undefined);
    const exists = await createJob(file, { input: 'x', urls: [], privacy: 0 });
    assert.ok(exists instanceof JobProblem, 'an existing file is not overwritten');
  });

  it('a state file that cannot be written stops the run before anything is sent', async () => {
    const file = path.join(dir, 'job.jsonl');
    let failAppends = false;
    const files: JobFiles = {
      ...nodeJobFiles,
      append: (p, text) =>
        failAppends ? Promise.reject(Object.assign(new Error('disk full'), { code: 'ENOSPC' })) : nodeJobFiles.append(p, text),
    };
    const scan = await job(file, urlsOf(3), files);
    failAppends = true;
    const result = await runScan(scan, { client: client() });
    assert.ok(result.stopped);
    assert.equal((await reportsByUrl()).size, 0);
    await scan.release();
  });

  it('kill -9 during a scan, then resume with the same state: every URL ends with exactly one report', async () => {
    const file = path.join(dir, 'job.jsonl');
    const urls = urlsOf(12, 'kill');
    await (await job(file, urls)).release();
    // Slow creates (3 s), so those in flight when the process dies are surely still in flight,
    // however late its output arrives on a busy machine; the service still stores them.
    service.addFault({ method: 'POST', path: '/api/v1/reports', delayMs: 3000, times: 0 });
    const first = spawn(process.execPath, [CHILD, service.url, KEY, file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let sent = 0;
    await new Promise<void>((resolve, reject) => {
      first.stdout.on('data', (chunk: Buffer) => {
        sent += chunk
          .toString()
          .split('\n')
          .filter((l) => l.startsWith('sent ')).length;
        if (sent >= 3) {
          first.kill('SIGKILL');
          resolve();
        }
      });
      first.on('exit', () => reject(new Error('the scan ended before it was killed')));
    });
    await new Promise((resolve) => first.once('close', resolve));
    const before = await reportsByUrl();
    assert.ok(before.size < urls.length, 'killed in the middle');
    // Let the creates the dead process had in flight finish on the service.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    service.clearFaults();
    const second = spawn(process.execPath, [CHILD, service.url, KEY, file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    second.stdout.on('data', (c: Buffer) => (out += c.toString()));
    second.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((resolve) => second.once('close', resolve));
    assert.equal(code, 0, err);
    const result = JSON.parse(out.trim().split('\n').pop() ?? '{}') as { created: number; failed: number; recovered: number };
    assert.equal(result.created, urls.length);
    assert.equal(result.failed, 0);
    assert.ok(result.recovered >= 1, 'a create in flight at the kill was found, not sent again');
    const stored = await reportsByUrl();
    for (const url of urls) assert.equal(stored.get(url)?.length, 1, url);
  });
});
