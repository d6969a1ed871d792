// The JSON contract: `{ version, urls: [{ url, rating, score?, reportId?, reportUrl?, occurrences, findings, local?,
// compare? }], summary }`; a finding's `places` when it is fixed elsewhere than where the URL is written.
// `merge` reads it back (cli/local/merge.ts): the version says which command line wrote it.
import type { GateReport } from '../../core/config/gateReport';
import { reportLinkOf } from '../../core/config/reportLink';

export function formatJson(report: GateReport, reportLink?: string, version?: string): string {
  // Fields set one by one in the contract's order (no spread objects: this runs for every URL of a run).
  const urls = report.urls.map((u) => {
    const out: Record<string, unknown> = { url: u.url, rating: u.rating };
    if (u.score !== undefined) out.score = u.score;
    if (u.reportId !== undefined) out.reportId = u.reportId;
    const reportUrl = reportLinkOf(reportLink, u.reportId);
    if (reportUrl !== undefined) out.reportUrl = reportUrl;
    out.occurrences = u.occurrences.map((o) => ({ file: o.file, line: o.line, column: o.column }));
    out.findings = u.findings.map((f) =>
      f.places
        ? { level: f.level, rule: f.rule, message: f.message, places: f.places }
        : { level: f.level, rule: f.rule, message: f.message },
    );
    if (u.local !== undefined) out.local = u.local;
    if (u.compare !== undefined) out.compare = u.compare;
    return out;
  });
  const top: Record<string, unknown> = version === undefined ? {} : { version };
  top.urls = urls;
  top.summary = report.summary;
  return `${JSON.stringify(top, null, 2)}\n`;
}
