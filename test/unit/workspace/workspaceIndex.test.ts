import { strict as assert } from 'node:assert';
import { MAX_INDEXED_FILES, WorkspaceUrlIndex } from '../../../core/urls/workspaceIndex';
import { looksBinary, MAX_DISTINCT_URLS, MAX_FILE_BYTES, MAX_URLS_PER_FILE, urlsInFile } from '../../../core/urls/urlsInFiles';
import { CouldNotCheck, groupRated, MAX_GROUP_CHILDREN, rateAll, rateUrl, WorkspaceRatings } from '../../../core/list/workspaceGroups';
import type { Report } from '../../../core/client/types';

/** A record as the service may send it (a numeric `result`, as the real service does). */
const rep = (fields: Record<string, unknown>): Report => fields as unknown as Report;

describe('model/workspaceIndex', () => {
  it('finds each URL with its 1-based line and column', () => {
    const text = 'intro\n- [Home](https://example.com/)\n\n  see https://example.com/about and\nhttps://b.test/x';
    const { found } = urlsInFile('a.md', text);
    assert.deepEqual(
      found.map((f) => [f.url, f.at.line, f.at.column]),
      [
        ['https://example.com/', 2, 10],
        ['https://example.com/about', 4, 7],
        ['https://b.test/x', 5, 1],
      ],
    );
  });

  it('one entry per page (however it is spelled), its places in file and line order', () => {
    const index = new WorkspaceUrlIndex();
    index.setText('b.md', 'https://Example.com/a\nhttps://example.com/a/');
    index.setText('a.md', '\n\nhttps://example.com/a');
    const urls = index.urls();
    assert.equal(urls.length, 1);
    assert.deepEqual(
      urls[0].occurrences.map((o) => `${o.file}:${o.line}`),
      ['a.md:3', 'b.md:1', 'b.md:2'],
    );
  });

  it('an edit replaces the file’s entries; a URL written nowhere any more is gone', () => {
    const index = new WorkspaceUrlIndex();
    index.setText('a.md', 'https://a.test/ https://b.test/');
    index.setText('b.md', 'https://b.test/');
    index.setText('a.md', 'https://c.test/');
    assert.deepEqual(
      index.urls().map((u) => u.url),
      ['https://b.test/', 'https://c.test/'],
    );
    index.remove('b.md');
    assert.deepEqual(
      index.urls().map((u) => u.url),
      ['https://c.test/'],
    );
    assert.deepEqual(index.fileNames(), ['a.md']);
  });

  it('skips binary and oversized files with a note, and forgets what they held', () => {
    const index = new WorkspaceUrlIndex();
    index.setText('img.png', 'https://a.test/');
    assert.equal(index.setBytes('img.png', new Uint8Array([0x89, 0x50, 0x00, 0x68])), false);
    assert.equal(index.urls().length, 0);
    assert.equal(index.notes.skipped.get('img.png'), 'binary');
    assert.equal(index.setBytes('big.txt', new Uint8Array(MAX_FILE_BYTES + 1).fill(0x61)), false);
    assert.match(index.notes.skipped.get('big.txt') ?? '', /larger than/);
    assert.equal(looksBinary(new TextEncoder().encode('plain text')), false);
  });

  it(`keeps at most ${MAX_URLS_PER_FILE} places a file, and counts the rest`, () => {
    const index = new WorkspaceUrlIndex();
    const lines = Array.from({ length: MAX_URLS_PER_FILE + 123 }, (_, i) => `https://many.test/${i}`);
    index.setText('many.txt', lines.join('\n'));
    assert.equal(index.urlCount, MAX_URLS_PER_FILE);
    assert.equal(index.notes.droppedOccurrences, 123);
    index.remove('many.txt');
    assert.equal(index.notes.droppedOccurrences, 0);
  });

  it(`keeps at most ${MAX_DISTINCT_URLS} distinct URLs and ${MAX_INDEXED_FILES} files`, function () {
    this.timeout(60_000); // a generated worst case: 150,000 URLs and 20,000 files
    const index = new WorkspaceUrlIndex();
    const perFile = MAX_URLS_PER_FILE;
    const files = Math.ceil(MAX_DISTINCT_URLS / perFile) + 1;
    for (let f = 0; f < files; f++) {
      index.setText(`f${f}.txt`, Array.from({ length: perFile }, (_, i) => `https://h${f}.test/${i}`).join('\n'));
    }
    assert.equal(index.urlCount, MAX_DISTINCT_URLS);
    assert.equal(index.notes.droppedOccurrences, files * perFile - MAX_DISTINCT_URLS);
    const small = new WorkspaceUrlIndex();
    for (let f = 0; f < MAX_INDEXED_FILES; f++) small.setText(`s${f}`, '');
    assert.equal(small.setText('one-more', 'https://x.test/'), false);
    assert.ok(small.notes.skipped.has('one-more'));
    assert.equal(small.setText('s0', 'https://x.test/'), true, 'a file already indexed is still updated');
  });

  it('a 10 MB line of URL characters is read in one pass (no URL longer than the cap is kept)', () => {
    const index = new WorkspaceUrlIndex();
    index.setText('long.txt', `https://long.test/${'a'.repeat(10_000_000)}\nhttps://short.test/`);
    assert.deepEqual(
      index.urls().map((u) => u.url),
      ['https://short.test/'],
    );
  });
});

describe('model/workspaceGroups', () => {
  const now = new Date('2026-11-25T00:00:00Z');
  it('rates by the report: bands, none, outdated past maxAgeDays', () => {
    assert.equal(rateUrl(undefined, 30, now).rating, 'none');
    assert.equal(rateUrl(rep({ id: 1, result: 90, generated_at: '2026-11-20T00:00:00Z' }), 30, now).rating, 'good');
    assert.equal(rateUrl(rep({ id: 1, result: 'bad', generated_at: '2026-11-20T00:00:00Z' }), 30, now).rating, 'bad');
    const old = rateUrl(rep({ id: 4, result: 60, generated_at: '2026-09-01T00:00:00Z' }), 30, now);
    assert.deepEqual(old, { rating: 'outdated', score: 60, reportId: 4, generatedAt: '2026-09-01T00:00:00Z' });
    assert.equal(rateUrl(rep({ id: 4, result: 60, generated_at: '2026-09-01T00:00:00Z' }), 0, now).rating, 'decent', '0: never outdated');
    assert.equal(rateUrl(rep({ id: { toString: 1 }, result: 60 }), 30, now).reportId, undefined);
  });

  it('groups every URL once, in the view’s order', () => {
    const index = new WorkspaceUrlIndex();
    index.setText('a.md', 'https://good.test/ https://none.test/ https://bad.test/');
    const reports: Record<string, Report> = {
      'https://good.test/': rep({ id: 1, result: 95 }),
      'https://bad.test/': rep({ id: 2, result: 10 }),
    };
    const rated = rateAll(index.urls(), (u) => reports[u.url], 30, now);
    const groups = groupRated(rated);
    assert.deepEqual([...groups.keys()], ['bad', 'decent', 'good', 'none', 'unchecked', 'outdated']);
    assert.deepEqual(
      groups.get('none')?.map((u) => u.url),
      ['https://none.test/'],
    );
    assert.equal(groups.get('bad')?.[0].reportId, 2);
  });
});

describe('model/workspaceGroups: a URL that could not be checked', () => {
  it('is "Could not check" with its reason, never "No report", and never offered for a create', () => {
    const index = new WorkspaceUrlIndex();
    index.setText('a.md', 'https://none.test/ https://down.test/');
    const ratings = new WorkspaceRatings();
    const answers = new Map<string, Report | undefined | CouldNotCheck>([
      ['https://none.test/', undefined],
      ['https://down.test/', new CouldNotCheck('The service did not answer')],
    ]);
    ratings.update(
      index.takeChanged(),
      (key) => index.url(key),
      (u) => answers.get(u.url),
    );
    assert.deepEqual(
      ratings.children('unchecked').map((u) => [u.url, u.reason]),
      [['https://down.test/', 'The service did not answer']],
    );
    assert.deepEqual(ratings.unrated(), ['https://none.test/'], 'Report All Unrated leaves the unknown URL out');
    assert.equal(ratings.count('none'), 1);
  });
});

describe('model/workspaceGroups: ratings kept key by key', () => {
  it('an edit re-rates only the URLs whose places changed; a URL written nowhere leaves its group', () => {
    const index = new WorkspaceUrlIndex();
    index.setText('a.md', 'https://bad.test/ https://none.test/');
    const ratings = new WorkspaceRatings();
    const reports: Record<string, Report> = { 'https://bad.test/': rep({ id: 2, result: 10 }) };
    const asked: string[] = [];
    const reportOf = (u: { url: string }) => {
      asked.push(u.url);
      return reports[u.url];
    };
    ratings.update(index.takeChanged(), (key) => index.url(key), reportOf);
    assert.deepEqual(
      ratings.children('bad').map((u) => u.url),
      ['https://bad.test/'],
    );
    asked.length = 0;
    index.setText('b.md', 'https://new.test/');
    const touched = ratings.update(index.takeChanged(), (key) => index.url(key), reportOf);
    assert.deepEqual(asked, ['https://new.test/'], 'only the new URL was rated');
    assert.deepEqual([...touched], ['none']);
    index.remove('a.md');
    ratings.update(index.takeChanged(), (key) => index.url(key), reportOf);
    assert.equal(ratings.count('bad'), 0);
    assert.deepEqual(ratings.unrated(), ['https://new.test/']);
  });

  it(`lists at most ${MAX_GROUP_CHILDREN} URLs of a group (sorted), counts all, and filters`, () => {
    const index = new WorkspaceUrlIndex();
    index.setText('many.txt', Array.from({ length: MAX_GROUP_CHILDREN + 50 }, (_, i) => `https://many.test/${i}`).join('\n'));
    const ratings = new WorkspaceRatings();
    ratings.update(
      index.takeChanged(),
      (key) => index.url(key),
      () => undefined,
    );
    assert.equal(ratings.children('none').length, MAX_GROUP_CHILDREN);
    assert.equal(ratings.count('none'), MAX_GROUP_CHILDREN + 50);
    assert.deepEqual(
      ratings.children('none', '/1049').map((u) => u.url),
      ['https://many.test/1049'],
    );
    assert.equal(ratings.count('none', '/104'), 11);
  });
});
