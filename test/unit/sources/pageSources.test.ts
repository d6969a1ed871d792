// The config's `sources`: pages to the files that produce them and back, compared as urlKey
// compares URLs, placeholders of one segment and of several, and inputs that must never map
// (`..`, encoded slashes, oversized paths) within the named budgets.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import {
  compileSources,
  MAX_FILE_LENGTH,
  MAX_PATH_SEGMENTS,
  MAX_SOURCES,
  MAX_URL_LENGTH,
  type SourceEntry,
  type SourceMatcher,
} from '../../../core/sources/pageSources';
import { MAX_NAME_LENGTH, MAX_PATTERN_LENGTH, MAX_PATTERN_SEGMENTS } from '../../../core/sources/sourcePattern';

function matcher(sources: SourceEntry[]): SourceMatcher {
  const compiled = compileSources(sources);
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.problems));
  return compiled.matcher;
}

function problems(sources: unknown[]) {
  const compiled = compileSources(sources as SourceEntry[]);
  assert.equal(compiled.ok, false, 'expected problems');
  return compiled.ok ? [] : compiled.problems;
}

const SITE = [
  { url: 'https://example.com/blog/{slug}', file: 'content/blog/{slug}.md' },
  { url: 'https://example.com/docs/{path*}/', file: 'docs/{path*}/index.md' },
  { url: 'https://example.com', file: 'content/index.md' },
  { url: 'https://example.com/{page}', file: 'content/{page}.md' },
];

describe('sources: pages and the files that produce them', () => {
  const m = matcher(SITE);

  it('maps a page to its file by one-segment placeholder, as urlKey compares URLs', () => {
    assert.equal(m.sourceFileOf('https://example.com/blog/first-post'), 'content/blog/first-post.md');
    assert.equal(m.sourceFileOf('https://Example.COM/blog/first-post/'), 'content/blog/first-post.md');
    assert.equal(m.sourceFileOf('HTTPS://example.com:443/blog/first-post'), 'content/blog/first-post.md');
    assert.equal(m.sourceFileOf('https://example.com/about'), 'content/about.md');
    assert.equal(m.sourceFileOf('https://example.com/'), 'content/index.md');
    assert.equal(m.sourceFileOf('https://example.com'), 'content/index.md');
  });

  it('ignores the query and the fragment', () => {
    assert.equal(m.sourceFileOf('https://example.com/blog/a?utm_source=x&b=1#top'), 'content/blog/a.md');
    assert.equal(m.sourceFileOf('https://example.com/?q=1'), 'content/index.md');
  });

  it('{path*} takes one or more segments, both ways', () => {
    assert.equal(m.sourceFileOf('https://example.com/docs/intro'), 'docs/intro/index.md');
    assert.equal(m.sourceFileOf('https://example.com/docs/guide/setup/linux/'), 'docs/guide/setup/linux/index.md');
    assert.equal(m.sourceFileOf('https://example.com/docs'), 'content/docs.md', 'zero segments: the next entry');
    assert.equal(m.pageUrlOf('docs/guide/setup/linux/index.md'), 'https://example.com/docs/guide/setup/linux/');
    assert.equal(m.pageUrlOf('docs/intro/index.md'), 'https://example.com/docs/intro/');
  });

  it('{path*} with literal text around it in the same segment', () => {
    const n = matcher([{ url: 'https://example.com/{path*}', file: 'site/{path*}.html' }]);
    assert.equal(n.sourceFileOf('https://example.com/a/b/c'), 'site/a/b/c.html');
    assert.equal(n.pageUrlOf('site/a/b/c.html'), 'https://example.com/a/b/c');
    assert.equal(n.pageUrlOf('site/a/.html'), undefined, 'an empty last segment is no segment');
    assert.equal(n.pageUrlOf('site/.html'), undefined);
  });

  it('maps a file back to its page', () => {
    assert.equal(m.pageUrlOf('content/blog/first-post.md'), 'https://example.com/blog/first-post');
    assert.equal(m.pageUrlOf('content/about.md'), 'https://example.com/about');
    assert.equal(m.pageUrlOf('content/index.md'), 'https://example.com/');
    assert.equal(m.pageUrlOf('content/blog/first-post.txt'), undefined);
    assert.equal(m.pageUrlOf('README.md'), undefined);
  });

  it('a placeholder never takes `.`, `..` or an empty segment: `content/blog/...md` is no page (not the site root)', () => {
    assert.equal(m.pageUrlOf('content/blog/...md'), undefined);
    assert.equal(m.pageUrlOf('content/blog/..md'), undefined);
    assert.equal(m.pageUrlOf('content/blog/.md'), undefined);
    assert.equal(m.pageUrlOf('content/...md'), undefined);
    assert.equal(m.pageUrlOf('content/blog/a..md'), 'https://example.com/blog/a.', 'dots inside a name are kept');
  });

  it('decodes percent-encoded segments into file names and encodes file names into URLs', () => {
    assert.equal(m.sourceFileOf('https://example.com/blog/caf%C3%A9'), 'content/blog/café.md');
    assert.equal(m.sourceFileOf('https://example.com/blog/caf%c3%a9'), 'content/blog/café.md');
    assert.equal(m.sourceFileOf('https://example.com/blog/café'), 'content/blog/café.md');
    assert.equal(m.sourceFileOf('https://example.com/blog/two%20words'), 'content/blog/two words.md');
    assert.equal(m.pageUrlOf('content/blog/café.md'), 'https://example.com/blog/caf%C3%A9');
    assert.equal(m.pageUrlOf('content/blog/a b?.md'), 'https://example.com/blog/a%20b%3F');
    assert.equal(m.sourceFileOf(m.pageUrlOf('content/blog/a b?#.md') as string), 'content/blog/a b?#.md');
  });

  it('a literal non-ASCII path in the pattern matches its encoded and decoded spellings', () => {
    const n = matcher([{ url: 'https://example.com/über/{slug}', file: 'ueber/{slug}.md' }]);
    assert.equal(n.sourceFileOf('https://example.com/%C3%BCber/x'), 'ueber/x.md');
    assert.equal(n.sourceFileOf('https://example.com/über/x'), 'ueber/x.md');
    assert.equal(n.pageUrlOf('ueber/x.md'), 'https://example.com/%C3%BCber/x');
  });

  it('never maps a path with `..`, `.`, an empty segment, an encoded slash or a control character', () => {
    for (const url of [
      'https://example.com/blog/a%2Fb',
      'https://example.com/blog/a%5Cb',
      'https://example.com/blog/%2e%2e%2fsecret',
      'https://example.com/blog/a%00',
      'https://example.com/blog/%E0%A4%A',
      'https://example.com/blog//a',
      'https://example.com/blog/a/b',
    ]) {
      assert.equal(m.sourceFileOf(url), undefined, url);
    }
    for (const file of [
      'content/blog/../../etc/passwd.md',
      'content/../content/about.md',
      './content/about.md',
      '/content/about.md',
      'content//about.md',
      'content\\about.md',
      'docs/../index.md',
      'docs/a/../index.md',
      'content/a\u0000.md',
    ]) {
      assert.equal(m.pageUrlOf(file), undefined, file);
    }
  });

  it('other hosts, schemes and ports are other pages', () => {
    assert.equal(m.sourceFileOf('http://example.com/blog/a'), undefined);
    assert.equal(m.sourceFileOf('https://www.example.com/blog/a'), undefined);
    assert.equal(m.sourceFileOf('https://example.com:8443/blog/a'), undefined);
    assert.equal(m.sourceFileOf('mailto:a@example.com'), undefined);
    assert.equal(m.sourceFileOf('not a url'), undefined);
  });

  it('the first entry that matches wins', () => {
    const n = matcher([
      { url: 'https://example.com/blog/special', file: 'special.md' },
      { url: 'https://example.com/blog/{slug}', file: 'posts/{slug}.md' },
    ]);
    assert.equal(n.sourceFileOf('https://example.com/blog/special'), 'special.md');
    assert.equal(n.sourceFileOf('https://example.com/blog/other'), 'posts/other.md');
    assert.equal(n.pageUrlOf('special.md'), 'https://example.com/blog/special');
  });

  it('an internationalised host matches in Unicode and in punycode', () => {
    const n = matcher([{ url: 'https://bücher.example/{slug}', file: 'b/{slug}.md' }]);
    assert.equal(n.sourceFileOf('https://xn--bcher-kva.example/x'), 'b/x.md');
    assert.equal(n.sourceFileOf('https://BÜCHER.example/x'), 'b/x.md');
    assert.equal(n.pageUrlOf('b/x.md'), 'https://xn--bcher-kva.example/x');
  });

  it('property: whatever the URL, a file found is inside the workspace (no `..`, `.`, empty or absolute segment)', () => {
    const star = matcher([{ url: 'https://example.com/{path*}', file: 'site/{path*}' }]);
    const unit = fc.constantFrom(...Array.from('a./\\%2e5cfF0:?#@ \u0000\u202e'), '%2e', '%2E%2e', '%2f', '%5c', '%00', '..');
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 30 }), (parts) => {
        const file = star.sourceFileOf(`https://example.com/${parts.join('')}`);
        if (file === undefined) return;
        const segments = file.split('/');
        assert.equal(segments[0], 'site', file);
        for (const segment of segments) {
          assert.ok(segment !== '' && segment !== '.' && segment !== '..', file);
          assert.ok(!segment.includes('\\') && ![...segment].some((c) => c.charCodeAt(0) < 0x20), file);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('property: a file maps to a page that maps back to the same file', () => {
    const segment = fc
      .string({ unit: fc.constantFrom(...Array.from('az09-_ .é中?#%&+~')), minLength: 1, maxLength: 8 })
      .filter((s) => s !== '.' && s !== '..');
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const file = `docs/${segments.join('/')}/index.md`;
        const url = m.pageUrlOf(file);
        assert.ok(url, file);
        assert.equal(m.sourceFileOf(url), file);
      }),
    );
  });
});

describe('sources: problems of the config', () => {
  it('names the entry, the field and why', () => {
    const found = problems([
      { url: 'https://example.com/blog/{slug}', file: 'content/blog/{slug}.md' },
      { url: 'https://example.com/{a}/{b}', file: 'x/{a}.md' },
      { url: 'ftp://example.com/{a}', file: 'x/{a}.md' },
      { url: 'https://example.com/{a}', file: '/etc/{a}' },
      { url: 'https://example.com/{a}{b}', file: 'x/{a}/{b}' },
      { url: 'https://example.com/{a*}/{b*}', file: 'x/{a*}/{b*}' },
      { url: 'https://example.com/{a}', file: 'x/{a*}.md' },
      { url: 'https://example.com/{a}', file: 'x/{a}/{a}.md' },
      { url: 'https://example.com/x?y={a}', file: 'x/{a}.md' },
      { url: 'https://{host}.example.com/', file: 'x.md' },
      { url: 'https://example.com/../{a}', file: 'x/{a}.md' },
      { url: 'https://example.com/{a}', file: 'x/../{a}.md' },
      { url: 'https://user:pw@example.com/{a}', file: 'x/{a}.md' },
      { url: 'https://example.com/{1a}', file: 'x/{1a}.md' },
      { url: 42, file: null },
      'not an entry',
    ]);
    const at = (index: number) => found.filter((p) => p.index === index).map((p) => p.field);
    assert.deepEqual(at(0), []);
    assert.deepEqual(at(1), ['file']);
    assert.match(found.find((p) => p.index === 1)?.message ?? '', /\{b\}/);
    assert.deepEqual(at(2), ['url']);
    assert.deepEqual(at(3), ['file']);
    assert.deepEqual(at(4), ['url']);
    assert.deepEqual(at(5), ['url', 'file']);
    assert.deepEqual(at(6), ['file']);
    assert.deepEqual(at(7), ['file']);
    assert.deepEqual(at(8), ['url']);
    assert.deepEqual(at(9), ['url']);
    assert.deepEqual(at(10), ['url']);
    assert.deepEqual(at(11), ['file']);
    assert.deepEqual(at(12), ['url']);
    assert.deepEqual(at(13), ['url', 'file']);
    assert.deepEqual(at(14), ['url', 'file']);
    assert.deepEqual(at(15), ['url', 'file']);
    for (const p of found) assert.ok(p.message.length > 0);
  });

  it('a list that is not a list, or longer than MAX_SOURCES, is one problem of the list', () => {
    assert.deepEqual(
      problems(Array.from({ length: MAX_SOURCES + 1 }, (_, i) => ({ url: `https://example.com/p${i}`, file: `p${i}.md` }))).map((p) => [
        p.index,
        p.field,
      ]),
      [[-1, 'sources']],
    );
    const compiled = compileSources({} as unknown as SourceEntry[]);
    assert.equal(compiled.ok, false);
    assert.ok(compileSources(Array.from({ length: MAX_SOURCES }, (_, i) => ({ url: `https://example.com/p${i}`, file: `p${i}.md` }))).ok);
  });

  it(`placeholder names longer than MAX_NAME_LENGTH (${MAX_NAME_LENGTH}) are problems`, () => {
    const ok = 'n'.repeat(MAX_NAME_LENGTH);
    assert.ok(compileSources([{ url: `https://example.com/{${ok}}`, file: `{${ok}}.md` }]).ok);
    const long = 'n'.repeat(MAX_NAME_LENGTH + 1);
    assert.deepEqual(
      problems([{ url: `https://example.com/{${long}}`, file: `{${long}}.md` }]).map((p) => p.field),
      ['url', 'file'],
    );
  });

  it('patterns longer than MAX_PATTERN_LENGTH or with more than MAX_PATTERN_SEGMENTS segments are problems', () => {
    const long = 'a'.repeat(MAX_PATTERN_LENGTH);
    assert.deepEqual(
      problems([{ url: `https://example.com/${long}`, file: `${long}.md` }]).map((p) => p.field),
      ['url', 'file'],
    );
    const deep = Array.from({ length: MAX_PATTERN_SEGMENTS + 1 }, () => 'a').join('/');
    assert.deepEqual(
      problems([{ url: `https://example.com/${deep}`, file: `${deep}.md` }]).map((p) => p.field),
      ['url', 'file'],
    );
  });
});

describe('sources: hostile inputs stay within budgets', () => {
  const m = matcher(SITE);
  const star = matcher([{ url: 'https://example.com/{path*}', file: '{path*}.md' }]);

  it('a 10,000-segment URL or file path maps to nothing', () => {
    const segments = Array.from({ length: 10_000 }, () => 'a');
    assert.equal(star.sourceFileOf(`https://example.com/${segments.join('/')}`), undefined);
    assert.equal(star.pageUrlOf(`${segments.join('/')}.md`), undefined);
    assert.equal(m.sourceFileOf(`https://example.com/docs/${segments.join('/')}`), undefined);
  });

  it(`more than MAX_PATH_SEGMENTS (${MAX_PATH_SEGMENTS}) segments within the length budgets map to nothing; exactly that many map`, () => {
    const at = (n: number) => Array.from({ length: n }, () => 'a').join('/');
    assert.equal(star.sourceFileOf(`https://example.com/${at(MAX_PATH_SEGMENTS)}`), `${at(MAX_PATH_SEGMENTS)}.md`);
    assert.equal(star.sourceFileOf(`https://example.com/${at(MAX_PATH_SEGMENTS + 1)}`), undefined);
    assert.equal(star.pageUrlOf(`${at(MAX_PATH_SEGMENTS)}.md`), `https://example.com/${at(MAX_PATH_SEGMENTS)}`);
    assert.equal(star.pageUrlOf(`${at(MAX_PATH_SEGMENTS + 1)}.md`), undefined);
  });

  it('a URL longer than MAX_URL_LENGTH or a file path longer than MAX_FILE_LENGTH maps to nothing', () => {
    const url = `https://example.com/blog/${'x'.repeat(MAX_URL_LENGTH)}`;
    assert.equal(m.sourceFileOf(url), undefined);
    assert.equal(
      m.sourceFileOf(url.slice(0, MAX_URL_LENGTH)),
      `content/blog/${'x'.repeat(MAX_URL_LENGTH - 'https://example.com/blog/'.length)}.md`,
    );
    assert.equal(m.pageUrlOf(`content/blog/${'x'.repeat(MAX_FILE_LENGTH)}.md`), undefined);
    assert.equal(m.sourceFileOf(`https://example.com/blog/${'%'.repeat(1_000_000)}`), undefined);
    assert.equal(m.pageUrlOf('{'.repeat(1_000_000)), undefined);
  });

  it(`${MAX_SOURCES} sources and a worst-case URL: every entry looked at, the answer still right`, () => {
    const many = matcher(
      Array.from({ length: MAX_SOURCES }, (_, i) => ({
        url: `https://example.com/${'a/'.repeat(30)}{p${i}*}/end${i}`,
        file: `f${i}/{p${i}*}.md`,
      })),
    );
    const url = `https://example.com/${'a/'.repeat(200)}end${MAX_SOURCES - 1}`;
    assert.equal(many.sourceFileOf(url), `f${MAX_SOURCES - 1}/${'a/'.repeat(169)}a.md`);
    assert.equal(many.sourceFileOf(`https://example.com/${'a/'.repeat(200)}nowhere`), undefined);
  });
});
