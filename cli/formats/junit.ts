// JUnit XML for CI test views: one test case per URL, a failure for each error, warnings and notes
// (and the report's web page, with a `reportLink`) in its output. Every case and suite carries a
// `time` (some CI parsers refuse a case without one); a lookup is not timed per URL, so it is 0.
import type { GateReport } from '../../core/config/gateReport';
import { reportLinkOf } from '../../core/config/reportLink';
import { revealInvisible } from '../../core/text/invisibleText';
import { xml } from './escape';

/** A value a CI test view shows: XML-safe, hidden characters visible. */
function shown(text: string): string {
  return xml(revealInvisible(text));
}

export function formatJunit(report: GateReport, reportLink?: string): string {
  const s = report.summary;
  const cases: string[] = [];
  let failures = 0;
  for (const u of report.urls) {
    const where = u.occurrences[0];
    const classname = where ? where.file : 'website-reports';
    const link = reportLinkOf(reportLink, u.reportId);
    const errors = u.findings.filter((f) => f.level === 'error');
    const other = u.findings.filter((f) => f.level !== 'error');
    const failed = errors.map(
      (f) =>
        `      <failure type="${shown(f.rule)}" message="${shown(f.message)}">${shown([placesOf(u.occurrences), ...reportLine(link)].join('\n'))}</failure>`,
    );
    const said = [...other.map((f) => `${f.level}: ${f.message} [${f.rule}]`), ...(other.length || errors.length ? reportLine(link) : [])];
    const out = said.length ? [`      <system-out>${shown(said.join('\n'))}</system-out>`] : [];
    const body = [...failed, ...out];
    const open = `    <testcase name="${shown(u.url)}" classname="${shown(classname)}" time="0"`;
    cases.push(body.length ? `${open}>\n${body.join('\n')}\n    </testcase>` : `${open}/>`);
    if (errors.length) failures++;
  }
  const notChecked = s.notChecked.map(
    (url) =>
      `    <testcase name="${shown(url)}" classname="website-reports" time="0"><error message="not checked: the service failed"/></testcase>`,
  );
  const counts = `tests="${cases.length + s.notChecked.length}" failures="${failures}" errors="${s.notChecked.length}" time="0"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="website-reports" ${counts}>`,
    `  <testsuite name="website-reports" ${counts}>`,
    ...cases,
    ...notChecked,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

function reportLine(link: string | undefined): string[] {
  return link === undefined ? [] : [`report: ${link}`];
}

function placesOf(occurrences: readonly { file: string; line: number; column: number }[]): string {
  return occurrences.map((o) => `${o.file}:${o.line}:${o.column}`).join('\n');
}
