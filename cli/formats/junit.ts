// JUnit XML for CI test views: one test case per URL, a failure for each error, warnings and notes
// in its output.
import type { GateReport } from '../../core/config/gateReport';
import { xml } from './escape';

export function formatJunit(report: GateReport): string {
  const s = report.summary;
  const cases = report.urls.map((u) => {
    const where = u.occurrences[0];
    const classname = where ? where.file : 'website-reports';
    const errors = u.findings.filter((f) => f.level === 'error');
    const other = u.findings.filter((f) => f.level !== 'error');
    const failures = errors.map(
      (f) => `      <failure type="${xml(f.rule)}" message="${xml(f.message)}">${xml(placesOf(u.occurrences))}</failure>`,
    );
    const out = other.length
      ? [`      <system-out>${xml(other.map((f) => `${f.level}: ${f.message} [${f.rule}]`).join('\n'))}</system-out>`]
      : [];
    const body = [...failures, ...out];
    const open = `    <testcase name="${xml(u.url)}" classname="${xml(classname)}"`;
    return body.length ? `${open}>\n${body.join('\n')}\n    </testcase>` : `${open}/>`;
  });
  const notChecked = s.notChecked.map(
    (url) => `    <testcase name="${xml(url)}" classname="website-reports"><error message="not checked: the service failed"/></testcase>`,
  );
  const failures = report.urls.filter((u) => u.findings.some((f) => f.level === 'error')).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="website-reports" tests="${report.urls.length + s.notChecked.length}" failures="${failures}" errors="${s.notChecked.length}">`,
    `  <testsuite name="website-reports" tests="${report.urls.length + s.notChecked.length}" failures="${failures}" errors="${s.notChecked.length}">`,
    ...cases,
    ...notChecked,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

function placesOf(occurrences: readonly { file: string; line: number; column: number }[]): string {
  return occurrences.map((o) => `${o.file}:${o.line}:${o.column}`).join('\n');
}
