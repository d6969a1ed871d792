// A page file analysed by path (`check --local`): the worker reads it itself, by the walk's reader
// and within its cap, and answers with the page's summary (score, states, the failed checks with
// their places as lines and columns), the same as the page's analysis on this thread.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AnalysisPool } from '../../../core/analysis/analysisPool';
import { CHECK_KEYS } from '../../../core/analysis/checks';
import { analyseHtml } from '../../../core/analysis/localAnalysis';
import { pageSummary, statesOf, type FileAnswer } from '../../../core/analysis/pageSummary';
import { pageReason } from '../../../cli/local/folderPages';

const PAGE =
  '<!doctype html><html><head><title>A page</title></head>\n<body><h1>Hi</h1>\n<img src="/a.png"><img src="/b.png" alt="b">\r\n<img src="/c.png"></body></html>';

describe('analysis: a page file analysed by path in the worker', () => {
  let dir: string;
  let pool: AnalysisPool;
  before(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'wr-analyse-file-'));
    pool = new AnalysisPool({ owner: 'the test' });
  });
  after(async () => {
    await pool.close();
    await fsp.rm(dir, { recursive: true, force: true });
  });

  it('answers with the summary of the analysis made on this thread: states, failed checks, lines and columns', async () => {
    const file = path.join(dir, 'page.html');
    await fsp.writeFile(file, PAGE);
    const answer = await pool.analyseFile(file, { url: 'https://site.example/page', maxBytes: 4096 });
    assert.ok('summary' in answer);
    assert.deepEqual(answer.summary, pageSummary(analyseHtml(PAGE, { url: 'https://site.example/page' }), PAGE));
    const images = answer.summary.failed.find((c) => c.key === 'image_keywords');
    // line, column of each place: the two images without alt, on lines 3 and 4 (after a \r\n).
    assert.deepEqual(images?.places, [3, 1, 4, 1]);
    assert.equal(statesOf(answer.summary.states).image_keywords, 'failed');
    assert.equal(statesOf(answer.summary.states).headings, 'passed');
    // one letter per check; a check only the deployed page answers has no state
    assert.equal(answer.summary.states.length, CHECK_KEYS.length);
    assert.equal(Object.hasOwn(statesOf(answer.summary.states), 'http_status'), false);
  });

  it('refuses a file past the cap without reading it whole (an endless one answers too-large)', async function () {
    if (process.platform === 'win32') this.skip();
    // /dev/zero never ends: only a read bounded by the cap comes back.
    const answer: FileAnswer = await pool.analyseFile('/dev/zero', { maxBytes: 64 * 1024 });
    assert.ok('unread' in answer);
    assert.equal(answer.unread, 'too-large');
    assert.match(pageReason(answer.unread, answer.message) ?? '', /larger than 65536 bytes/);
  });

  it('a page gone since the walk gives its reason, as an unreadable page does', async () => {
    const answer = await pool.analyseFile(path.join(dir, 'gone.html'), { maxBytes: 4096 });
    assert.deepEqual(answer, { unread: 'unreadable', message: 'Skipped: the file cannot be read.' });
    assert.equal(pageReason(answer.unread, answer.message), 'Skipped: the file cannot be read.');
  });

  it("a binary page file is a page with the walk's page reason", async () => {
    const file = path.join(dir, 'binary.html');
    await fsp.writeFile(file, Buffer.from([0x3c, 0x70, 0, 0x3e]));
    const answer = await pool.analyseFile(file, { maxBytes: 4096 });
    assert.ok('unread' in answer);
    assert.match(pageReason(answer.unread, answer.message) ?? '', /^It is not text: a NUL byte/);
  });

  it('a page past the analysis caps is an AnalysisError, as with analyseHtml', async () => {
    const small = new AnalysisPool({ owner: 'the test', caps: { maxBytes: 100 } });
    try {
      const file = path.join(dir, 'big.html');
      await fsp.writeFile(file, PAGE.repeat(3));
      await assert.rejects(small.analyseFile(file, { maxBytes: 4096 }), /too (large|big|complex)/);
    } finally {
      await small.close();
    }
  });
});
