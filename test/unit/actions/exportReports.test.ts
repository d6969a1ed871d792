// Export against the local service (every page, filters applied, streamed) and the CSV rules:
// RFC 4180 quoting and the formula-injection prefix.
import { strict as assert } from 'node:assert';
import { ReportsClient } from '../../../src/api/client';
import { exportReports } from '../../../src/actions/exportReports';
import { RequestBudget } from '../../../src/actions/requestBudget';
import { csvCell, csvReport } from '../../../src/model/csv';
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
    const budget = new RequestBudget();
    const result = await exportReports(client, budget, { search: 'keep.test', searchBy: 'url', sortBy: 'url', sort: 'asc' }, format, {
      write: async (c) => void chunks.push(c),
    });
    budget.dispose();
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

  it('writes the records as the service sent them as a JSON array', async () => {
    const { text } = await run('json');
    const records = JSON.parse(text) as Record<string, unknown>[];
    assert.equal(records.length, 260);
    assert.ok(
      typeof records[0].results === 'object' && records[0].results !== null && 'result' in records[0] && 'created_at' in records[0],
    );
  });
});
