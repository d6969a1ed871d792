// Export against the local service (every page, filters applied, streamed) and the CSV rules:
// RFC 4180 quoting and the formula-injection prefix.
import { strict as assert } from 'node:assert';
import { promises as fsp, readdirSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ReportsClient } from '../../../core/client/client';
import { exportReports, exportReportsToFile } from '../../../core/reports/exportAll';
import { isTempOf } from '../../../core/files/tempName';
import { CELL_CUT_MARKER, csvCell, csvReport, CSV_MAX_CELL } from '../../../core/reports/csv';
import { DEPTH_MARKER, EXPORT_MAX_DEPTH } from '../../../core/text/safeJson';
import { ListSource } from '../../../core/reports/urlLookup';
import { Report, ReportPage } from '../../../core/client/types';
import { startService, RunningService } from '../../../service/server';
import { writeDataFile } from './reportRecords';

const KEY = 'export-test-key-9912';

describe('model: CSV cells', () => {
  it('quotes commas, quotes and line breaks as RFC 4180 says', () => {
    assert.equal(csvCell('plain'), 'plain');
    assert.equal(csvCell('a,b'), '"a,b"');
    assert.equal(csvCell('say "hi"'), '"say ""hi"""');
    assert.equal(csvCell('two\nlines'), '"two\nlines"');
    assert.equal(csvCell(undefined), '');
    assert.equal(csvCell({ a: 1 }), '"{""a"":1}"');
  });

  it('prefixes cells that a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t']) assert.equal(csvCell(`${start}SUM(A1)`), `'${start}SUM(A1)`);
    assert.equal(csvCell('\rX'), `"'\rX"`);
    assert.equal(csvCell('=1,2'), `"'=1,2"`);
    assert.equal(csvCell('a=b'), 'a=b');
  });

  it('writes a record with the rating from the rating function', () => {
    const line = csvReport({ id: 5, url: '=HYPERLINK("x")', result: 73.5 as unknown as string, privacy: 1, project: 'p' });
    assert.equal(line, `5,"'=HYPERLINK(""x"")",Decent,73.5,73.5,1,p,,,\r\n`);
  });
});

describe('actions: export every report of the list', () => {
  let service: RunningService;
  let client: ReportsClient;
  before(async () => {
    const specs = [
      ...Array.from({ length: 260 }, (_, i) => ({ url: `https://keep.test/p/${i}`, score: i % 100 })),
      ...Array.from({ length: 40 }, (_, i) => ({ url: `https://other.test/${i}` })),
    ];
    service = await startService({ apiKey: KEY, control: true, dataFile: await writeDataFile(specs) });
    client = new ReportsClient({ baseUrl: service.url, apiKey: () => KEY, proxy: { env: {} } });
  });
  after(async () => {
    await client.dispose();
    await service.close();
  });

  const run = async (format: 'csv' | 'json') => {
    const chunks: string[] = [];
    const result = await exportReports(client, { search: 'keep.test', searchBy: 'url', sortBy: 'url', sort: 'asc' }, format, {
      write: async (c) => void chunks.push(c),
    });
    return { result, text: chunks.join(''), chunks };
  };

  it('writes every row of a filtered list as CSV, page by page', async () => {
    service.clearRequests();
    const { result, text, chunks } = await run('csv');
    assert.equal(result.written, 260);
    const lines = text.split('\r\n').filter(Boolean);
    assert.equal(lines.length, 261);
    assert.match(lines[0], /^id,url,rating,score/);
    assert.ok(lines.slice(1).every((l) => l.includes('https://keep.test/')));
    assert.equal(service.requests().length, 3, '100 per page');
    assert.ok(chunks.length >= 4, 'streamed: header, then one chunk per page');
    const urls = lines.slice(1).map((l) => l.split(',')[1]);
    assert.deepEqual(urls, [...urls].sort(), 'the sort is kept');
  });

  it('to a file: written beside it under a hidden unguessable name, and the file replaced only when complete', async () => {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'webreports-export-'));
    const file = path.join(dir, 'reports.csv');
    const query = { search: 'keep.test', searchBy: 'url' as const, sortBy: 'url' as const, sort: 'asc' as const };
    try {
      await fsp.writeFile(file, 'the previous export\n');
      // Cancelled after the first page: the previous file stays, and nothing is left beside it.
      const controller = new AbortController();
      const seen: string[][] = [];
      const cancelled = exportReportsToFile(
        file,
        { source: client, query, format: 'csv' },
        {
          signal: controller.signal,
          onProgress: () => {
            seen.push(readdirSync(dir));
            controller.abort();
          },
        },
      );
      await assert.rejects(cancelled, (e: unknown) => e instanceof Error && /cancelled/.test(e.message));
      assert.equal(await fsp.readFile(file, 'utf8'), 'the previous export\n');
      assert.deepEqual(await fsp.readdir(dir), ['reports.csv']);
      // While it was written: the file and one hidden temporary of it (not a visible `reports.csv.<pid>.part`).
      const during = seen[0].filter((n) => n !== 'reports.csv');
      assert.equal(during.length, 1, String(seen[0]));
      assert.ok(isTempOf(during[0], file), during[0]);
      const done = await exportReportsToFile(file, { source: client, query, format: 'csv' });
      assert.equal(done.written, 260);
      assert.equal((await fsp.readFile(file, 'utf8')).split('\r\n').filter(Boolean).length, 261);
      assert.deepEqual(await fsp.readdir(dir), ['reports.csv']);
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  });

  it('writes the records as the service sent them as a JSON array', async () => {
    const { text } = await run('json');
    const records = JSON.parse(text) as Record<string, unknown>[];
    assert.equal(records.length, 260);
    assert.ok(
      typeof records[0].results === 'object' && records[0].results !== null && 'result' in records[0] && 'created_at' in records[0],
    );
  });
});

describe('export: any record, never throwing', () => {
  function nested(depth: number): unknown {
    let value: unknown = 'bottom';
    for (let i = 0; i < depth; i++) value = [value];
    return value;
  }

  /** A list source of one page holding these records (the service cannot send 10,000 levels itself). */
  function source(items: Report[]): ListSource {
    const page: ReportPage = { items, page: 1, hasMore: false, skipped: 0, query: {} };
    return { listReports: async () => page, nextPage: async () => page };
  }

  async function exported(items: Report[], format: 'csv' | 'json'): Promise<string> {
    const chunks: string[] = [];
    await exportReports(source(items), {}, format, { write: async (c) => void chunks.push(c) });
    return chunks.join('');
  }

  it('a record nested 10,000 deep exports as JSON and CSV: the deep value a marker past EXPORT_MAX_DEPTH, the rest intact', async () => {
    const deep = nested(10_000);
    const records: Report[] = [
      { id: 1, url: 'https://deep.test/', result: 'good', project: deep as string, results: { title: { passed: false, value: deep } } },
      { id: 2, url: 'https://plain.test/', result: 'bad' },
    ];
    const json = JSON.parse(await exported(records, 'json')) as Array<Record<string, unknown>>;
    assert.equal(json.length, 2);
    assert.equal(json[0].url, 'https://deep.test/');
    assert.deepEqual(json[1], { id: 2, url: 'https://plain.test/', result: 'bad' });
    let level: unknown = json[0].project;
    let depth = 1;
    while (Array.isArray(level)) {
      level = level[0];
      depth++;
    }
    assert.equal(level, DEPTH_MARKER);
    assert.equal(depth, EXPORT_MAX_DEPTH + 1);
    const csv = await exported(records, 'csv');
    const lines = csv.split('\r\n').filter(Boolean);
    assert.equal(lines.length, 3);
    assert.match(lines[1], /^1,https:\/\/deep\.test\/,Good,/);
    assert.ok(lines[1].includes(DEPTH_MARKER.replace(/"/g, '""')));
    assert.match(lines[2], /^2,https:\/\/plain\.test\/,Bad,/);
  });

  it('any value in a record (bigint, symbol, throwing getter, toString: 1, a huge cell) is written without throwing', async () => {
    const throwing = Object.defineProperty({ id: 3, url: 'https://g.test/' }, 'project', {
      get: () => {
        throw new Error('getter ran');
      },
      enumerable: true,
    });
    const records = [
      { id: 1, project: { toString: 1, n: 10n, s: Symbol('s'), f: () => 1, nan: NaN } } as unknown as Report,
      { id: 2, project: 'x'.repeat(100_000) },
      throwing as Report,
    ];
    const json = JSON.parse(await exported(records, 'json')) as Array<Record<string, unknown>>;
    assert.deepEqual(json[0].project, { toString: 1, n: 10, nan: null });
    assert.deepEqual(json[2], { id: 3, url: 'https://g.test/' });
    const lines = (await exported(records, 'csv')).split('\r\n');
    const cell = lines[2].split(',')[6];
    assert.equal(cell.length, CSV_MAX_CELL, 'a cell is cut to what a spreadsheet holds');
    assert.ok(cell.endsWith(CELL_CUT_MARKER));
  });
});
