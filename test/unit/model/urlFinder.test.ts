import { strict as assert } from 'node:assert';
import { findUrls, urlAt, urlInSelection } from '../../../core/urls/urlFinder';

describe('model: finding the URL in editor text', () => {
  const cases: [string, string][] = [
    ['See [the docs](https://example.com/docs) here', 'https://example.com/docs'],
    ['"https://example.com/a?b=1&c=2",', 'https://example.com/a?b=1&c=2'],
    ["url: 'http://127.0.0.1:8080/x'", 'http://127.0.0.1:8080/x'],
    ['<https://example.com/angle>', 'https://example.com/angle'],
    ['Visit https://example.com/page.', 'https://example.com/page'],
    ['(see https://en.wikipedia.org/wiki/Foo_(bar))', 'https://en.wikipedia.org/wiki/Foo_(bar)'],
    ['https://example.com/x), and', 'https://example.com/x'],
    ['<loc>https://example.com/sitemap-page</loc>', 'https://example.com/sitemap-page'],
    ['`https://example.com/code`', 'https://example.com/code'],
    ['*https://example.com/em*!', 'https://example.com/em'],
  ];
  for (const [line, expected] of cases) {
    it(`finds ${expected} in ${JSON.stringify(line)}`, () => {
      const at = line.indexOf(expected) + 5;
      assert.equal(urlAt(line, at), expected);
    });
  }

  it('returns nothing when the cursor is not on a URL', () => {
    assert.equal(urlAt('text https://a.test/ more', 1), undefined);
    assert.equal(urlAt('no urls here', 3), undefined);
  });

  it('accepts the cursor right after the last character', () => {
    const line = 'go https://a.test/x';
    assert.equal(urlAt(line, line.length), 'https://a.test/x');
  });

  it('finds several URLs with their offsets', () => {
    assert.deepEqual(findUrls('a https://x.test b http://y.test/'), [
      { url: 'https://x.test', start: 2, end: 16 },
      { url: 'http://y.test/', start: 19, end: 33 },
    ]);
  });

  it('reads a selection: the URL in it, or a bare host as typed', () => {
    assert.equal(urlInSelection('  "https://a.test/p"  '), 'https://a.test/p');
    assert.equal(urlInSelection('[link](https://a.test/q)'), 'https://a.test/q');
    assert.equal(urlInSelection('example.com/page'), 'example.com/page');
    assert.equal(urlInSelection('<example.com>'), 'example.com');
    assert.equal(urlInSelection('two words'), undefined);
    assert.equal(urlInSelection('   '), undefined);
  });
});
