// Selection is pure and deterministic: patterns, sample per path group (stable: the first K in
// sitemap order), remap, max; bad options are refused with a reason and select nothing. The
// patterns are the project's one dialect (test/unit/urls/urlPattern.test.ts).
import { strict as assert } from 'node:assert';
import { MAX_JOB_URLS } from '../../../core/sites/scanLimits';
import { parseRemap, pathGroup, selectUrls } from '../../../core/sites/select';
import { MAX_PATTERN_LENGTH, MAX_PATTERNS } from '../../../core/urls/urlPattern';

const SITE = [
  'https://www.example.com/',
  'https://www.example.com/blog/a',
  'https://www.example.com/blog/b',
  'https://www.example.com/blog/c',
  'https://www.example.com/docs/x',
  'https://www.example.com/docs/y',
  'https://www.example.com/about',
  'https://www.example.com/private/z',
];

describe('sites: selection of URLs', () => {
  it('include and exclude patterns, on the whole URL or (starting with /) on the path', () => {
    const picked = selectUrls(SITE, { include: ['https://www.example.com/blog/*', '/docs/*'], exclude: ['**/b', '/docs/y'] });
    assert.deepEqual(picked.selected, [
      'https://www.example.com/blog/a',
      'https://www.example.com/blog/c',
      'https://www.example.com/docs/x',
    ]);
    assert.deepEqual(picked.dropped, { notIncluded: 3, excluded: 2, sampledOut: 0, overMax: 0 });
  });

  it('sample K takes the first K of each path group in sitemap order, the same every time', () => {
    const once = selectUrls(SITE, { sample: 2 });
    assert.deepEqual(once.selected, [
      'https://www.example.com/',
      'https://www.example.com/blog/a',
      'https://www.example.com/blog/b',
      'https://www.example.com/docs/x',
      'https://www.example.com/docs/y',
      'https://www.example.com/about',
      'https://www.example.com/private/z',
    ]);
    assert.deepEqual(selectUrls(SITE, { sample: 2 }), once);
    assert.equal(once.dropped.sampledOut, 1);
    assert.equal(pathGroup('https://www.example.com/blog/a?x=1'), 'www.example.com/blog');
  });

  it('remap rewrites the prefix (production sitemap, staging rated) after the patterns, then max', () => {
    const picked = selectUrls(SITE, { include: ['/blog/*'], remap: 'https://www.example.com=https://staging.example.com', max: 2 });
    assert.deepEqual(picked.selected, ['https://staging.example.com/blog/a', 'https://staging.example.com/blog/b']);
    assert.equal(picked.dropped.overMax, 1);
    assert.deepEqual(parseRemap({ from: 'https://a.example', to: 'http://127.0.0.1:8080' }), {
      from: 'https://a.example',
      to: 'http://127.0.0.1:8080',
    });
  });

  it('refuses unusable options with a reason and selects nothing', () => {
    for (const options of [
      { remap: 'https://a.example' },
      { remap: 'javascript:x=https://a.example' },
      { sample: 0 },
      { max: 1.5 },
      { include: [''] },
      { exclude: ['x'.repeat(MAX_PATTERN_LENGTH + 1)] },
      { include: Array.from({ length: MAX_PATTERNS + 1 }, () => '/**') },
    ]) {
      const picked = selectUrls(SITE, options);
      assert.deepEqual(picked.selected, []);
      assert.equal(picked.problems.length, 1, JSON.stringify(options));
    }
  });

  it('* stops at / in scans too (as in the config): ** crosses', () => {
    assert.deepEqual(selectUrls(SITE, { include: ['https://www.example.com/*'] }).selected, [
      'https://www.example.com/',
      'https://www.example.com/about',
    ]);
    assert.equal(selectUrls(SITE, { include: ['https://www.example.com/**'] }).selected.length, SITE.length);
  });

  it('max never exceeds the job budget', () => {
    const many = Array.from({ length: MAX_JOB_URLS + 10 }, (_, i) => `https://e.example/${i}`);
    const picked = selectUrls(many);
    assert.equal(picked.selected.length, MAX_JOB_URLS);
    assert.equal(picked.dropped.overMax, 10);
  });
});
