// The JSON contract: `{ version, urls: [{ url, rating, score?, reportId?, reportUrl?, occurrences, findings, local?,
// compare? }], summary }`; a finding's `places` when it is fixed elsewhere than where the URL is written.
// `merge` reads it back (cli/local/merge.ts): the version says which command line wrote it.
import type { GateReport } from '../../core/config/gateReport';
import { reportLinkOf } from '../../core/config/reportLink';

export function formatJson(report: GateReport, reportLink?: string, version?: string): string {
  const urls = report.urls.map((u) => {
    const reportUrl = reportLinkOf(reportLink, u.reportId);
    return {
      url: u.url,
      rating: u.rating,
      ...(u.score === undefined ? {} : { score: u.score }),
      ...(u.reportId === undefined ? {} : { reportId: u.reportId }),
      ...(reportUrl === undefined ? {} : { reportUrl }),
      occurrences: u.occurrences.map((o) => ({ file: o.file, line: o.line, column: o.column })),
      findings: u.findings.map((f) => ({ level: f.level, rule: f.rule, message: f.message, ...(f.places ? { places: f.places } : {}) })),
      ...(u.local === undefined ? {} : { local: u.local }),
      ...(u.compare === undefined ? {} : { compare: u.compare }),
    };
  });
  return `${JSON.stringify({ ...(version === undefined ? {} : { version }), urls, summary: report.summary }, null, 2)}\n`;
}
