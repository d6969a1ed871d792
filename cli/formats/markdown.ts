// Markdown for a CI job summary or a pull-request comment: the totals, then a table of the URLs
// with findings (errors first). Every value is escaped: a URL or a check name cannot add a link,
// an image, HTML or a live @mention to the page it is shown on. With a `reportLink`, the rating
// links to the report's web page (the one link, built from the config and the report's id).
import type { GateReport, UrlResult } from '../../core/config/gateReport';
import { reportLinkOf } from '../../core/config/reportLink';
import { markdownCell, markdownCode, markdownHref } from '../../core/text/markdownText';

/** Rows in the table; the rest are counted below it (a job summary has a size limit). */
export const MAX_MARKDOWN_ROWS = 500;

const RANK = { error: 0, warn: 1, note: 2 } as const;

function worst(u: UrlResult): number {
  return Math.min(3, ...u.findings.map((f) => RANK[f.level]));
}

export function formatMarkdown(report: GateReport, reportLink?: string): string {
  const s = report.summary;
  const { good, decent, bad, none } = s.ratings;
  const lines = [
    '## Website Reports',
    '',
    `**${s.errors}** error(s), **${s.warnings}** warning(s), **${s.notes}** note(s) for **${s.urls}** URL(s).`,
    '',
    '| good | decent | bad | no report |',
    '| ---: | ---: | ---: | ---: |',
    `| ${good} | ${decent} | ${bad} | ${none} |`,
    '',
  ];
  if (s.notChecked.length) {
    lines.push(`> **Incomplete:** the service failed; ${s.notChecked.length} URL(s) were not checked.`, '');
  }
  // The first MAX_MARKDOWN_ROWS by level, errors first, each level in the report's order; the rest counted.
  const byLevel: UrlResult[][] = [[], [], []];
  let withFindings = 0;
  for (const u of report.urls) {
    if (!u.findings.length) continue;
    withFindings++;
    const rows = byLevel[Math.min(2, worst(u))];
    if (rows.length < MAX_MARKDOWN_ROWS) rows.push(u);
  }
  if (withFindings) {
    lines.push('| level | URL | rating | findings | where |', '| --- | --- | --- | --- | --- |');
    for (const u of byLevel.flat().slice(0, MAX_MARKDOWN_ROWS)) {
      const level = (['error', 'warn', 'note'] as const)[worst(u)] ?? 'note';
      const shown = u.score === undefined ? u.rating : `${u.rating} (${Math.round(u.score)})`;
      const link = reportLinkOf(reportLink, u.reportId);
      const rating = link === undefined ? shown : `[${shown}](${markdownHref(link)})`;
      const findings = u.findings.map((f) => `${f.level}: ${markdownCell(f.message)}`).join('<br>');
      const at = u.occurrences[0];
      const where = at ? markdownCode(`${at.file}:${at.line}`) + (u.occurrences.length > 1 ? ` +${u.occurrences.length - 1}` : '') : '';
      lines.push(`| ${level} | ${markdownCode(u.url)} | ${rating} | ${findings} | ${where} |`);
    }
    if (withFindings > MAX_MARKDOWN_ROWS) {
      lines.push('', `…and ${withFindings - MAX_MARKDOWN_ROWS} more URL(s) with findings.`);
    }
    lines.push('');
  } else lines.push('No findings.', '');
  return [...lines, ...comparedLines(report)].join('\n');
}

/** `check --local --compare`: what each page's change would fix and newly fail against its published report. */
function comparedLines(report: GateReport): string[] {
  const compared: UrlResult[] = [];
  let changed = 0;
  let any = false;
  for (const u of report.urls) {
    if (!u.compare) continue;
    any = true;
    if (!u.compare.fixed.length && !u.compare.newlyFailing.length) continue;
    changed++;
    if (compared.length < MAX_MARKDOWN_ROWS) compared.push(u);
  }
  if (!any) return [];
  const lines = ['### Against the published pages', ''];
  if (!changed) return [...lines, 'No check would change against the published reports.', ''];
  lines.push('| page | published | local | would fix | would newly fail |', '| --- | ---: | ---: | --- | --- |');
  const names = (list: string[]) => (list.length ? list.map(markdownCode).join(', ') : '—');
  for (const u of compared) {
    const c = u.compare!;
    const published = c.published === undefined ? '—' : String(Math.round(c.published));
    const local = u.score === undefined ? '—' : String(Math.round(u.score));
    lines.push(`| ${markdownCode(u.url)} | ${published} | ${local} | ${names(c.fixed)} | ${names(c.newlyFailing)} |`);
  }
  if (changed > MAX_MARKDOWN_ROWS) lines.push('', `…and ${changed - MAX_MARKDOWN_ROWS} more page(s).`);
  return [...lines, ''];
}
