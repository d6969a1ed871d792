// The formats as a stranger's pull request and a hostile service fill them: file names with
// terminal escapes, @mentions and #123 in check names, a folder named `C:`, one URL in two files,
// the key echoed as a check name — and each finding linked to its report's page by `reportLink`.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { parse } from 'node-html-parser';
import { formatReport } from '../../../cli/formats';
import { formatJunit } from '../../../cli/formats/junit';
import { formatMarkdown } from '../../../cli/formats/markdown';
import { artifactUri, formatSarif } from '../../../cli/formats/sarif';
import { formatText } from '../../../cli/formats/text';
import { summarize, UrlResult } from '../../../core/config/gateReport';
import { redactorFor } from '../../../core/client/redact';
import type { ReportId } from '../../../core/client/types';

const URL_A = 'https://a.example/page';

function report(urls: UrlResult[]) {
  return summarize(urls, { created: 0, rerun: 0, notChecked: [], skippedFiles: [] });
}

function bad(files: string[], extra: Partial<UrlResult> = {}): UrlResult {
  return {
    url: URL_A,
    rating: 'bad',
    score: 20,
    reportId: 7 as ReportId,
    occurrences: files.map((file, i) => ({ file, line: i + 1, column: 1 })),
    findings: [{ level: 'error', rule: 'rating', message: 'Rated Bad (20).' }],
    ...extra,
  };
}

describe('cli: formats — places, mentions, links', () => {
  it('text: a file name with ESC, OSC, BEL, C1, CR or LF stays on its line and sends no control character', () => {
    const hostile = 'docs/\u001b]0;pwned\u0007\u001b[31mred\u009b2J\r\nfake.md:1:1  error  forged.md';
    const text = formatText(report([bad([hostile])]));
    // eslint-disable-next-line no-control-regex
    assert.ok(!/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/.test(text), JSON.stringify(text));
    assert.equal(text.split('\n').filter((l) => l.includes('forged')).length, 1);
    assert.equal(text.split('\n').filter((l) => / {2}error {2}/.test(l)).length, 1, 'no forged report line');
  });

  it('Markdown: @mentions and #123 from check names, messages and URLs are not live', () => {
    const md = formatMarkdown(
      report([
        bad(['a.md'], {
          url: 'https://a.example/@octocat/#12',
          findings: [{ level: 'error', rule: 'check/@octocat', message: 'Check "@octocat" failed; see #123 and org/repo#9.' }],
        }),
      ]),
    );
    const outsideCode = md.replace(/`[^`]*`/g, '');
    assert.ok(!/@[A-Za-z0-9]/.test(outsideCode), outsideCode);
    assert.ok(!/#\d/.test(outsideCode.replace(/\\#/g, '#')), outsideCode);
    assert.match(outsideCode, /@\u2060octocat/, 'the text is kept, only the mention is broken');
  });

  it('Markdown: a URL with a backtick is shown exactly in its code span, the span fenced longer', () => {
    const md = formatMarkdown(report([bad(['a`b.md'], { url: 'https://a.example/a`b|c' })]));
    assert.ok(md.includes('| ``https://a.example/a`b\\|c`` |'), md);
    assert.ok(md.includes('| ``a`b.md:1`` |'), md);
  });

  it('SARIF: every location relative to %SRCROOT%, a folder named C: included, and outside files as ../', () => {
    const root = path.resolve('/work/repo');
    const sarif = JSON.parse(
      formatSarif(report([bad(['C:/drive.md', 'docs/a b.md', path.resolve('/work/other/x.md')])]), '1.0.0', undefined, root),
    );
    const locations = sarif.runs[0].results.map(
      (r: { locations: { physicalLocation: { artifactLocation: unknown } }[] }) => r.locations[0].physicalLocation.artifactLocation,
    );
    assert.deepEqual(locations, [
      { uri: 'C%3A/drive.md', uriBaseId: '%SRCROOT%' },
      { uri: 'docs/a%20b.md', uriBaseId: '%SRCROOT%' },
      { uri: '../other/x.md', uriBaseId: '%SRCROOT%' },
    ]);
    assert.equal(artifactUri('C:/drive.md'), 'C%3A/drive.md');
  });

  it('SARIF: each result has a fingerprint of its own place; rules carry a description and a helpUri', () => {
    const sarif = JSON.parse(formatSarif(report([bad(['a.md', 'b.md', 'a.md'])]), '1.0.0'));
    const prints = sarif.runs[0].results.map((r: { partialFingerprints: Record<string, string> }) =>
      Object.values(r.partialFingerprints).join(),
    );
    assert.equal(new Set(prints).size, 3, 'two files, and twice in one file: three fingerprints');
    const again = JSON.parse(formatSarif(report([bad(['a.md', 'b.md', 'a.md'])]), '1.0.0'));
    assert.deepEqual(
      again.runs[0].results.map((r: { partialFingerprints: Record<string, string> }) => Object.values(r.partialFingerprints).join()),
      prints,
      'stable',
    );
    const [rule] = sarif.runs[0].tool.driver.rules;
    assert.equal(rule.id, 'rating');
    assert.match(rule.shortDescription.text, /rates the page bad/);
    assert.match(rule.helpUri, /^https:\/\/.+docs\/CLI\.md#rules-and-levels$/);
  });

  it('JUnit: every case and suite carries a time', () => {
    const xml = formatJunit(
      summarize([bad(['a.md']), { ...bad(['b.md']), url: 'https://b.example/', findings: [] }], {
        created: 0,
        rerun: 0,
        notChecked: ['https://c.example/'],
        skippedFiles: [],
      }),
    );
    const root = parse(xml.replace(/^<\?xml[^>]*>\n/, ''), { voidTag: { tags: [] } });
    const timed = [...root.querySelectorAll('testcase'), ...root.querySelectorAll('testsuite'), ...root.querySelectorAll('testsuites')];
    assert.equal(timed.length, 5);
    assert.ok(
      timed.every((n) => n.getAttribute('time') === '0'),
      xml,
    );
  });

  it('reportLink: every format links each finding to its report page (the id URL-encoded)', () => {
    const options = { version: '1.0.0', reportLink: 'https://reports.example.com/r/{id}?from=ci' };
    const one = report([bad(['a.md'])]);
    const link = 'https://reports.example.com/r/7?from=ci';
    assert.equal(JSON.parse(formatReport(one, 'json', options)).urls[0].reportUrl, link);
    assert.ok(formatReport(one, 'text', options).split('\n')[0].endsWith(`  ${link}`));
    assert.match(formatReport(one, 'markdown', options), /\| \[bad \(20\)\]\(https:\/\/reports\.example\.com\/r\/7\?from=ci\) \|/);
    assert.match(formatReport(one, 'junit', options), /report: https:\/\/reports\.example\.com\/r\/7\?from=ci/);
    const sarif = JSON.parse(formatReport(one, 'sarif', options));
    assert.equal(sarif.runs[0].results[0].properties.reportUrl, link);
    assert.ok(sarif.runs[0].results[0].message.text.includes(link));
    // Without a template (or a report), nothing is linked.
    assert.equal(JSON.parse(formatReport(one, 'json', { version: '1' })).urls[0].reportUrl, undefined);
  });

  it('a key echoed by the service as a check name reaches no format', () => {
    const key = 'cli-format-key-5521';
    const echoed = report([bad(['a.md'], { findings: [{ level: 'error', rule: `check/${key}`, message: `Check "${key}" failed.` }] })]);
    for (const format of ['text', 'json', 'junit', 'markdown', 'sarif'] as const) {
      const out = formatReport(echoed, format, { version: '1', clean: redactorFor(key) });
      assert.ok(!out.includes(key) && !out.includes(key.replace(/-/g, '\\-')), `${format}: ${out}`);
    }
  });
});
