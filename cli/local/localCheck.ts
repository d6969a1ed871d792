// `check --local DIR|ORIGIN`: the pages of a build folder or a running preview rated here, by the
// one analyser (core/analysis) on its worker pool (a time limit per page, so no page can stall the
// run), judged as `check` judges published pages (judgePage.ts), written in every format. No service
// and no key unless --compare asks for the published reports.
import { promises as fsp } from 'node:fs';
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { AnalysisPool, MAX_ANALYSIS_WORKERS } from '../../core/analysis/analysisPool';
import { pageSummary, type PageSummary } from '../../core/analysis/pageSummary';
import type { Baseline, BaselineEntry } from '../../core/config/baseline';
import type { GateConfig } from '../../core/config/configFile';
import { summarize, type LocalPage, type UrlResult } from '../../core/config/gateReport';
import { RuleSet } from '../../core/config/rules';
import { placeName, SourcePlaces } from '../../core/sources/findingPlaces';
import { PagesOfConfig } from '../../core/sources/pageOfFile';
import type { SkipNote } from '../../core/urls/fileWalk';
import { MAX_FILE_BYTES } from '../../core/urls/urlsInFiles';
import type { CheckOptions } from '../args';
import type { CliIo } from '../cliIo';
import { deliverReport, readBaselineFile } from '../delivery';
import { CliFailure } from '../usageError';
import { requireSomething } from '../emptyRun';
import { folderPages, pageReason, sitemapKeys } from './folderPages';
import { HeldPages, type HeldPage } from './heldPage';
import { judgePage } from './judgePage';
import { inShard } from './shard';

/** Worker threads of a run, at most (each up to the pool's heap): the cores, up to this. */
export const MAX_LOCAL_WORKERS = 8;

/**
 * The analysis's worker threads: $WEBREPORTS_WORKERS (a whole number), else one per core: the wall
 * time is what a person or a CI job waits for. This thread stays light (it walks the folder and
 * judges each page's small answer: about a sixth of a run's CPU), and V8 compiles and collects on
 * background threads. On 2 cores, 1,000 pages: two workers take about 0.8× the wall time of one,
 * for 15–20% more CPU (each worker compiles and warms up the analysis anew: ~0.3 s of CPU, once);
 * 10,000 pages: about 0.7×. At most MAX_LOCAL_WORKERS.
 */
export function workersOf(asked: string | undefined, cores = availableParallelism()): number {
  const n = asked?.trim() && /^\d{1,3}$/.test(asked.trim()) ? Number(asked.trim()) : cores;
  return Math.max(1, Math.min(MAX_LOCAL_WORKERS, MAX_ANALYSIS_WORKERS, n));
}

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
  const workers = workersOf(io.env.WEBREPORTS_WORKERS);
  const pool = new AnalysisPool({ workers, owner: 'the command line' });
  close.push(() => pool.close());
  try {
    const jobs = isOrigin
      ? await previewJobs(target, site, options, io, config, wanted, notes, close)
      : await folderJobs(target, known, io, wanted, notes);
    const held = new HeldPages();
    const pages = await analyseAll(jobs, pool, 2 * workers, sources, held, io);
    // The workers' heaps are given back before the report is built: the run's peak is the larger of the two, not their sum.
    await pool.close();
    const none = isOrigin
      ? `the preview at ${target} gave no page (no sitemap from robots.txt or /sitemap.xml, and the files given name no URL on it)`
      : `no page was found in the build folder "${target}" (.html or .htm files; only those its sitemap.xml lists, when it has one)`;
    requireSomething(found, options.allowEmpty, none, notes);
    const now = (io.now ?? Date.now)();
    const results: UrlResult[] = [];
    const current: Baseline = new Map<string, BaselineEntry>();
    for (const [url, page] of pages) {
      const judged = judgePage(rules, url, held.localPageOf(page), baseline, now);
      if (!judged) continue;
      results.push(judged.result);
      current.set(url, judged.entry);
    }
    let clean: ((text: string) => string) | undefined;
    if (options.compare) clean = await (await import('../localCompare')).comparePublished(results, options, io, config);
    const report = summarize(results, {
      created: 0,
      rerun: 0,
      notChecked: [],
      skippedFiles: notes,
      ...(options.shard ? { shard: options.shard } : {}),
    });
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

/** Analyses the pages on the pool, two in hand per worker; what is held of each page by name, sorted. */
async function analyseAll(
  jobs: Iterator<PageJob>,
  pool: AnalysisPool,
  lanes: number,
  sources: SourcePlaces,
  held: HeldPages,
  io: CliIo,
): Promise<Map<string, HeldPage>> {
  const out = new Map<string, HeldPage>();
  let done = 0;
  const lane = async (): Promise<void> => {
    for (let next = jobs.next(); !next.done; next = jobs.next()) {
      const job = next.value;
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
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
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
