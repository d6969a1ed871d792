// The config's `sources`: the problems of a config that must be refused (the entry, the field and
// why), and hostile inputs kept within the named budgets (pageSources.test.ts has the mapping).
import { strict as assert } from 'node:assert';
import {
  compileSources,
  MAX_FILE_LENGTH,
  MAX_PATH_SEGMENTS,
  MAX_SOURCES,
  MAX_URL_LENGTH,
  type SourceEntry,
} from '../../../core/sources/pageSources';
import { MAX_NAME_LENGTH, MAX_PATTERN_LENGTH, MAX_PATTERN_SEGMENTS } from '../../../core/sources/sourcePattern';
import { matcher, problems, SITE } from './sourcesFixtures';

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
