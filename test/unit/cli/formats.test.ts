// The formats with hostile values: a URL from a file and a check name from the service go into
// Markdown, XML and text without adding markup, links or lines.
import { strict as assert } from 'node:assert';
import { parse } from 'node-html-parser';
import { formatCodeQuality } from '../../../cli/formats/codequality';
import { formatJson } from '../../../cli/formats/json';
import { formatJunit } from '../../../cli/formats/junit';
import { formatMarkdown, MAX_MARKDOWN_ROWS } from '../../../cli/formats/markdown';
import { formatSarif } from '../../../cli/formats/sarif';
import { formatText } from '../../../cli/formats/text';
import { madeEachRead, summarize, UrlResult } from '../../../core/config/gateReport';

const HOSTILE_URL = 'https://evil.example/a)](javascript:alert(1))<img src=x onerror=alert(1)>|x';
const HOSTILE_RULE = 'check/<script>alert(1)</script>\n| injected | row |';

function report(urls: UrlResult[]) {
  return summarize(urls, { created: 0, rerun: 0, notChecked: [], skippedFiles: [] });
}

const hostile: UrlResult = {
  url: HOSTILE_URL,
  rating: 'bad',
  score: 10,
  occurrences: [{ file: 'docs/a]b.md', line: 3, column: 1 }],
  findings: [{ level: 'error', rule: HOSTILE_RULE, message: `Check "${HOSTILE_RULE}" failed.` }],
};

describe('cli: formats', () => {
  it('Markdown: values add no HTML, link, table cell or row', () => {
    const md = formatMarkdown(report([hostile]));
    const rows = md.split('\n').filter((l) => l.startsWith('| error'));
    assert.equal(rows.length, 1);
    assert.equal(rows[0].split(/(?<!\\)\|/).length, 7, `five cells: ${rows[0]}`);
    // Outside code spans nothing is markup: the URL is code, the message has its brackets escaped.
    const outsideCode = rows[0].replace(/`[^`]*`/g, '');
    assert.ok(!/<[a-z]/i.test(outsideCode), outsideCode);
    assert.ok(!/[^\\]\]\(/.test(outsideCode), outsideCode);
    assert.equal(md.split('\n').filter((l) => l.includes('injected')).length, 1, 'no line break from a value');
  });

  it(`Markdown: at most MAX_MARKDOWN_ROWS rows, the rest counted`, () => {
    const many = Array.from({ length: MAX_MARKDOWN_ROWS + 3 }, (_, i) => ({ ...hostile, url: `https://h${i}.example/` }));
    const md = formatMarkdown(report(many));
    assert.equal(md.split('\n').filter((l) => l.startsWith('| error')).length, MAX_MARKDOWN_ROWS);
    assert.match(md, /…and 3 more URL\(s\) with findings\./);
  });

  it('Markdown: the rows are the worst first, each level in the report order; every format reads results made each time alike', () => {
    const level = ['note', 'error', 'warn', 'note', 'warn'] as const;
    const many: UrlResult[] = Array.from({ length: 2 * MAX_MARKDOWN_ROWS + 11 }, (_, i) => ({
      url: `https://h${i}.example/`,
      rating: 'decent',
      occurrences: [{ file: 'a.md', line: i + 1, column: 1 }],
      findings: i % 7 === 0 ? [] : [{ level: level[i % 5], rule: 'rating', message: `m${i}` }],
    }));
    const md = formatMarkdown(report(many));
    const rank = { error: 0, warn: 1, note: 2 };
    const expected = many
      .filter((u) => u.findings.length)
      .sort((a, b) => rank[a.findings[0].level] - rank[b.findings[0].level])
      .slice(0, MAX_MARKDOWN_ROWS)
      .map((u) => u.url);
    assert.deepEqual(
      [...md.matchAll(/^\| \w+ \| `([^`]+)`/gm)].map((m) => m[1]),
      expected,
    );
    assert.match(md, new RegExp(`…and ${many.filter((u) => u.findings.length).length - MAX_MARKDOWN_ROWS} more URL`));
    // The same text when the results are made each time they are read (check --local).
    const made = { urls: madeEachRead(() => many.map((u) => ({ ...u }))[Symbol.iterator]()), summary: report(many).summary };
    for (const format of [
      formatMarkdown,
      formatJunit,
      formatText,
      formatCodeQuality,
      (r: typeof made) => formatSarif(r, '1'),
      formatJson,
    ]) {
      assert.equal(format(made), format(report(many) as typeof made), format.name);
    }
  });

  it('JUnit: well-formed XML whatever the values hold', () => {
    const xml = formatJunit(report([{ ...hostile, url: `${HOSTILE_URL}\u0000"'&` }]));
    const root = parse(xml.replace(/^<\?xml[^>]*>\n/, ''), { voidTag: { tags: [] } });
    const testcase = root.querySelector('testcase');
    assert.equal(testcase?.getAttribute('name'), `${HOSTILE_URL}"'&`, 'the value comes back whole (the NUL dropped)');
    assert.equal(root.querySelectorAll('script').length, 0);
    assert.equal(root.querySelectorAll('failure').length, 1);
  });

  it('what a person reads shows a bidi override or a hidden character as a marker; JSON keeps it as sent', () => {
    // `gpj.exe` after U+202E reads "exe.jpg"; a zero-width space hides in a name.
    const disguised: UrlResult = {
      ...hostile,
      url: 'https://bank.example/\u202egpj.exe',
      occurrences: [{ file: 'docs/in\u200bvoice.md', line: 1, column: 1 }],
      findings: [{ level: 'error', rule: 'check/h1', message: 'Check "h1\u2066" failed.' }],
    };
    const r = report([disguised]);
    const shown = {
      text: formatText(r),
      markdown: formatMarkdown(r),
      junit: formatJunit(r),
      sarif: (JSON.parse(formatSarif(r, '0.0.0', undefined, '/')) as { runs: { results: { message: { text: string } }[] }[] }).runs[0]
        .results[0].message.text,
      codequality: (JSON.parse(formatCodeQuality(r)) as { description: string }[])[0].description,
    };
    for (const [format, out] of Object.entries(shown)) {
      assert.ok(!/[\u202e\u200b\u2066]/.test(out), `${format} holds a hidden character`);
      assert.ok(out.includes('\u27eaU+202E\u27eb'), `${format} shows the override: ${out}`);
    }
    assert.ok(shown.text.includes('in\u27eaU+200B\u27ebvoice.md'), shown.text);
    assert.ok(shown.junit.includes('h1\u27eaU+2066\u27eb'), shown.junit);
    const json = JSON.parse(formatJson(r)) as { urls: { url: string }[] };
    assert.equal(json.urls[0].url, 'https://bank.example/\u202egpj.exe', 'JSON is data: as sent');
  });

  it('text: one line per finding, control characters flattened', () => {
    const text = formatText(report([hostile]));
    assert.equal(text.split('\n').filter((l) => l.includes('evil.example')).length, 1);
  });
});
