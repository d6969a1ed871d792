// One `scan` run: a job in --state FILE is resumed (discovery skipped); otherwise discovery →
// selection → preview (on stderr, before anything is created) → one confirmation (a question on a
// terminal, or --yes) → a job in a state file → the creates, through the one write queue, paced
// under the service's limit.
// Ctrl+C pauses (the creates in flight finish; a second Ctrl+C stops them, a third exits at once).
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { UrlLookup } from '../core/reports/urlLookup';
import type { ReportsClient } from '../core/client/client';
import { toApiError } from '../core/client/errors';
import { describePreview } from '../core/sites/describe';
import { discoverSitemapUrls } from '../core/sites/discover';
import { estimateMs, previewScan, ScanPreview } from '../core/sites/preview';
import { CLIENT_REQUESTS_PER_MINUTE } from '../core/client/pacing';
import { runScan } from '../core/sites/runScan';
import { createJob, JobProblem, loadJob, ScanJob } from '../core/sites/scanJob';
import { selectUrls } from '../core/sites/select';
import type { ScanOptions } from './args';
import type { CliIo } from './cliIo';
import { readConfig } from './readConfig';
import { formatScan, ScanSummary, summaryOf } from './scanOutput';
import { chooseService, openClient, serviceProblem, stoppingFailure } from './service';
import { CliFailure } from './usageError';

/** Exit code of a run paused by Ctrl+C (128 + SIGINT, as shells report it). */
export const EXIT_INTERRUPTED = 130;

export interface ScanIo extends CliIo {
  /** stdin is a terminal: a person can be asked. */
  interactive: boolean;
  /** Asks a question on the terminal; resolves with the answer ('' on Ctrl+C or end of input). */
  ask(question: string): Promise<string>;
  /** Calls `handler` on each Ctrl+C (SIGINT) until the returned function is called. */
  onInterrupt(handler: () => void): () => void;
}

export async function runScanCommand(options: ScanOptions, io: ScanIo): Promise<number> {
  const config = await readConfig(options.config, io.cwd);
  const service = chooseService(options.baseUrl, io.env, config);
  const client = openClient(service, io.env, io.version);
  try {
    const resumed = options.state ? await existingJob(options.state) : undefined;
    if (resumed) return await resume(resumed, options, client, io);
    return await scanAnew(options, service.baseUrl, client, io);
  } finally {
    io.progress.done();
    await client.dispose();
  }
}

/** The job in FILE; undefined when there is none; a problem (locked, unreadable) ends the run. */
async function existingJob(file: string): Promise<ScanJob | undefined> {
  const loaded = await loadJob(file);
  if (loaded instanceof JobProblem) throw new CliFailure('config', `The scan state ${file} cannot be used: ${loaded.message}`);
  return loaded;
}

async function resume(job: ScanJob, options: ScanOptions, client: ReportsClient, io: ScanIo): Promise<number> {
  if (addressKey(job.header.input) !== addressKey(options.input)) {
    await job.release();
    throw new CliFailure(
      'usage',
      `${job.file} holds the scan of ${job.header.input}, not of ${options.input.trim()}: pass that address to resume it, or another --state FILE.`,
    );
  }
  const counts = job.counts();
  // Creates the stopped run sent without hearing back are looked for before anything is sent.
  const unanswered = counts.unanswered
    ? `, ${counts.unanswered} sent without an answer before it stopped (looked for on the service before anything is sent)`
    : '';
  io.stderr(
    `website-reports: resuming the scan in ${job.file} (discovery skipped; its selection and privacy are kept): ${counts.done} done${unanswered}, ${counts.todo - counts.unanswered} to do, ${counts.failed} failed before (tried again).\n`,
  );
  if (options.dryRun) {
    await job.release();
    // As a new dry run would see it: what is done has a report now and would be skipped.
    const summary: ScanSummary = {
      found: job.header.found,
      created: 0,
      skipped: job.header.skippedBefore + counts.done,
      failed: 0,
      failures: [],
      status: 'dry-run',
      new: counts.todo + counts.failed,
    };
    io.stdout(formatScan(summary, options.format));
    return 0;
  }
  // Resuming finishes the job: URLs that failed (a service that was down) are tried again, each
  // looked for on the service first when its answer was lost.
  if (counts.failed) {
    try {
      await job.retryFailed();
    } catch (error) {
      await job.release();
      throw new CliFailure(
        'config',
        `The scan state ${job.file} cannot be written: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      );
    }
  }
  return runJob(job, options, client, io, undefined);
}

async function scanAnew(options: ScanOptions, baseUrl: string, client: ReportsClient, io: ScanIo): Promise<number> {
  const stop = new AbortController();
  const off = io.onInterrupt(() => stop.abort());
  let preview: ScanPreview;
  let input: string;
  let sitemapFailures: ScanSummary['sitemapFailures'];
  try {
    const selectOptions = {
      include: options.include,
      exclude: options.exclude,
      sample: options.sample,
      remap: options.remap,
      max: options.max,
    };
    // Options that cannot be used are said before anything is fetched.
    const problems = selectUrls([], selectOptions).problems;
    if (problems.length) throw new CliFailure('usage', problems.join('\n'));
    io.progress.say('Reading the sitemaps…');
    const found = await discoverSitemapUrls(options.input, {
      serviceOrigin: baseUrl,
      signal: stop.signal,
      userAgent: `website-reports-cli/${io.version}`,
      // HTTPS_PROXY, HTTP_PROXY and NO_PROXY, as for the report service.
      proxy: { env: io.env },
    });
    input = found.input;
    io.progress.done();
    if (stop.signal.aborted) return interruptedBeforeJob(io);
    // Without a URL, the first failure is the run's reason, said once below.
    for (const f of found.urls.length ? found.failures : found.failures.slice(1)) io.stderr(`website-reports: ${f.message}\n`);
    if (found.failures.length) sitemapFailures = found.failures.map((f) => ({ file: f.file, reason: f.message }));
    if (!found.urls.length && found.failures.length) {
      throw new CliFailure('site', `No URL could be read from ${found.input}: ${found.failures[0].message}`);
    }
    const fileCount = found.files.length;
    const from = found.source === 'robots' ? ' (listed in robots.txt)' : '';
    io.stderr(`website-reports: read ${fileCount} sitemap file(s)${from}: ${found.urls.length} URL(s).\n`);
    const selection = selectUrls(found.urls, selectOptions);
    io.progress.say('Looking up which URLs have a report…');
    preview = await lookUp(found.urls.length, selection, client);
    io.progress.done();
    if (stop.signal.aborted) return interruptedBeforeJob(io);
  } finally {
    off();
  }
  io.stderr(`website-reports: ${describePreview(preview)}\n`);
  const none: Omit<ScanSummary, 'status'> = {
    found: preview.found,
    created: 0,
    skipped: preview.skipped,
    failed: 0,
    failures: [],
    ...(sitemapFailures ? { sitemapFailures } : {}),
  };
  if (options.dryRun) {
    io.stdout(formatScan({ ...none, status: 'dry-run', new: preview.toCreate.length }, options.format));
    return 0;
  }
  if (!preview.toCreate.length) {
    io.stdout(formatScan({ ...none, status: 'done' }, options.format));
    return 0;
  }
  if (!(await confirmed(preview.toCreate.length, options, io))) return 2;
  const temporary = options.state ? undefined : await fsp.mkdtemp(path.join(os.tmpdir(), 'website-reports-scan-'));
  const file = options.state ?? path.join(temporary as string, 'scan.jsonl');
  const job = await createJob(file, {
    input,
    urls: preview.toCreate,
    privacy: options.privacy,
    found: preview.found,
    skippedBefore: preview.skipped,
  });
  if (job instanceof JobProblem) {
    if (temporary) await fsp.rm(temporary, { recursive: true, force: true });
    throw new CliFailure('config', `The scan state cannot be written: ${job.message}`);
  }
  if (options.state) io.stderr(`website-reports: the scan's state is kept in ${file}.\n`);
  return runJob(job, options, client, io, temporary, sitemapFailures);
}

/** Which selected URLs have a report already; a refused key or an unreachable service ends the run. */
async function lookUp(found: number, selection: ReturnType<typeof selectUrls>, client: ReportsClient): Promise<ScanPreview> {
  const lookup = new UrlLookup({ source: () => client }); // the client paces (CLIENT_REQUESTS_PER_MINUTE)
  try {
    const preview = await previewScan(found, selection, { lookup, ownLimitPerMinute: CLIENT_REQUESTS_PER_MINUTE });
    // The limit the service announced in its answers, when it did: the estimate uses it (and the ceiling).
    const limit = client.rateLimit();
    return limit ? { ...preview, estimateMs: estimateMs(preview.toCreate.length, limit, CLIENT_REQUESTS_PER_MINUTE) } : preview;
  } catch (caught) {
    const error = toApiError(caught);
    throw (
      stoppingFailure(error, { address: client.base.href }) ??
      new CliFailure(
        'service',
        `The report service failed (${serviceProblem(error, client.base.href)}) while looking up which URLs have a report; nothing was created. Run again when it answers.`,
      )
    );
  } finally {
    lookup.dispose();
  }
}

/** --yes, or "y" from a person at the terminal. Without either nothing is created. */
async function confirmed(count: number, options: ScanOptions, io: ScanIo): Promise<boolean> {
  if (options.yes) return true;
  if (!io.interactive) {
    io.stderr(
      `website-reports: nothing was created: pass --yes to create these ${count} report(s) (stdin is not a terminal, so there is no one to ask).\n`,
    );
    return false;
  }
  const answer = await io.ask(`Create ${count} report(s)? [y/N] `);
  if (/^\s*y(es)?\s*$/i.test(answer)) return true;
  io.stderr('website-reports: nothing was created.\n');
  return false;
}

function interruptedBeforeJob(io: ScanIo): number {
  io.stderr('website-reports: interrupted; nothing was created.\n');
  return EXIT_INTERRUPTED;
}

/** Runs the job to its end or a pause, writes the summary, and returns the exit code. */
async function runJob(
  job: ScanJob,
  options: ScanOptions,
  client: ReportsClient,
  io: ScanIo,
  temporary: string | undefined,
  sitemapFailures?: ScanSummary['sitemapFailures'],
): Promise<number> {
  const stop = new AbortController();
  let presses = 0;
  const off = io.onInterrupt(() => {
    presses++;
    if (presses === 1) {
      io.progress.done();
      io.stderr('\nwebsite-reports: pausing; the creates in flight finish first (Ctrl+C again stops them now).\n');
      void job.pause().catch(() => undefined);
    } else {
      // Stopped creates are looked for on the service before they are ever sent again.
      stop.abort();
      off(); // a third Ctrl+C ends the process at once; the state file stays consistent
    }
  });
  const watch = job.onProgress((p) => {
    io.progress.say(`Creating reports: ${p.done + p.failed}/${p.total}${p.inFlight ? ` (${p.inFlight} in flight)` : ''}`);
  });
  let result;
  try {
    result = await runScan(job, { client, signal: stop.signal });
  } finally {
    off();
    watch.dispose();
    io.progress.done();
  }
  if (stop.signal.aborted && job.status === 'running') await job.pause().catch(() => undefined);
  const summary: ScanSummary = { ...summaryOf(result), status: job.status, ...(sitemapFailures ? { sitemapFailures } : {}) };
  const finished = job.status === 'done' || job.status === 'cancelled';
  if (finished && temporary) {
    await job.remove().catch(() => undefined);
    await fsp.rm(temporary, { recursive: true, force: true });
  } else await job.release();
  io.stdout(formatScan(summary, options.format));
  if (finished && !result.stopped) return result.failed > 0 ? 1 : 0;
  const again = `website-reports scan ${job.header.input} --state ${job.file}`;
  if (result.stopped) {
    io.stderr(`website-reports: the scan stopped: ${result.stopped}\nIts state is kept; when that is fixed, resume with:\n  ${again}\n`);
    return 2;
  }
  io.stderr(`website-reports: paused; resume with:\n  ${again}\n`);
  return EXIT_INTERRUPTED;
}

/** An address as the URL parser spells it (https://Example.com → https://example.com/), to compare. */
function addressKey(address: string): string {
  try {
    return new URL(address.trim()).href;
  } catch {
    return address.trim();
  }
}
