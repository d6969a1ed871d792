// The files a check reads, on a real temporary folder: include/exclude, and a note for each skip —
// over the size cap, binary, a symlink loop, too deep, past the file budget — and the URL budgets.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MAX_DEPTH, SkipNote, walkFiles, WalkOptions } from '../../../core/urls/fileWalk';
import { collectUrls, MAX_OCCURRENCES_PER_URL, TooManyUrls } from '../../../core/urls/occurrences';

const made: string[] = [];

async function tree(files: Record<string, string | Buffer>): Promise<string> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'webreports-walk-'));
  made.push(dir);
  for (const [name, content] of Object.entries(files)) {
    await fsp.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await fsp.writeFile(path.join(dir, name), content);
  }
  return dir;
}

function walk(cwd: string, options: Partial<WalkOptions> = {}, paths = ['.']) {
  const notes: SkipNote[] = [];
  const files = [...walkFiles(paths, { cwd, include: ['**/*'], exclude: ['**/node_modules/**'], ...options }, notes)].map((f) => f.file);
  return { files, notes: notes.map((n) => `${n.file} ${n.reason}`) };
}

describe('gate: file walk', () => {
  after(async () => {
    for (const dir of made.splice(0)) await fsp.rm(dir, { recursive: true, force: true });
  });

  it('reads included files in a stable order, relative with /, and leaves excluded ones', async () => {
    const cwd = await tree({ 'b.md': 'x', 'a/z.txt': 'x', 'a/y.html': 'x', 'node_modules/p/r.md': 'x', 'img/logo.md': 'x' });
    assert.deepEqual(walk(cwd).files, ['a/y.html', 'a/z.txt', 'b.md', 'img/logo.md']);
    assert.deepEqual(walk(cwd, { include: ['**/*.md'], exclude: ['img/**', '**/node_modules/**'] }).files, ['b.md']);
    assert.deepEqual(
      walk(path.join(cwd, 'a'), {}, ['../b.md', '.']).files,
      ['../b.md', 'y.html', 'z.txt'].map((f) => (f.startsWith('..') ? path.join(cwd, 'b.md') : f)),
    );
  });

  it("never reads a config met in a folder as a page's text (its sources are URL patterns), but reads one named", async () => {
    const config = JSON.stringify({ sources: [{ url: 'https://example.org/blog/{slug}', file: 'posts/{slug}.md' }] });
    const cwd = await tree({ 'website-reports.json': config, 'sub/website-reports.json': config, 'sub/page.md': 'https://example.org/a' });
    assert.deepEqual(walk(cwd).files, ['sub/page.md']);
    assert.deepEqual(walk(cwd, {}, ['sub']).files, ['sub/page.md']);
    assert.deepEqual(walk(cwd, {}, ['sub/website-reports.json']).files, ['sub/website-reports.json']);
    const notes: SkipNote[] = [];
    const walked = walkFiles(['.'], { cwd, include: ['**/*'], exclude: [] }, notes);
    assert.deepEqual([...collectUrls(walked, () => false, undefined, notes).keys()], ['https://example.org/a']);
  });

  it('skips a file over the size cap and a binary file, each with a note', async () => {
    const cwd = await tree({
      'big.txt': 'x'.repeat(2_001),
      'small.txt': 'x'.repeat(2_000),
      'logo.png': Buffer.from([0x89, 0x50, 0, 0x47, 0x0a]),
    });
    assert.deepEqual(walk(cwd, { maxFileBytes: 2_000 }), { files: ['small.txt'], notes: ['big.txt too-large', 'logo.png binary'] });
  });

  it('skips a symlink loop with a note and reads each folder once', async () => {
    const cwd = await tree({ 'docs/a.md': 'x' });
    await fsp.symlink(cwd, path.join(cwd, 'docs', 'up'));
    await fsp.symlink(path.join(cwd, 'self'), path.join(cwd, 'self'));
    assert.deepEqual(walk(cwd), { files: ['docs/a.md'], notes: ['docs/up symlink-loop', 'self unreadable'] });
  });

  it('stops at MAX_DEPTH folders and at the file budget, with a note', async () => {
    const deep = Array.from({ length: MAX_DEPTH + 2 }, (_, i) => `d${i}`).join('/');
    const cwd = await tree({ [`${deep}/a.md`]: 'x', 'top.md': 'x', 'f1.md': 'x', 'f2.md': 'x' });
    const result = walk(cwd);
    assert.deepEqual(result.files, ['f1.md', 'f2.md', 'top.md']);
    assert.equal(result.notes.length, 1);
    assert.match(result.notes[0], /too-deep$/);
    assert.deepEqual(walk(cwd, { maxFiles: 2, include: ['*.md'], exclude: ['d0/**'] }), {
      files: ['f1.md', 'f2.md'],
      notes: ['top.md file-limit'],
    });
  });

  it('places URLs by line and column, keeps MAX_OCCURRENCES_PER_URL places, and stops past the URL budget', () => {
    const text = `a\n  https://x.example/p and\r\nhttps://x.example/p\n${'https://y.example/ '.repeat(MAX_OCCURRENCES_PER_URL + 5)}`;
    const places = collectUrls([{ file: 'f.md', text }], () => false);
    assert.deepEqual(places.get('https://x.example/p')?.occurrences, [
      { file: 'f.md', line: 2, column: 3 },
      { file: 'f.md', line: 3, column: 1 },
    ]);
    assert.equal(places.get('https://y.example/')?.occurrences.length, MAX_OCCURRENCES_PER_URL);
    assert.equal(places.get('https://y.example/')?.more, 5);
    const many = Array.from({ length: 101 }, (_, i) => `https://h${i}.example/`).join(' ');
    assert.throws(() => collectUrls([{ file: 'f', text: many }], () => false, 100), TooManyUrls);
    assert.equal(collectUrls([{ file: 'f', text: many }], (u) => u.includes('h100.'), 100).size, 100);
  });
});
