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
}

export interface GateReport {
  urls: UrlResult[];
  summary: GateSummary;
}

export function countLevel(urls: readonly UrlResult[], level: FindingLevel): number {
  return urls.reduce((n, u) => n + u.findings.filter((f) => f.level === level).length, 0);
}

export function summarize(urls: UrlResult[], extra: Pick<GateSummary, 'created' | 'rerun' | 'notChecked' | 'skippedFiles'>): GateReport {
  const ratings: Record<GateRating, number> = { good: 0, decent: 0, bad: 0, none: 0 };
  for (const u of urls) ratings[u.rating]++;
  return {
    urls,
    summary: {
      urls: urls.length,
      errors: countLevel(urls, 'error'),
      warnings: countLevel(urls, 'warn'),
      notes: countLevel(urls, 'note'),
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
    findings: u.findings.map((f) => ({ ...f, rule: clean(f.rule), message: clean(f.message) })),
  }));
  const s = report.summary;
  const summary = {
    ...s,
    notChecked: s.notChecked.map(clean),
    skippedFiles: s.skippedFiles.map((n) => ({ ...n, file: clean(n.file) })),
  };
  return { urls, summary };
}
