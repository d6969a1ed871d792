// The one URL finder: every URL of a whole document, for each kind of document people keep URLs in;
// the URL under the cursor and in a selection, which are the finder's own matches (so the hover,
// the decorations and Create Report name the same URL); and a property test: whatever surrounds a
// URL, it is found whole, with offsets that point at it.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { distinctUrls, findUrls, urlAt, urlContaining, urlInSelection } from '../../../core/urls/urlFinder';

const urlsOf = (text: string) => findUrls(text).map((f) => f.url);

describe('urls: the finder, in whole documents', () => {
  const kinds: [string, string, string[]][] = [
    [
      'Markdown',
      'See [docs](https://a.test/docs) and <https://a.test/auto>.\n![img](https://a.test/i.png "t")\n[ref]: https://a.test/ref',
      ['https://a.test/docs', 'https://a.test/auto', 'https://a.test/i.png', 'https://a.test/ref'],
    ],
    [
      'HTML attributes',
      '<a href="https://a.test/x?a=1&amp;b=2">x</a><img src=\'http://b.test/y.png\'>',
      ['https://a.test/x?a=1&b=2', 'http://b.test/y.png'],
    ],
    [
      'JSX',
      'const A = () => <a href={"https://a.test/jsx"} data-x={`https://a.test/tpl`}>hi</a>;',
      ['https://a.test/jsx', 'https://a.test/tpl'],
    ],
    [
      'sitemap',
      '<urlset><url><loc>https://a.test/</loc></url><url><loc>https://a.test/b?x=1&amp;y=2</loc></url></urlset>',
      ['https://a.test/', 'https://a.test/b?x=1&y=2'],
    ],
    [
      'YAML',
      'home: https://a.test/home\nlinks:\n  - \'https://a.test/q\'\n  - "https://a.test/d"',
      ['https://a.test/home', 'https://a.test/q', 'https://a.test/d'],
    ],
    ['JSON', '{"url": "https://a.test/j", "list": ["http://b.test:8080/k"]}', ['https://a.test/j', 'http://b.test:8080/k']],
    [
      'redirects file',
      '/old   https://a.test/new   301\n/docs/*  https://docs.a.test/:splat  302!',
      ['https://a.test/new', 'https://docs.a.test/:splat'],
    ],
    [
      'plain text',
      'Visit https://a.test/page. Or (https://en.wikipedia.org/wiki/Foo_(bar)), or https://a.test/x?!',
      ['https://a.test/page', 'https://en.wikipedia.org/wiki/Foo_(bar)', 'https://a.test/x'],
    ],
  ];
  for (const [kind, text, expected] of kinds) {
    it(`finds every URL in ${kind}`, () => assert.deepEqual(urlsOf(text), expected));
  }

  it('gives offsets that cover the URL as written', () => {
    const text = 'a\n  <loc>https://a.test/p?a=1&amp;b=2</loc>';
    const [found] = findUrls(text);
    assert.equal(text.slice(found.start, found.end), 'https://a.test/p?a=1&amp;b=2');
  });

  it('ignores what is not an http(s) URL with a host', () => {
    assert.deepEqual(urlsOf('ftp://a.test/x https:// http:///path mailto:a@b.test xhttps://a.test'), []);
  });

  it('lists each URL once, first occurrence first', () => {
    assert.deepEqual(distinctUrls(findUrls('https://b.test https://a.test https://b.test')), ['https://b.test', 'https://a.test']);
  });

  it('property: a URL surrounded by any wrapper and punctuation is found whole', () => {
    // A path segment may hold `_` but not end with it (a trailing `_` or `*` closes Markdown emphasis).
    const segment = fc.stringMatching(/^[a-z0-9_-]{0,7}[a-z0-9]$/);
    const url = fc
      .tuple(
        fc.constantFrom('http', 'https'),
        fc.stringMatching(/^[a-z][a-z0-9-]{0,8}\.[a-z]{2,4}$/),
        fc.array(segment, { maxLength: 3 }),
        fc.option(segment),
      )
      .map(([s, host, path, q]) => `${s}://${host}${path.map((p) => `/${p}`).join('')}${q ? `?q=${q}` : ''}`);
    const wrapper = fc.constantFrom(
      ['', ''],
      ['"', '"'],
      ["'", "'"],
      ['<', '>'],
      ['(', ')'],
      ['[x](', ')'],
      ['<loc>', '</loc>'],
      ['{`', '`}'],
      ['', '.'],
      ['', ','],
      ['', ';'],
    );
    const filler = fc.stringMatching(/^[a-z .\n]{0,12}$/);
    fc.assert(
      fc.property(filler, wrapper, url, filler, (before, [open, close], u, after) => {
        const text = `${before} ${open}${u}${close} ${after}`;
        const found = findUrls(text);
        assert.equal(found.length, 1);
        assert.equal(found[0].url, u);
        assert.equal(text.slice(found[0].start, found[0].end), u);
      }),
    );
  });
});

describe('urls: the finder, at the cursor and in a selection', () => {
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
    assert.equal(urlAt('text https://a.test/ more', 21), undefined);
    assert.equal(urlAt('no urls here', 3), undefined);
    assert.equal(urlAt('', 0), undefined);
  });

  it('accepts the cursor right after the last character, and on the first', () => {
    const line = 'go https://a.test/x';
    assert.equal(urlAt(line, line.length), 'https://a.test/x');
    assert.equal(urlAt(line, 3), 'https://a.test/x');
    assert.equal(urlAt(line, 2), undefined);
  });

  it('names the URL the whole-document finder names, wherever the cursor is (one finder)', () => {
    // `&amp;` decoded, `\b` before the scheme, trailing `)` and `.` trimmed: the cursor's answer is
    // the document's match that holds it, at every offset of a mixed document.
    const text = [
      '<a href="https://a.test/x?a=1&amp;b=2">x</a>',
      'xhttps://not.test/ (see https://w.test/Foo_(bar)).',
      '[y](https://a.test/y)), "https://b.test/z".',
    ].join('\n');
    const found = findUrls(text);
    assert.deepEqual(
      found.map((f) => f.url),
      ['https://a.test/x?a=1&b=2', 'https://w.test/Foo_(bar)', 'https://a.test/y', 'https://b.test/z'],
    );
    for (let offset = 0; offset <= text.length; offset++) {
      const expected = found.find((f) => offset >= f.start && offset <= f.end)?.url;
      assert.equal(urlAt(text, offset), expected, `offset ${offset}`);
      assert.equal(urlContaining(found, offset)?.url, expected, `offset ${offset}`);
    }
  });

  it('reads a selection with the same finder: the URL in it, or a bare host as typed', () => {
    assert.equal(urlInSelection('  "https://a.test/p"  '), 'https://a.test/p');
    assert.equal(urlInSelection('[link](https://a.test/q)'), 'https://a.test/q');
    assert.equal(urlInSelection('https://a.test/r?a=1&amp;b=2'), 'https://a.test/r?a=1&b=2');
    assert.equal(urlInSelection('example.com/page'), 'example.com/page');
    assert.equal(urlInSelection('<example.com>'), 'example.com');
    assert.equal(urlInSelection('two words'), undefined);
    assert.equal(urlInSelection('   '), undefined);
  });
});
