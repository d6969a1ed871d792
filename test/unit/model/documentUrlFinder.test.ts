// Finding every URL of a whole document, for each kind of document people keep URLs in, plus a
// property test: whatever surrounds a URL, it is found whole, with offsets that point at it.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { distinctUrls, findDocumentUrls } from '../../../core/urls/documentUrlFinder';
import { urlKey } from '../../../core/urls/urlKey';

const urlsOf = (text: string) => findDocumentUrls(text).map((f) => f.url);

describe('model: URLs in whole documents', () => {
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
    const [found] = findDocumentUrls(text);
    assert.equal(text.slice(found.start, found.end), 'https://a.test/p?a=1&amp;b=2');
  });

  it('ignores what is not an http(s) URL with a host', () => {
    assert.deepEqual(urlsOf('ftp://a.test/x https:// http:///path mailto:a@b.test xhttps://a.test'), []);
  });

  it('lists each URL once, first occurrence first', () => {
    assert.deepEqual(distinctUrls(findDocumentUrls('https://b.test https://a.test https://b.test')), ['https://b.test', 'https://a.test']);
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
        const found = findDocumentUrls(text);
        assert.equal(found.length, 1);
        assert.equal(found[0].url, u);
        assert.equal(text.slice(found[0].start, found[0].end), u);
      }),
    );
  });
});

describe('model: URL comparison key', () => {
  it('writes down the rule: scheme/host case, default port, trailing slash, fragment; query kept', () => {
    assert.equal(urlKey('HTTPS://Example.COM:443/Docs/?a=1#top'), 'https://example.com/Docs?a=1');
    assert.equal(urlKey('https://example.com/'), urlKey('https://example.com'));
    assert.equal(urlKey('http://example.com:80/x'), 'http://example.com/x');
    assert.equal(urlKey('http://example.com:8080/x/'), 'http://example.com:8080/x');
    assert.notEqual(urlKey('http://example.com/x'), urlKey('https://example.com/x'));
    assert.notEqual(urlKey('https://example.com/x?b=1&a=2'), urlKey('https://example.com/x?a=2&b=1'));
    assert.equal(urlKey('ftp://example.com/'), undefined);
    assert.equal(urlKey('not a url'), undefined);
  });
});
