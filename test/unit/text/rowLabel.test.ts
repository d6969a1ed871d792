import * as assert from 'node:assert/strict';
import { pageRow } from '../../../core/list/rowLabel';

describe('pageRow: a page’s row in a side bar tree', () => {
  it('shows the score and the whole path as the label, the whole host (and port) as the site: nothing cut in the middle', () => {
    assert.deepEqual(pageRow('http://www.example.com/news/launch-8', 43), { label: '43 · /news/launch-8', site: 'http://www.example.com' });
    assert.deepEqual(pageRow('http://127.0.0.1:37613/about', 93), { label: '93 · /about', site: 'http://127.0.0.1:37613' });
    const long = `https://docs.example.net/${'section/'.repeat(20)}a-very-long-article-title?x=1#part`;
    const row = pageRow(long, 77.4);
    assert.equal(row.label, `77 · /${'section/'.repeat(20)}a-very-long-article-title?x=1#part`);
    assert.equal(row.site, 'docs.example.net', 'https is the usual case: no scheme');
    assert.ok(!row.label.includes('…'));
  });

  it('shows a home page as its site, and a URL that is not http(s) whole', () => {
    assert.deepEqual(pageRow('http://127.0.0.1:37613/', 93), { label: '93 · http://127.0.0.1:37613' });
    assert.deepEqual(pageRow('https://example.com', undefined), { label: 'example.com' });
    assert.deepEqual(pageRow('Report 12', undefined), { label: 'Report 12' });
    assert.deepEqual(pageRow('ftp://example.com/file', 10), { label: '10 · ftp://example.com/file' });
  });

  it('makes untrusted text plain: no icon or link syntax, no line break, no hidden reordering', () => {
    const row = pageRow('https://evil.example/$(alert)[x](command:y)\n\u202eabc', 50);
    assert.ok(
      !row.label.includes('$(') && !row.label.includes('[') && !row.label.includes('\n') && !row.label.includes('\u202e'),
      row.label,
    );
  });

  it('is bounded whatever the input', () => {
    const row = pageRow(`https://example.com/${'x'.repeat(1_000_000)}`, 1);
    assert.ok(row.label.length <= 510, String(row.label.length));
  });
});
