// The finder on hostile text: a URL followed by long runs of `)`, `]` or `.)` took time in the
// square of the run (195 KB: 12 s; 100,000 `)`: 54 s). Generated worst cases that must finish, with
// the right answer, within the suite's per-test timeout; the time itself is a benchmark row
// (scripts/bench/finderRows.ts), never asserted here.
import { strict as assert } from 'node:assert';
import { findUrls, trimUrl, urlAt } from '../../../core/urls/urlFinder';
import { urlsInFile } from '../../../core/urls/urlsInFiles';
import { WorkspaceUrlIndex } from '../../../core/urls/workspaceIndex';
import { collectUrls } from '../../../core/urls/occurrences';
import { hostileText } from './hostileUrlText';

const MB = 1024 * 1024;

describe('urls: the finder on hostile text (linear)', () => {
  it('100,000 `)` after a URL: the URL without them', () => {
    const text = `see https://a.b/x${')'.repeat(100_000)}`;
    assert.deepEqual(
      findUrls(text).map((f) => [f.url, f.start, f.end]),
      [['https://a.b/x', 4, 17]],
    );
    assert.equal(urlAt(text, 10), 'https://a.b/x');
  });

  it('1 MB runs of `)`, `]` and `.)` after one URL each: every URL found, trimmed', () => {
    for (const run of [')', ']', '.)', '.)]', ')].,']) {
      const text = `https://a.b/x${run.repeat(Math.ceil(MB / run.length))}`;
      assert.deepEqual(
        findUrls(text).map((f) => f.url),
        ['https://a.b/x'],
        JSON.stringify(run),
      );
    }
  });

  it('a closer the URL opened stays, even before 1 MB of closers', () => {
    assert.equal(trimUrl(`https://w.test/Foo_(bar)${')'.repeat(MB)}`), 'https://w.test/Foo_(bar)');
    assert.equal(trimUrl(`https://w.test/a[1]${'].'.repeat(MB / 2)}`), 'https://w.test/a[1]');
    assert.equal(trimUrl(`https://w.test/${'('.repeat(3)}${')'.repeat(MB)}`), `https://w.test/${'('.repeat(3)}${')'.repeat(3)}`);
  });

  it('1 MB of hostile text (the benchmark’s): every URL, in the finder, the editor’s index and the command line', () => {
    const { text, urls } = hostileText(MB);
    assert.ok(text.length >= MB);
    const found = findUrls(text);
    assert.equal(found.length, urls);
    assert.ok(found.every((f) => f.url === 'https://a.b/x'));
    assert.equal(urlsInFile('h.txt', text).found.length, urls);
    const index = new WorkspaceUrlIndex();
    index.setText('h.txt', text);
    assert.deepEqual(
      index.urls().map((u) => [u.url, u.occurrences.length]),
      [['https://a.b/x', urls]],
    );
    const places = collectUrls([{ file: 'h.txt', text }], () => false);
    assert.equal(places.get('https://a.b/x')?.occurrences.length, Math.min(urls, 1000));
    assert.equal(urlAt(text, text.length - 1), undefined);
  });
});
