// The config's `sources`: pages to the files that produce them and back, compared as urlKey
// compares URLs, placeholders of one segment and of several, and paths that must never map (`..`,
// encoded slashes); the config's problems and hostile inputs are pageSourcesBudgets.test.ts.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { matcher, SITE } from './sourcesFixtures';

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
