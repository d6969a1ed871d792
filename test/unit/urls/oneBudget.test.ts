// The command line's file walk and the editor's URLs in Workspace read files by one set of budgets:
// the same file is binary, or too large, for both (each once had its own copy of the numbers).
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { urlProblem } from '../../../core/client/validateInput';
import { MAX_INPUT_LENGTH, MAX_LOC_LENGTH } from '../../../core/sites/scanLimits';
import { SkipNote, walkFiles } from '../../../core/urls/fileWalk';
import { MAX_URL_LENGTH } from '../../../core/urls/maxUrlLength';
import { BINARY_SNIFF_BYTES, MAX_FILE_BYTES, MAX_URL_CHARS } from '../../../core/urls/urlsInFiles';
import { WorkspaceUrlIndex } from '../../../core/urls/workspaceIndex';

describe('one set of budgets for files and URLs', () => {
  let dir: string;
  before(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'webreports-budgets-'));
  });
  after(() => fsp.rm(dir, { recursive: true, force: true }));

  /** Whether the walk skips `bytes` (and why), and whether the editor's index does. */
  async function bothRead(name: string, bytes: Buffer): Promise<{ walk: string | undefined; index: string | undefined }> {
    await fsp.writeFile(path.join(dir, name), bytes);
    const notes: SkipNote[] = [];
    for (const walked of walkFiles([name], { cwd: dir, include: ['**/*'], exclude: [] }, notes)) void walked;
    const index = new WorkspaceUrlIndex();
    index.setBytes(name, bytes);
    return { walk: notes[0]?.reason, index: index.notes.skipped.get(name) };
  }

  it('a NUL just inside the sniffed bytes makes a file binary for both; just past them, for neither', async () => {
    const text = (at: number) => {
      const b = Buffer.alloc(BINARY_SNIFF_BYTES + 100, 0x61);
      b[at] = 0;
      return b;
    };
    assert.deepEqual(await bothRead('inside.txt', text(BINARY_SNIFF_BYTES - 1)), { walk: 'binary', index: 'binary' });
    assert.deepEqual(await bothRead('past.txt', text(BINARY_SNIFF_BYTES)), { walk: undefined, index: undefined });
  });

  it('a file one byte over the size budget is skipped by both; one at it by neither', async () => {
    const over = await bothRead('over.txt', Buffer.alloc(MAX_FILE_BYTES + 1, 0x61));
    assert.equal(over.walk, 'too-large');
    assert.match(over.index ?? '', /larger than/);
    assert.deepEqual(await bothRead('at.txt', Buffer.alloc(MAX_FILE_BYTES, 0x61)), { walk: undefined, index: undefined });
  });

  it('the longest URL is one number: typed, written in a file, listed in a sitemap or given to a scan', () => {
    assert.deepEqual([MAX_URL_CHARS, MAX_LOC_LENGTH, MAX_INPUT_LENGTH], [MAX_URL_LENGTH, MAX_URL_LENGTH, MAX_URL_LENGTH]);
    const url = (n: number) => `https://example.com/${'a'.repeat(n - 'https://example.com/'.length)}`;
    assert.equal(urlProblem(url(MAX_URL_LENGTH)), undefined);
    assert.notEqual(urlProblem(url(MAX_URL_LENGTH + 1)), undefined);
  });
});
