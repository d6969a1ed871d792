// `check --local DIR|ORIGIN`: the pages of a build folder or a running preview rated here, by the
// one analyser (core/analysis) in this thread and, when the run is long, on worker threads beside it
// (analysisThreads.ts), judged as `check` judges published pages (judgePage.ts), written in every
// format. No service and no key unless --compare asks for the published reports.
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { AnalysisPool } from '../../core/analysis/analysisPool';
import { pageSummary, type PageSummary } from '../../core/analysis/pageSummary';
import type { Baseline, BaselineEntry } from '../../core/config/baseline';
import type { GateConfig } from '../../core/config/configFile';
import { summarize, summaryOf, type GateReport, type LocalPage } from '../../core/config/gateReport';
import { RuleSet } from '../../core/config/rules';
import { placeName, SourcePlaces } from '../../core/sources/findingPlaces';
import { PagesOfConfig } from '../../core/sources/pageOfFile';
import type { SkipNote } from '../../core/urls/fileWalk';
import { MAX_FILE_BYTES } from '../../core/urls/urlsInFiles';
import type { CheckOptions } from '../args';
import type { CliIo } from '../cliIo';
import { deliverReport, readBaselineFile, wantsEntries } from '../delivery';
import { CliFailure } from '../usageError';
import { requireSomething } from '../emptyRun';
import { analysisThreads, LookAhead, Pace } from './analysisThreads';
import { folderPages, pageReason, sitemapKeys } from './folderPages';
import { HeldPages, type HeldPage } from './heldPage';
import { judgedPages, resultsOf } from './judgedPages';
import { inShard } from './shard';

/** One page to analyse: its name, where it is, and how to read it (a file: the worker reads it). */
interface PageJob {
  url: string;
  /** The URL the page is analysed with; none: the checks that need one are not judged. */
  analyseUrl?: string;
  file?: string;
  fetched?: string;
  read: { real: string } | (() => Promise<{ html: string } | { reason: string }>);
}

export async function runLocalCheck(options: CheckOptions, io: CliIo, config: GateConfig): Promise<number> {
  const rules = new RuleSet(config);
  const baseline = options.baseline ? await readBaselineFile(options.baseline, options.updateBaseline, io) : undefined;
  const notes: SkipNote[] = [];
  const root = config.file ? path.dirname(config.file) : io.cwd;
  const known = new PagesOfConfig(config, root, true);
  const site = known.site;
  const sources = new SourcePlaces(known, io.cwd);
  // Every page found counts, the shard's or not: an empty shard of a site is no empty run.
  let found = 0;
  const wanted = (url: string) => {
    found++;
    return inShard(url, options.shard);
  };
  const target = options.local ?? '';
  const isOrigin = /^https?:\/\//i.test(target);
  io.progress.say('Finding pages…');
  const close: (() => Promise<void>)[] = [];
  const threads = analysisThreads(io.env.WEBREPORTS_WORKERS);
  const pool = new AnalysisPool({ ...threads, owner: 'the command line' });
  close.push(() => pool.close());
  try {
    const jobs = isOrigin
      ? await previewJobs(target, site, options, io, config, wanted, notes, close)
      : await folderJobs(target, known, io, wanted, notes);
    const held = new HeldPages();
    const pages = await analyseAll(jobs, pool, threads.callerLane, sources, held, io);
    // The workers' heaps are given back before the report is built: the run's peak is the larger of the two, not their sum.
    await pool.close();
    const none = isOrigin
      ? `the preview at ${target} gave no page (no sitemap from robots.txt or /sitemap.xml, and the files given name no URL on it)`
      : `no page was found in the build folder "${target}" (.html or .htm files; only those its sitemap.xml lists, when it has one)`;
    requireSomething(found, options.allowEmpty, none, notes);
    const judged = judgedPages(pages, held, { rules, baseline, now: (io.now ?? Date.now)() });
    const current: Baseline = new Map<string, BaselineEntry>();
    const entries = wantsEntries(options) ? current : undefined;
    const extra = { created: 0, rerun: 0, notChecked: [], skippedFiles: notes, ...(options.shard ? { shard: options.shard } : {}) };
    let clean: ((text: string) => string) | undefined;
    let report: GateReport;
    if (options.compare) {
      // Compared with the published reports, which are looked up for every page at once.
      const results = [...resultsOf(judged, entries)];
      clean = await (await import('../localCompare')).comparePublished(results, options, io, config);
      report = summarize(results, extra);
    } else {
      // Counted once (the baseline's entries kept then), then made again, a page at a time, by each format.
      report = { urls: resultsOf(judged), summary: summaryOf(resultsOf(judged, entries), extra) };
    }
    const formatOptions = { version: io.version, reportLink: config.reportLink, ...(clean ? { clean } : {}) };
    return await deliverReport(options, io, { report, formatOptions, baseline, current, entries: 'page(s)' }, options);
  } finally {
    io.progress.done();
    for (const c of close) await c();
  }
}

async function folderJobs(
  dir: string,
  known: PagesOfConfig,
  io: CliIo,
  wanted: (url: string) => boolean,
  notes: SkipNote[],
): Promise<Iterator<PageJob>> {
  const full = path.resolve(io.cwd, dir);
  const stat = await fsp.stat(full).catch(() => undefined);
  if (!stat?.isDirectory()) throw new CliFailure('usage', `--local: "${dir}" is not a folder (nor an http(s) origin of a preview).`);
  const listed = await sitemapKeys(full, notes, io.cwd);
  const pages = folderPages(dir, io.cwd, known, listed, wanted, notes);
  return (function* () {
    for (const page of pages) {
      const real = page.real;
      // A built file outside the working directory is read, but never shown as a place.
      const file = placeName(io.cwd, page.file);
      yield {
        url: page.url,
        ...(page.analyseUrl === undefined ? {} : { analyseUrl: page.analyseUrl }),
        ...(file === undefined ? {} : { file }),
        read: real === undefined ? async () => ({ reason: page.reason ?? 'not read' }) : { real },
      };
    }
  })();
}

async function previewJobs(
  target: string,
  site: string | undefined,
  options: CheckOptions,
  io: CliIo,
  config: GateConfig,
  wanted: (url: string) => boolean,
  notes: SkipNote[],
  close: (() => Promise<void>)[],
): Promise<Iterator<PageJob>> {
  let origin: string;
  try {
    const url = new URL(target);
    if (url.username || url.password) throw new Error('credentials');
    origin = url.origin;
  } catch {
    throw new CliFailure('usage', `--local: "${target}" is not an http(s) origin without a user name or password.`);
  }
  // The service's address (when one is set) is never read as a page.
  const serviceOrigin = (await import('../service')).serviceOriginOf(options.baseUrl, io.env, config);
  const { previewPages, openPreviewReader, previewTimeoutOf } = await import('./previewPages');
  const timeoutMs = previewTimeoutOf(io.env);
  const source = { origin, site, serviceOrigin, proxy: { env: io.env }, ...(timeoutMs === undefined ? {} : { timeoutMs }) };
  const reader = await openPreviewReader(source);
  close.push(() => reader.close());
  const pages = await previewPages(source, config, options.paths, io.cwd, wanted, notes);
  const read = async (address: string) => {
    const page = await reader.read(address);
    return page.ok ? { html: page.html } : { reason: page.message };
  };
  // The preview's own pages: read there, so analysed with their URL when they have one.
  const job = (p: { url: string; fetchUrl: string }): PageJob => ({
    url: p.url,
    ...(p.url.startsWith('/') ? {} : { analyseUrl: p.url }),
    fetched: p.fetchUrl,
    read: () => read(p.fetchUrl),
  });
  return pages.map(job)[Symbol.iterator]();
}

/**
 * Analyses the pages on the pool, two in hand per thread that analyses; the workers join when the
 * pages left pay for them. What is held of each page by name, sorted.
 */
async function analyseAll(
  jobs: Iterator<PageJob>,
  pool: AnalysisPool,
  callerLane: boolean,
  sources: SourcePlaces,
  held: HeldPages,
  io: CliIo,
): Promise<Map<string, HeldPage>> {
  const out = new Map<string, HeldPage>();
  let done = 0;
  let waitingWorkers = callerLane && pool.workers > 0;
  const queue = new LookAhead(jobs);
  const pace = new Pace();
  const lane = async (): Promise<void> => {
    for (let job = queue.next(); job !== undefined; job = queue.next()) {
      if (out.has(job.url)) continue;
      const where = {
        ...(job.file === undefined ? {} : { file: job.file }),
        ...(job.fetched === undefined ? {} : { fetched: job.fetched }),
      };
      const source = job.analyseUrl === undefined ? undefined : sources.fileOf(job.analyseUrl);
      if (source !== undefined) Object.assign(where, { source });
      out.set(job.url, held.alone(where));
      // A preview's reader that fails (no answer at all) ends the run, as before: only the analysis's failures are the page's.
      const text = typeof job.read === 'function' ? await job.read() : job.read;
      let summary: PageSummary | undefined;
      let reason: string | undefined;
      try {
        ({ summary, reason } = await analysed(text, job.analyseUrl, pool));
      } catch (error) {
        reason = error instanceof Error ? error.message : String(error);
      }
      out.set(job.url, summary ? await hold(held, where, summary, job, sources) : held.alone({ ...where, reason }));
      io.progress.say(`Analysing pages: ${++done}`);
      if (waitingWorkers) {
        const worth = pace.worthWorkers(pool.callerWork.ms, pool.callerWork.jobs);
        if (worth !== undefined && queue.hasMore(worth)) {
          waitingWorkers = false;
          pool.useWorkers();
          start(2 * pool.workers);
        }
      }
    }
  };
  // Two pages in hand per thread that analyses: the command's own first, the workers' when they join.
  const lanes: Promise<void>[] = [];
  const start = (n: number) => {
    for (let i = 0; i < n; i++) {
      const running = lane();
      running.catch(() => undefined); // its failure is the run's, when the lanes are awaited below
      lanes.push(running);
    }
  };
  start(2 * (callerLane ? 1 : pool.workers));
  for (let awaited = 0; awaited < lanes.length; ) {
    const more = lanes.slice(awaited);
    awaited = lanes.length;
    await Promise.all(more);
  }
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The page's summary, or why it has none; a file is read in the worker, by its real path. */
async function analysed(
  text: { real: string } | { html: string } | { reason: string },
  analyseUrl: string | undefined,
  pool: AnalysisPool,
): Promise<{ summary?: PageSummary; reason?: string }> {
  const url = analyseUrl === undefined ? {} : { url: analyseUrl };
  if ('real' in text) {
    const answer = await pool.analyseFile(text.real, { ...url, maxBytes: MAX_FILE_BYTES });
    return 'summary' in answer ? answer : { reason: pageReason(answer.unread, answer.message) ?? answer.message };
  }
  if (!('html' in text)) return text;
  return { summary: pageSummary(await pool.analyseHtml(text.html, url), text.html) };
}

async function hold(held: HeldPages, where: LocalPage, a: PageSummary, job: PageJob, sources: SourcePlaces): Promise<HeldPage> {
  // An HTML file that is its own page's source keeps the places of its elements, as in the editor.
  const ownSource = where.source !== undefined && where.source === job.file;
  const onSource =
    job.analyseUrl === undefined || ownSource
      ? undefined
      : await sources.placesOf(
          job.analyseUrl,
          a.failed.map((c) => c.key),
        );
  return held.hold(where, a, onSource);
}
