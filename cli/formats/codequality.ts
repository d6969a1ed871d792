// GitLab's Code Quality report (a subset of the Code Climate spec): a JSON array with one issue per
// finding per place the URL is written, so a merge request shows it on that line. GitLab reads
// description, check_name, fingerprint, severity, location.path and location.lines.begin; the
// fingerprint is SARIF's (file, URL, rule and which of the URL's places in that file), stable from
// run to run, so GitLab tells new findings from old ones and never merges two places.
import type { GateReport } from '../../core/config/gateReport';
import { reportLinkOf } from '../../core/config/reportLink';
import type { FindingLevel } from '../../core/config/rules';
import { oneLine } from '../../core/text/oneLine';
import { fingerprint } from './sarif';

/** GitLab's severities: info, minor, major, critical, blocker. */
const SEVERITY: Record<FindingLevel, 'major' | 'minor' | 'info'> = { error: 'major', warn: 'minor', note: 'info' };

export interface CodeQualityIssue {
  type: 'issue';
  description: string;
  check_name: string;
  fingerprint: string;
  severity: 'major' | 'minor' | 'info';
  categories: string[];
  location: { path: string; lines: { begin: number } };
}

export function formatCodeQuality(report: GateReport, reportLink?: string): string {
  const issues: CodeQualityIssue[] = [];
  for (const u of report.urls) {
    const link = reportLinkOf(reportLink, u.reportId);
    for (const f of u.findings) {
      const seen = new Map<string, number>();
      for (const o of f.places ?? u.occurrences) {
        const nth = (seen.get(o.file) ?? 0) + 1;
        seen.set(o.file, nth);
        issues.push({
          type: 'issue',
          description: oneLine(`${u.url}: ${f.message}${link === undefined ? '' : ` Report: ${link}`}`),
          check_name: `website-reports/${oneLine(f.rule)}`,
          fingerprint: fingerprint(o.file, u.url, f.rule, String(nth)),
          severity: SEVERITY[f.level],
          categories: ['Bug Risk'],
          location: { path: o.file, lines: { begin: o.line } },
        });
      }
    }
  }
  return `${JSON.stringify(issues, null, 2)}\n`;
}
