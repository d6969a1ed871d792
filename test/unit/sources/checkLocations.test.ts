// Where a page's failed checks are fixed in its source file: the front matter's title and
// description lines (YAML and TOML), an HTML template's <title> and description <meta>, the
// first line for everything else; only the file's head is read (named budgets).
import { strict as assert } from 'node:assert';
import {
  checkLocations,
  frontMatterOf,
  MAX_FRONT_MATTER_LINES,
  MAX_HEAD_CHARS,
  MAX_HTML_LINES,
  MAX_RANGE_CHARS,
  MAX_TAG_CHARS,
} from '../../../core/sources/checkLocations';

const at = (text: string, check: string) => {
  const [found] = checkLocations(text, [check]);
  return [found.line, found.startColumn, found.endColumn];
};

const YAML = ['---', 'title: Hello world', 'date: 2024-01-01', 'description: "A short page"', '---', '', '# Hello', 'Text.'].join('\n');

describe('sources: where a failed check is fixed', () => {
  it('YAML front matter: title and description on their lines, the value as the range', () => {
    assert.deepEqual(at(YAML, 'title'), [1, 7, 18]);
    assert.deepEqual(at(YAML, 'meta_description'), [3, 13, 27]);
    assert.deepEqual(at(YAML, 'headings'), [0, 0, 3]);
    assert.deepEqual(at(YAML, 'https_encryption'), [0, 0, 3]);
  });

  it('a title line of 60,000 spaces around a word (generated worst case in the 64 KiB head, linear): the value found', () => {
    const spaces = ' '.repeat(30_000);
    const text = ['---', `title:${spaces}x${spaces}`, '---'].join('\n');
    const [line, start, end] = at(text, 'title');
    assert.equal(line, 1);
    assert.equal(start, 6 + spaces.length);
    assert.equal(end, start + 1);
  });

  it('keeps the order of the checks asked for', () => {
    assert.deepEqual(
      checkLocations(YAML, ['headings', 'title', 'meta_description']).map((l) => [l.check, l.line]),
      [
        ['headings', 0],
        ['title', 1],
        ['meta_description', 3],
      ],
    );
  });

  it('a description the front matter does not write is fixed on the first line; an empty value marks the key', () => {
    const text = ['---', 'title:', 'tags: [a]', '---', 'Body'].join('\n');
    assert.deepEqual(at(text, 'meta_description'), [0, 0, 3]);
    assert.deepEqual(at(text, 'title'), [1, 0, 5]);
  });

  it('CRLF line ends, a byte order mark, quoted keys and `...` as the closing line', () => {
    const text = '\uFEFF---\r\n"title": Quoted\r\ndescription:   spaced   \r\n...\r\nBody';
    assert.deepEqual(at(text, 'title'), [1, 9, 15]);
    assert.deepEqual(at(text, 'meta_description'), [2, 15, 21]);
    assert.deepEqual(at(text, 'headings'), [0, 1, 4]);
  });

  it('nested keys are not the page title', () => {
    const text = ['---', 'author:', '  title: Editor', 'title: Page', '---'].join('\n');
    assert.deepEqual(at(text, 'title'), [3, 7, 11]);
  });

  it('TOML front matter between +++ lines; keys of a table are not the page title', () => {
    const text = ['+++', 'title = "Post"', 'description = "About it"', '[params]', 'title = "other"', '+++'].join('\n');
    assert.deepEqual(at(text, 'title'), [1, 8, 14]);
    assert.deepEqual(at(text, 'meta_description'), [2, 14, 24]);
    const tableOnly = ['+++', '[params]', 'title = "other"', '+++'].join('\n');
    assert.deepEqual(at(tableOnly, 'title'), [0, 0, 3]);
    assert.deepEqual(at(['+++', 'title: "yaml in toml"', '+++'].join('\n'), 'title'), [0, 0, 3]);
  });

  it('an HTML template: the <title> line and the description <meta> line', () => {
    const text = [
      '<!doctype html>',
      '<html><head>',
      '  <meta charset="utf-8">',
      '  <TITLE>{{ .Title }}</TITLE>',
      '  <meta property="og:description" content="x">',
      '  <meta content="{{ .Summary }}" name="description">',
      '</head>',
    ].join('\n');
    assert.deepEqual(at(text, 'title'), [3, 2, 29]);
    assert.deepEqual(at(text, 'meta_description'), [5, 2, 52]);
    assert.deepEqual(at(text, 'headings'), [0, 0, 15]);
    assert.deepEqual(at('<meta name=description content=x>', 'meta_description'), [0, 0, 33]);
  });

  it('frontMatterOf: the same reading in offsets (CRLF, a byte order mark, a TOML table)', () => {
    const yaml = '\uFEFF---\r\ntitle: Hi\r\n---\r\n';
    const fm = frontMatterOf(yaml)!;
    assert.deepEqual([fm.fence, fm.eol, fm.closeStart, fm.title], ['---', '\r\n', 17, { start: 6, end: 15, keyEnd: 11 }]);
    const toml = frontMatterOf('+++\ntitle = "x"\n[params]\ndescription = "y"\n+++\n')!;
    assert.deepEqual([toml.firstTableStart, toml.description], [16, undefined]);
    assert.equal(frontMatterOf('---\ntitle: open'), undefined);
  });

  it('a front matter that is not closed is no front matter', () => {
    const text = ['---', 'title: Never closed', 'Body'].join('\n');
    assert.deepEqual(at(text, 'title'), [0, 0, 3]);
  });

  it('an empty file, or no text at all, puts every check on line 0', () => {
    assert.deepEqual(at('', 'title'), [0, 0, 0]);
    assert.deepEqual(at(undefined as unknown as string, 'title'), [0, 0, 0]);
  });
});

describe('sources: check locations within budgets', () => {
  it(`front matter is read for at most MAX_FRONT_MATTER_LINES (${MAX_FRONT_MATTER_LINES}) lines`, () => {
    const filler = Array.from({ length: MAX_FRONT_MATTER_LINES - 2 }, (_, i) => `k${i}: v`);
    const within = ['---', ...filler, 'title: Late', '---'].join('\n');
    assert.deepEqual(at(within, 'title'), [MAX_FRONT_MATTER_LINES - 1, 7, 11]);
    const beyond = ['---', ...filler, 'x: y', 'title: Too late', '---'].join('\n');
    assert.deepEqual(at(beyond, 'title'), [0, 0, 3]);
  });

  it(`only the first MAX_HEAD_CHARS (${MAX_HEAD_CHARS}) characters are read`, () => {
    const huge = `---\nbody: ${'x'.repeat(MAX_HEAD_CHARS)}\ntitle: After the head\n---\n`;
    assert.deepEqual(at(huge, 'title'), [0, 0, 3]);
    const html = `${'\n'.repeat(MAX_HTML_LINES)}<title>Too far</title>`;
    assert.deepEqual(at(html, 'title'), [0, 0, 0]);
  });

  it(`a range covers at most MAX_RANGE_CHARS (${MAX_RANGE_CHARS}) characters`, () => {
    const [line] = checkLocations(`---\ntitle: ${'t'.repeat(50_000)}\n---`, ['title']);
    assert.equal(line.endColumn - line.startColumn, MAX_RANGE_CHARS);
    const [first] = checkLocations('y'.repeat(1_000_000), ['headings']);
    assert.deepEqual([first.line, first.startColumn, first.endColumn], [0, 0, MAX_RANGE_CHARS]);
  });

  it('a hostile head (thousands of unclosed <meta and <title) is answered on the first line', () => {
    const text = '<meta name '.repeat(20_000) + '<title'.repeat(10_000);
    assert.deepEqual(at(text, 'meta_description'), [0, 0, MAX_RANGE_CHARS]);
    const lines = Array.from({ length: 100_000 }, () => '<meta').join('\n');
    assert.deepEqual(at(lines, 'meta_description'), [0, 0, 5]);
  });

  it(`a <meta> tag is read for its name within MAX_TAG_CHARS (${MAX_TAG_CHARS}) characters`, () => {
    const pad = (n: number) => ` data-x="${'x'.repeat(n)}"`;
    assert.equal(at(`x\n<meta${pad(MAX_TAG_CHARS - 40)} name="description">`, 'meta_description')[0], 1);
    assert.equal(at(`x\n<meta${pad(MAX_TAG_CHARS)} name="description">`, 'meta_description')[0], 0);
  });

  it('a million lines of YAML and 100,000 checks: one location per check', () => {
    const text = ['---', ...Array.from({ length: 1_000_000 }, () => 'a: b')].join('\n');
    const checks = Array.from({ length: 100_000 }, (_, i) => (i % 2 ? 'title' : `c${i}`));
    const found = checkLocations(text, checks);
    assert.equal(found.length, checks.length);
    assert.ok(found.every((l) => l.line === 0));
  });
});
