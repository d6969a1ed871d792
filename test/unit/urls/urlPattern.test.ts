// The one pattern dialect (docs/CLI.md, "URL patterns") for file paths and URLs, the same in the
// config and in site scans; its cost is bounded by pattern × text steps on hostile input (the
// step count is asserted, never the wall time).
import { strict as assert } from 'node:assert';
import { anyOf, anyUrlOf, isUsablePattern, matchSteps, MAX_PATTERN_LENGTH, MAX_PATTERNS } from '../../../core/urls/urlPattern';

const path = (pattern: string, text: string) => anyOf([pattern])(text);
const url = (pattern: string, text: string) => anyUrlOf([pattern])(text);

describe('urls: the pattern dialect', () => {
  it('* is any run but /, ** any run with /, ? one character but /', () => {
    assert.ok(url('https://x.example/blog/*', 'https://x.example/blog/a'));
    assert.ok(!url('https://x.example/blog/*', 'https://x.example/blog/a/b'), '* stops at /');
    assert.ok(url('https://x.example/blog/**', 'https://x.example/blog/a/b'));
    assert.ok(url('https://*.example/**', 'https://www.x.example/a'), '* inside a segment');
    assert.ok(!url('https://*.example/**', 'https://evil.test/.example/a'));
    assert.ok(url('*://x.example/*', 'https://x.example/a'));
    assert.ok(path('a?c', 'abc'));
    assert.ok(!path('a?c', 'a/c'));
    assert.ok(!path('a?c', 'ac'));
    assert.ok(path('a**b', 'a/x/b'), '** crosses / also inside a segment');
    assert.ok(path('*.md', '.notes.md'), 'names starting with a dot match');
    assert.ok(path('a/*/b', 'a//b'), '* may be empty');
  });

  it('** as a whole segment also matches no segment: a/**/b, a/**, **/b', () => {
    assert.ok(path('a/**/b', 'a/b'));
    assert.ok(path('a/**/b', 'a/x/y/b'));
    assert.ok(!path('a/**/b', 'a/xb'));
    assert.ok(path('**/node_modules/**', 'node_modules/x'));
    assert.ok(path('**/node_modules/**', 'a/node_modules'));
    assert.ok(path('**/node_modules/**', 'a/b/node_modules/c/d'));
    assert.ok(!path('**/node_modules/**', 'a/xnode_modules/c'));
    assert.ok(path('**/*', 'a'));
    assert.ok(path('**/*.md', 'docs/a/b.md'));
    assert.ok(!path('docs/**', 'docsx/a'));
    assert.ok(url('https://example.com/**', 'https://example.com'), 'the site itself');
    assert.ok(url('https://example.com/**', 'https://example.com/'));
  });

  it('{a,b} is either alternative, nested too; an unpaired or comma-less brace is itself', () => {
    assert.ok(path('**/*.{md,html}', 'a/b.html'));
    assert.ok(path('**/*.{md,html}', 'b.md'));
    assert.ok(!path('**/*.{md,html}', 'b.txt'));
    assert.ok(path('{a,b/{c,d}}/x', 'b/d/x'));
    assert.ok(path('x{,y}', 'x'));
    assert.ok(path('{a}', '{a}'));
    assert.ok(path('a{b', 'a{b'));
    assert.ok(path('a,b}', 'a,b}'));
    assert.ok(url('https://{www,blog}.example.com/**', 'https://blog.example.com/a'));
    assert.ok(path('{docs/**,src/*}', 'docs/a/b'));
  });

  it('everything else is itself: no classes, no regular expression, no escapes, no negation', () => {
    for (const literal of ['a.c', '(a|b)', 'a+', '[ab]', '!a', 'a\\*']) {
      assert.ok(path(literal, literal), literal);
    }
    assert.ok(!path('a.c', 'abc'));
    assert.ok(!path('(a|b)', 'a'));
    assert.ok(!path('[ab]', 'a'));
    assert.ok(!path('!a', 'b'));
    assert.ok(url('http://[::1]:8080/**', 'http://[::1]:8080/a'), 'an IPv6 host is written as itself');
    assert.ok(url('https://x.example/search?q=*', 'https://x.example/search?q=1'));
  });

  it('URLs: scheme and host compare without case, the path and query with case', () => {
    assert.ok(url('https://example.com/**', 'HTTPS://Example.COM/a'));
    assert.ok(url('HTTPS://EXAMPLE.com/**', 'https://example.com/a'));
    assert.ok(!url('https://example.com/Docs/*', 'https://example.com/docs/a'));
    assert.ok(url('{https://A.example,https://B.example}/**', 'https://b.example/x'));
    assert.ok(!path('Docs/*.md', 'docs/a.md'), 'file paths compare with case');
  });

  it('URLs: a pattern starting with / is matched against the path and query', () => {
    assert.ok(url('/blog/*', 'https://e.example/blog/x?y=1'));
    assert.ok(!url('/blog/*', 'https://e.example/docs/blog/x'));
    assert.ok(url('/**', 'https://e.example'), 'its path is /');
    assert.ok(!url('/blog/*', 'not a url'));
    assert.ok(anyUrlOf(['https://a.example/**', '/docs/**'])('https://b.example/docs/x'));
    assert.ok(!path('/docs/**', 'docs/a'), 'a file path pattern starting with / is itself');
  });

  it('no patterns match nothing; patterns past the budgets are refused', () => {
    assert.ok(!anyOf([])('a'));
    assert.ok(!anyUrlOf([])('https://a.example/'));
    assert.ok(isUsablePattern('x'.repeat(MAX_PATTERN_LENGTH)));
    assert.ok(!isUsablePattern('x'.repeat(MAX_PATTERN_LENGTH + 1)));
    assert.ok(!isUsablePattern(''));
    assert.ok(!isUsablePattern(7));
    assert.throws(() => anyOf(['x'.repeat(MAX_PATTERN_LENGTH + 1)]), RangeError);
    assert.throws(() => anyUrlOf(Array.from({ length: MAX_PATTERNS + 1 }, () => '*')), RangeError);
  });
});

describe('urls: patterns in bounded time', () => {
  const HOSTILE = '**/*a*a*a*a*a*a*a*a*a*a*a*b';
  const bounded = (pattern: string, text: string) => {
    const run = matchSteps(pattern, text);
    assert.ok(run.steps <= 5 * (run.slots + 1) * (text.length + 1), `${run.steps} steps`);
    assert.ok(run.slots <= 2 * pattern.length, `${run.slots} slots for ${pattern.length} characters`);
    return run;
  };

  it('the hostile glob against a 66-character URL and a 51-character file name', () => {
    const longUrl = `https://e.example/${'a'.repeat(48)}`;
    assert.equal(longUrl.length, 66);
    assert.equal(bounded(HOSTILE, longUrl).matched, false);
    assert.equal(bounded(HOSTILE, `${longUrl}b`).matched, true);
    const file = `docs/${'a'.repeat(46)}`;
    assert.equal(file.length, 51);
    assert.equal(anyOf([HOSTILE])(file), false);
    assert.equal(anyOf([HOSTILE])(`${file}b`), true);
    assert.equal(anyUrlOf([HOSTILE])(longUrl), false);
  });

  it('the cache of state sets: reused across texts, and emptied when full, gives the same answers', () => {
    const patterns = ['**/*.{md,html}', 'docs/**/a?c', '**/x*y/**'];
    const texts = ['a.md', 'docs/abc', 'docs/q/r/abc', 'docs/ab', 'x/xy/z', 'x/xzy', 'b.html', 'docs/a/c', 'q/xqqy'];
    const reused = anyOf(patterns);
    for (const text of [...texts, ...texts]) assert.equal(reused(text), anyOf(patterns)(text), text);
    // 1,000 distinct characters: about 2,000 classes, so the cache holds about 130 sets and is
    // emptied several times along this text.
    const wide = Array.from({ length: 1000 }, (_, i) => String.fromCharCode(0x4e00 + i)).join('');
    const wideMatch = anyOf([`**${wide}`]);
    assert.equal(wideMatch(`x/${wide}`), true);
    assert.equal(wideMatch(`x/${wide.slice(0, -1)}!`), false);
    assert.equal(wideMatch(`x/${wide}`), true);
  });

  it('a generated worst case: the longest pattern of stars and a megabyte of text', () => {
    // Every `*a` keeps a state alive on a text of a's: the most states at once, at every position.
    const pattern = `**${'*a'.repeat(20)}b`;
    const text = `https://e.example/${'a'.repeat(1024 * 1024)}`;
    assert.equal(bounded(pattern, text).matched, false);
    const longest = `${'*a'.repeat((MAX_PATTERN_LENGTH - 1) / 2)}b`.slice(0, MAX_PATTERN_LENGTH);
    assert.equal(bounded(longest, `https://e.example/${'a'.repeat(4096)}`).matched, false);
    assert.equal(bounded(`{${'a,'.repeat(1000)}b}{${'a,'.repeat(20)}b}`, 'a'.repeat(8)).matched, false, 'alternatives are not expanded');
  });
});
