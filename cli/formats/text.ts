// Plain text for a terminal or a CI log: one line per finding at each place, then the totals.
// Every file name and URL is on one line with its control characters replaced (oneLine).
import type { GateReport } from '../../core/config/gateReport';
import { reportLinkOf } from '../../core/config/reportLink';
import { oneLine } from '../../core/text/oneLine';

export function formatText(report: GateReport, reportLink?: string): string {
  const lines: string[] = [];
  for (const u of report.urls) {
    const link = reportLinkOf(reportLink, u.reportId);
    for (const f of u.findings) {
      const places = f.places ?? u.occurrences;
      const at = places[0];
      const where = at ? `${oneLine(at.file)}:${at.line}:${at.column}` : '-';
      const others = places.length > 1 ? ` (+${places.length - 1} more)` : '';
      const page = link === undefined ? '' : `  ${oneLine(link)}`;
      lines.push(`${where}${others}  ${f.level}  ${oneLine(u.url)}  ${oneLine(f.message)}  [${oneLine(f.rule)}]${page}`);
    }
  }
  const s = report.summary;
  for (const note of s.skippedFiles) lines.push(`${oneLine(note.file)}  skipped  ${note.message}`);
  if (s.notChecked.length) {
    lines.push(`Not checked (the service failed): ${s.notChecked.length} URL(s):`);
    for (const url of s.notChecked) lines.push(`  ${oneLine(url)}`);
  }
  const { good, decent, bad, none } = s.ratings;
  lines.push(
    `${s.urls} URL(s): ${good} good, ${decent} decent, ${bad} bad, ${none} without a report; ` +
      `${s.errors} error(s), ${s.warnings} warning(s), ${s.notes} note(s)` +
      (s.created || s.rerun ? `; ${s.created} created, ${s.rerun} re-run` : '') +
      '.',
  );
  return `${lines.join('\n')}\n`;
}
