// The JSON report written in pieces, URLS_PER_PIECE URLs each, as it is made (a large run is never one string): the
// same text, byte for byte, as one JSON.stringify of the whole report; to --output (atomically, with
// the mode a whole write gives) or to stdout, a MiB at a time.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { emit, type CliIo } from '../../../cli/cliIo';
import { formatJson, jsonPieces, URLS_PER_PIECE } from '../../../cli/formats/json';
import { madeEachRead, summarize, type GateReport, type UrlResult } from '../../../core/config/gateReport';

function page(i: number): UrlResult {
  return {
    url: `https://site.example/p${i}/\u2028"quoted"`,
    rating: i % 2 ? 'bad' : 'good',
    score: 50 + i,
    occurrences: [{ file: `_site/p${i}/index.html`, line: 1, column: 1 }],
    findings: [
      { level: 'warn', rule: 'check/image_keywords', message: 'a\nb', places: [{ file: `_site/p${i}/index.html`, line: 2, column: 3 }] },
    ],
    local: { file: `_site/p${i}/index.html`, score: 50 + i, judged: 3, total: 4, checks: { title: 'passed', image_keywords: 'failed' } },
  };
}

function reportOf(n: number): GateReport<UrlResult[]> {
  return summarize(
    Array.from({ length: n }, (_, i) => page(i)),
    { created: 0, rerun: 0, notChecked: [], skippedFiles: [] },
  );
}

/** The report as one JSON.stringify of the whole writes it (the format's contract). */
function whole(report: GateReport<UrlResult[]>, version?: string): string {
  const urls = report.urls.map((u) => ({
    url: u.url,
    rating: u.rating,
    ...(u.score === undefined ? {} : { score: u.score }),
    occurrences: u.occurrences.map((o) => ({ file: o.file, line: o.line, column: o.column })),
    findings: u.findings.map((f) => ({ level: f.level, rule: f.rule, message: f.message, ...(f.places ? { places: f.places } : {}) })),
    ...(u.local === undefined ? {} : { local: u.local }),
  }));
  return `${JSON.stringify({ ...(version === undefined ? {} : { version }), urls, summary: report.summary }, null, 2)}\n`;
}

function io(out: string[]): CliIo {
  const quiet = { say: () => undefined, done: () => undefined };
  return { cwd: process.cwd(), env: {}, stdout: (t) => out.push(t), stderr: () => undefined, progress: quiet, version: '0' };
}

describe('cli: the JSON report in pieces', () => {
  it('the same text as one JSON.stringify of the whole, with no URL, one or several pieces, with and without a version', () => {
    for (const n of [0, 1, 3, URLS_PER_PIECE, URLS_PER_PIECE + 1, 2 * URLS_PER_PIECE + 7]) {
      for (const version of [undefined, '1.2.3']) {
        const report = reportOf(n);
        assert.equal([...jsonPieces(report, undefined, version)].join(''), whole(report, version), `${n} URLs, version ${version}`);
        assert.equal(formatJson(report, undefined, version), whole(report, version));
        assert.equal(
          [...jsonPieces(report)].length,
          n === 0 ? 2 : Math.ceil(n / URLS_PER_PIECE) + 2,
          'a piece per URLS_PER_PIECE URLs (the first with the head), the end, the summary',
        );
      }
    }
  });

  it('the same text from results made each time they are read (a large check --local run), none made before', () => {
    for (const n of [0, 3, 2 * URLS_PER_PIECE + 7]) {
      const report = reportOf(n);
      let made = 0;
      const urls = madeEachRead(function* () {
        for (let i = 0; i < n; i++) {
          made++;
          yield page(i);
        }
      });
      const pieces = jsonPieces({ urls, summary: report.summary }, undefined, '1');
      assert.equal(made, 0, 'nothing made before the text is read');
      assert.equal([...pieces].join(''), whole(report, '1'), `${n} URLs`);
      assert.equal(made, n, 'each made once');
    }
  });

  it('to stdout a MiB at a time, whole and in order', async () => {
    const report = reportOf(3000);
    const out: string[] = [];
    await emit({}, io(out), jsonPieces(report, undefined, '1'));
    assert.ok(out.length > 1, `${out.length} writes`);
    assert.equal(out.join(''), whole(report, '1'));
  });

  it('to --output: the whole text, with the mode a whole write gives the file', async () => {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'wr-json-pieces-'));
    try {
      const report = reportOf(3000);
      const pieces = path.join(dir, 'pieces.json');
      const one = path.join(dir, 'one.json');
      await emit({ output: pieces }, io([]), jsonPieces(report, undefined, '1'));
      await emit({ output: one }, io([]), formatJson(report, undefined, '1'));
      assert.equal(await fsp.readFile(pieces, 'utf8'), whole(report, '1'));
      assert.equal((await fsp.stat(pieces)).mode, (await fsp.stat(one)).mode);
      assert.deepEqual((await fsp.readdir(dir)).sort(), ['one.json', 'pieces.json'], 'no temporary file left');
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  });
});
