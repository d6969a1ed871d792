// The result of one check run, as the JSON format writes it and every other format reads it.
import type { ReportId } from '../client/types';
import type { SkipNote } from '../urls/fileWalk';
import type { Occurrence } from '../urls/urlsInFiles';
import type { Finding, FindingLevel, GateRating } from './rules';

export interface UrlResult {
  url: string;
  rating: GateRating;
  score?: number;
  reportId?: ReportId;
  occurrences: Occurrence[];
  findings: Finding[];
  /** `check --local`: what the page's own analysis said (what `merge` judges again). */
  local?: LocalPage;
  /** `check --local --compare`: the page against its latest report. */
  compare?: PageComparison;
}

/** A page analysed here (`check --local`). */
export interface LocalPage {
  /** The built file (relative to the working directory, with `/`), for a build folder. */
  file?: string;
  /** The source file that produces the page (the config's `sources`), relative to the working directory. */
  source?: string;
  /** The address it was read from, for a preview. */
  fetched?: string;
  /** Percent over the judged checks; absent when the page could not be analysed. */
  score?: number;
  judged?: number;
  total?: number;
  /** Each judged check's state. */
  checks?: Record<string, 'passed' | 'failed'>;
  /** Where each failed check is fixed: the source file when `sources` maps the page, else the built file. */
  places?: Record<string, Occurrence[]>;
  /** What each failed check says, in the editor's words (core/sources/localFindings.ts failedCheckMessage). */
  messages?: Record<string, string>;
  /** Why the page could not be analysed (too large, too complex, not found). */
  reason?: string;
}

/** A page's local result against its latest report. */
export interface PageComparison {
  reportId?: ReportId;
  /** The published score, when there is a report. */
  published?: number;
  /** Checks the change would fix, and those it would newly fail. */
  fixed: string[];
  newlyFailing: string[];
  /** "73 → 87 (+14): 2 checks fixed, 1 newly failing", or that the page has no report. */
  words: string;
}

export interface GateSummary {
  urls: number;
  errors: number;
  warnings: number;
  notes: number;
  ratings: Record<GateRating, number>;
  /** Reports created (`--create-missing`) and re-run (`--rerun-older-than`) in this run. */
  created: number;
  rerun: number;
  /** URLs the service could not answer for: the run is incomplete. */
  notChecked: string[];
  /** Files not read, with why. */
  skippedFiles: SkipNote[];
  /** `check --local --shard I/N`: which share of the pages this report holds. */
  shard?: { index: number; count: number };
}

/**
 * A run's report. Its URLs are read in order with `for…of`, once or more: an array, or (a large
 * `check --local` run) results made anew from what the run holds each time they are read, so that
 * its pages are never all made at once; how many there are is `summary.urls`.
 */
export interface GateReport<U extends Iterable<UrlResult> = Iterable<UrlResult>> {
  urls: U;
  summary: GateSummary;
}

/** What summarize adds to the counts. */
export type SummaryExtra = Pick<GateSummary, 'created' | 'rerun' | 'notChecked' | 'skippedFiles' | 'shard'>;

export function summarize<U extends Iterable<UrlResult>>(urls: U, extra: SummaryExtra): GateReport<U> {
  return { urls, summary: summaryOf(urls, extra) };
}

/** The counts of `urls` (read once). */
export function summaryOf(urls: Iterable<UrlResult>, extra: SummaryExtra): GateSummary {
  const ratings: Record<GateRating, number> = { good: 0, decent: 0, bad: 0, none: 0 };
  const levels: Record<FindingLevel, number> = { error: 0, warn: 0, note: 0 };
  let count = 0;
  for (const u of urls) {
    count++;
    ratings[u.rating]++;
    for (const f of u.findings) levels[f.level]++;
  }
  return { urls: count, errors: levels.error, warnings: levels.warn, notes: levels.note, ratings, ...extra };
}

/** Results made by `make` each time they are read (each reading the same, in the same order). */
export function madeEachRead<T>(make: () => Iterator<T>): Iterable<T> {
  return { [Symbol.iterator]: make };
}

/**
 * The report with `clean` (the client's redactor of the key) applied to every text in it. Copied
 * only where a text changes: nearly every report holds the key nowhere, and copying each of its
 * thousands of records twice over (here, then by the format) was a good part of writing it.
 */
export function redactReport(report: GateReport<UrlResult[]>, clean: (text: string) => string): GateReport<UrlResult[]>;
export function redactReport(report: GateReport, clean: (text: string) => string): GateReport;
export function redactReport(report: GateReport, clean: (text: string) => string): GateReport {
  const made = report.urls;
  const urls = Array.isArray(made)
    ? keepOrMap(made as UrlResult[], (u) => redactResult(u, clean))
    : madeEachRead(function* () {
        for (const u of made) yield redactResult(u, clean);
      });
  const s = report.summary;
  const notChecked = keepOrMap(s.notChecked, clean);
  const skippedFiles = keepOrMap(s.skippedFiles, (n) => withFile(n, clean));
  if (urls === report.urls && notChecked === s.notChecked && skippedFiles === s.skippedFiles) return report;
  return { urls, summary: { ...s, notChecked, skippedFiles } };
}

function redactResult(u: UrlResult, clean: (text: string) => string): UrlResult {
  const url = clean(u.url);
  const occurrences = keepOrMap(u.occurrences, (o) => withFile(o, clean));
  const findings = keepOrMap(u.findings, (f) => {
    const rule = clean(f.rule);
    const message = clean(f.message);
    const places = f.places && keepOrMap(f.places, (o) => withFile(o, clean));
    return rule === f.rule && message === f.message && places === f.places ? f : { ...f, rule, message, ...(places ? { places } : {}) };
  });
  const compare = u.compare && redactComparison(u.compare, clean);
  const local = u.local && redactLocal(u.local, clean);
  if (url === u.url && occurrences === u.occurrences && findings === u.findings && compare === u.compare && local === u.local) return u;
  return { ...u, url, occurrences, findings, ...(compare ? { compare } : {}), ...(local ? { local } : {}) };
}

/** A page's own analysis: its files, address and reason, and the names of its checks (a shard's, for merge). */
function redactLocal(l: LocalPage, clean: (text: string) => string): LocalPage {
  const texts = { file: l.file, source: l.source, fetched: l.fetched, reason: l.reason };
  const changed: Partial<LocalPage> = {};
  for (const [field, value] of Object.entries(texts) as [keyof typeof texts, string | undefined][]) {
    if (value !== undefined && clean(value) !== value) changed[field] = clean(value);
  }
  const checks = l.checks && keepOrMapKeys(l.checks, clean, (v) => v);
  const places = l.places && keepOrMapKeys(l.places, clean, (list) => keepOrMap(list, (o) => withFile(o, clean)));
  if (!Object.keys(changed).length && checks === l.checks && places === l.places) return l;
  return { ...l, ...changed, ...(checks ? { checks } : {}), ...(places ? { places } : {}) };
}

/** `record` itself when no key and no value changes, else the cleaned copy. */
function keepOrMapKeys<T>(record: Record<string, T>, clean: (text: string) => string, map: (value: T) => T): Record<string, T> {
  const entries = Object.entries(record);
  const mapped = entries.map(([k, v]): [string, T] => [clean(k), map(v)]);
  if (mapped.every(([k, v], i) => k === entries[i][0] && v === entries[i][1])) return record;
  return Object.fromEntries(mapped);
}

function redactComparison(c: PageComparison, clean: (text: string) => string): PageComparison {
  const fixed = keepOrMap(c.fixed, clean);
  const newlyFailing = keepOrMap(c.newlyFailing, clean);
  const words = clean(c.words);
  return fixed === c.fixed && newlyFailing === c.newlyFailing && words === c.words ? c : { ...c, fixed, newlyFailing, words };
}

function withFile<T extends { file: string }>(item: T, clean: (text: string) => string): T {
  const file = clean(item.file);
  return file === item.file ? item : { ...item, file };
}

/** `items` itself when `map` returns each item unchanged, else the mapped copy. */
function keepOrMap<T>(items: T[], map: (item: T) => T): T[] {
  for (let i = 0; i < items.length; i++) {
    const first = map(items[i]);
    if (first === items[i]) continue;
    const out = items.slice(0, i);
    out.push(first);
    for (let j = i + 1; j < items.length; j++) out.push(map(items[j]));
    return out;
  }
  return items;
}
