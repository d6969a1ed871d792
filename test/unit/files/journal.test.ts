// The one append-only journal (core/files/journal.ts) and its two users: the history and the scan
// jobs frame, cut and recover their lines through it. Files written before the history and the
// scans shared it (literal texts below, with lines torn by a crash) still load.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { appendLines, headedJournal, JournalLineError, journalLines, journalRead, journalText } from '../../../core/files/journal';
import { nodeFiles } from '../../../core/files/nodeFiles';
import { HistoryStore } from '../../../core/history/historyStore';
import { HISTORY_LINE_STARTS } from '../../../core/history/shards';
import { EVENT_START, headerLine } from '../../../core/sites/jobJournal';
import { loadJob, ScanJob } from '../../../core/sites/scanJob';

const ORIGIN = 'https://reports.test';
const NAMES = '{"n":"8Rp208Rj1249","l":["title","favicon"]}';
const run = (minute: number, score: number) =>
  `{"k":"https://reports.test https://site.test/a","r":"7","t":"2026-01-01T00:0${minute}:00.000Z","s":${score},"b":"d","n":"8Rp208Rj1249","c":"Hl"}`;

describe('the append-only journal', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'webreports-journal-'));
  });
  afterEach(() => fsp.rm(dir, { recursive: true, force: true }));

  it('frames each line with its line break, in one append; a line holding a line break is refused', async () => {
    const appended: string[] = [];
    await appendLines({ append: async (_file, text) => void appended.push(text) }, 'f', ['{"a":1}', '{"b":"x\\ny"}']);
    assert.deepEqual(appended, ['{"a":1}\n{"b":"x\\ny"}\n']);
    assert.throws(() => journalText(['{"a":"\n"}']), JournalLineError);
    assert.throws(() => journalText(['{"a":"\r"}']), JournalLineError);
    assert.equal(
      headerLine({
        format: 'website-reports-scan',
        version: 1,
        input: 'x',
        createdAt: '',
        privacy: 0,
        found: 0,
        skippedBefore: 0,
        urls: [],
      }).endsWith('}\n'),
      true,
    );
  });

  it('leaves out a last line without its line break, and reads a torn line from where its whole line starts', () => {
    const text = `${NAMES}\n${run(1, 51).slice(0, 30)}${run(2, 52)}\n\n${run(3, 53).slice(0, 40)}`;
    assert.deepEqual(journalLines(text, HISTORY_LINE_STARTS), [NAMES, run(2, 52)]);
    assert.deepEqual(journalLines('no line break yet', HISTORY_LINE_STARTS), []);
  });

  it('reads bytes up to the last line break and says where the next read starts (characters of several bytes too)', () => {
    const whole = `{"k":"é ü"}\n{"k":"∑"}\n`;
    const bytes = Buffer.from(`${whole}{"k":"to`);
    const read = journalRead(bytes, ['{"k":"']);
    assert.deepEqual(read.lines, ['{"k":"é ü"}', '{"k":"∑"}']);
    assert.equal(read.bytes, Buffer.byteLength(whole));
    assert.equal(read.chars, whole.length - 1);
    assert.deepEqual(journalRead(Buffer.from('{"k":"x'), ['{"k":"']), { lines: [], bytes: 0, chars: 0 });
    assert.deepEqual(headedJournal('{"h":1}\n{"e":"a"}\n{"e":"b', ['{"e":"']), { head: '{"h":1}', lines: ['{"e":"a"}'] });
    assert.deepEqual(headedJournal('{"h":1}', ['{"e":"']), { head: '{"h":1}', lines: [] });
  });

  it('the history loads a file written before it read through the journal: a torn line and a torn last line cost only themselves', async () => {
    const text = `${NAMES}\n${run(1, 51)}\n${run(2, 52).slice(0, 25)}${run(3, 53)}\n${run(4, 54).slice(0, 50)}`;
    await fsp.writeFile(path.join(dir, 'runs-27.jsonl'), text);
    const store = new HistoryStore({ dir, files: nodeFiles });
    assert.deepEqual(
      (await store.runsFor(ORIGIN, 'https://site.test/a')).map((r) => [r.score, r.checks.title?.passed]),
      [
        [51, false],
        [53, false],
      ],
    );
    // A run recorded now follows the torn last line on its own line, and both stores read it.
    const record = {
      id: 7,
      url: 'https://site.test/a',
      generated_at: '2026-01-01T00:05:00.000Z',
      result: 55,
      results: { title: { passed: true } },
    };
    assert.equal(await store.record(ORIGIN, record), true);
    const fresh = new HistoryStore({ dir, files: nodeFiles });
    assert.deepEqual(
      (await fresh.runsFor(ORIGIN, 'https://site.test/a')).map((r) => r.score),
      [51, 53, 55],
    );
    assert.ok((await fsp.readFile(path.join(dir, 'runs-27.jsonl'), 'utf8')).endsWith('}\n'));
  });

  it('a scan job loads a state file written before it read through the journal: torn events cost only themselves', async () => {
    const header = JSON.stringify({
      format: 'website-reports-scan',
      version: 1,
      input: 'https://site.test/sitemap.xml',
      createdAt: '2026-01-01T00:00:00.000Z',
      privacy: 0,
      found: 3,
      skippedBefore: 0,
      urls: ['https://site.test/a', 'https://site.test/b', 'https://site.test/c'],
    });
    const events = [
      '{"e":"send","i":0,"t":1767225600000}',
      '{"e":"done","i":0,"id":"41"}',
      '{"e":"send","i":1,"t":1767225601000}{"e":"failed","i":1,"why":"The service refused"}'.slice(10),
      '{"e":"status","s":"paused"}',
    ];
    const file = path.join(dir, 'scan.json');
    await fsp.writeFile(file, `${header}\n${events.join('\n')}\n{"e":"done","i":2,"i`);
    assert.equal(events[2].startsWith(EVENT_START), false);
    const job = await loadJob(file);
    assert.ok(job instanceof ScanJob, String(job));
    try {
      assert.deepEqual(
        job.items.map((item) => [item.state, item.reportId ?? item.reason ?? '']),
        [
          ['done', '41'],
          ['failed', 'The service refused'],
          ['todo', ''],
        ],
      );
      assert.equal(job.status, 'paused');
    } finally {
      await job.release();
    }
  });
});
