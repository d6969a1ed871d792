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

export interface GateReport {
  urls: UrlResult[];
  summary: GateSummary;
}

export function summarize(
  urls: UrlResult[],
  extra: Pick<GateSummary, 'created' | 'rerun' | 'notChecked' | 'skippedFiles' | 'shard'>,
): GateReport {
  const ratings: Record<GateRating, number> = { good: 0, decent: 0, bad: 0, none: 0 };
  const levels: Record<FindingLevel, number> = { error: 0, warn: 0, note: 0 };
  for (const u of urls) {
    ratings[u.rating]++;
    for (const f of u.findings) levels[f.level]++;
  }
  return {
    urls,
    summary: {
      urls: urls.length,
      errors: levels.error,
      warnings: levels.warn,
      notes: levels.note,
      ratings,
      ...extra,
    },
  };
}

/** The report with `clean` (the client's redactor of the key) applied to every text in it. */
export function redactReport(report: GateReport, clean: (text: string) => string): GateReport {
  const urls = report.urls.map((u) => ({
    ...u,
    url: clean(u.url),
    occurrences: u.occurrences.map((o) => ({ ...o, file: clean(o.file) })),
    findings: u.findings.map((f) => ({
      ...f,
      rule: clean(f.rule),
      message: clean(f.message),
      ...(f.places ? { places: f.places.map((o) => ({ ...o, file: clean(o.file) })) } : {}),
    })),
    ...(u.compare
      ? {
          compare: {
            ...u.compare,
            fixed: u.compare.fixed.map(clean),
            newlyFailing: u.compare.newlyFailing.map(clean),
            words: clean(u.compare.words),
          },
        }
      : {}),
  }));
  const s = report.summary;
  const summary = {
    ...s,
    notChecked: s.notChecked.map(clean),
    skippedFiles: s.skippedFiles.map((n) => ({ ...n, file: clean(n.file) })),
  };
  return { urls, summary };
}
