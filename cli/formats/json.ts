// The JSON contract: `{ urls: [{ url, rating, score?, reportId?, reportUrl?, occurrences, findings }], summary }`.
import type { GateReport } from '../../core/config/gateReport';
import { reportLinkOf } from '../../core/config/reportLink';

export function formatJson(report: GateReport, reportLink?: string): string {
  const urls = report.urls.map((u) => {
    const reportUrl = reportLinkOf(reportLink, u.reportId);
    return {
      url: u.url,
      rating: u.rating,
      ...(u.score === undefined ? {} : { score: u.score }),
      ...(u.reportId === undefined ? {} : { reportId: u.reportId }),
      ...(reportUrl === undefined ? {} : { reportUrl }),
      occurrences: u.occurrences.map((o) => ({ file: o.file, line: o.line, column: o.column })),
      findings: u.findings.map((f) => ({ level: f.level, rule: f.rule, message: f.message })),
    };
  });
  return `${JSON.stringify({ urls, summary: report.summary }, null, 2)}\n`;
}
