// The content fixes are snippets, never text made up: a description's tab stop in YAML or TOML
// front matter or a <meta>, a title selected with the check's limits in the hint, alt="${1}" on an
// image or `![${1}](…)`. Front matter is edited as text: comments, anchors and key order survive.
import { strict as assert } from 'node:assert';
import { TITLE_LIMITS } from '../../../core/fixes/contentSnippets';
import { LIMITS } from '../../../core/analysis/checkTypes';
import { fixOf, refusal, snipped } from './fixHelpers';

const YAML = [
  '---',
  '# The page',
  'title: &t "Hello" # shown in tabs',
  'defaults: &d',
  '  layout: post',
  'tags: [a, b]',
  '---',
  'Body',
].join('\r\n');

describe('fixes: a description, as a snippet', () => {
  it('YAML: a new key before the closing fence, the CRLF and everything else kept', () => {
    const out = snipped(YAML, 'markdown-yaml', 'meta_description', 'About it');
    assert.equal(out, YAML.replace('tags: [a, b]\r\n', 'tags: [a, b]\r\ndescription: "About it"\r\n'));
    assert.match(fixOf(YAML, 'markdown-yaml', 'meta_description').hint!, /not empty/);
  });

  it('YAML: an empty value is filled where it is (a comment after it kept); a written one is left alone', () => {
    const text = '---\ntitle: x\ndescription: # TODO\n---\n';
    assert.equal(snipped(text, 'markdown-yaml', 'meta_description', 'Sum'), '---\ntitle: x\ndescription: "Sum" # TODO\n---\n');
    assert.equal(snipped('---\ndescription: ""\n---\n', 'markdown-yaml', 'meta_description', 'Sum'), '---\ndescription: "Sum"\n---\n');
    assert.match(refusal('---\ndescription: Written\n---\n', 'markdown-yaml', 'meta_description'), /already/);
    assert.match(refusal('---\ndescription: >\n  folded\n---\n', 'markdown-yaml', 'meta_description'), /block/);
    assert.match(refusal('No front matter', 'markdown-yaml', 'meta_description'), /front matter/);
  });

  it('TOML: a new top-level key before the first table', () => {
    const text = '+++\ntitle = "Post"\n[params]\ndescription = "not the page\'s"\n+++\nBody';
    assert.equal(
      snipped(text, 'markdown-toml', 'meta_description', 'Sum'),
      '+++\ntitle = "Post"\ndescription = "Sum"\n[params]\ndescription = "not the page\'s"\n+++\nBody',
    );
  });

  it('HTML: a <meta> after the title, in the file’s quotes; an empty content is selected', () => {
    const text = "<head>\n  <meta charset='utf-8'>\n  <title>A page</title>\n</head>";
    assert.equal(
      snipped(text, 'html', 'meta_description', 'Sum'),
      "<head>\n  <meta charset='utf-8'>\n  <title>A page</title>\n  <meta name='description' content='Sum'>\n</head>",
    );
    assert.equal(
      snipped('<meta content="" name="Description">', 'html', 'meta_description', 'Sum'),
      '<meta content="Sum" name="Description">',
    );
  });
});

describe('fixes: a title of the wrong length, selected', () => {
  it('the limits are the check’s', () => assert.deepEqual(TITLE_LIMITS, { min: LIMITS.titleMin, max: LIMITS.titleMax }));

  it('HTML: the title text as the placeholder, the limits and the length in the hint', () => {
    const fix = fixOf('<title>  Hi  </title>', 'html', 'title');
    assert.deepEqual(fix.snippet, { start: 7, end: 13, snippet: '${1:  Hi  }' });
    assert.match(fix.hint!, /10–60.*2/);
  });

  it('snippet syntax in the title is escaped (kept as text)', () => {
    assert.equal(fixOf('<title>Price: $5 {a}</title>', 'html', 'title').snippet!.snippet, '${1:Price: \\$5 {a\\}}');
    assert.equal(snipped('<title>Price: $5 {a}</title>', 'html', 'title'), '<title>Price: $5 {a}</title>');
  });

  it('YAML: the value inside its quotes after an anchor; plain values before a comment; TOML strings', () => {
    const fix = fixOf(YAML, 'markdown-yaml', 'title');
    assert.equal(YAML.slice(fix.snippet!.start, fix.snippet!.end), 'Hello');
    const plain = fixOf('---\ntitle: A plain one # c\n---\n', 'markdown-yaml', 'title');
    assert.equal(plain.snippet!.snippet, '${1:A plain one}');
    const toml = fixOf("+++\ntitle = 'Literal'\n+++\n", 'markdown-toml', 'title');
    assert.equal(toml.snippet!.snippet, '${1:Literal}');
  });

  it('no title: a new key or <title>; two titles, aliases and multi-line values: refused', () => {
    assert.equal(snipped('---\ndate: 2024\n---\n', 'markdown-yaml', 'title', 'T'), '---\ndate: 2024\ntitle: "T"\n---\n');
    assert.equal(snipped('<html><head></head></html>', 'html', 'title', 'T'), '<html><head><title>T</title></head></html>');
    assert.match(refusal('<title>a</title><title>b</title>', 'html', 'title'), /more than one/);
    assert.match(refusal('---\ntitle: *t\n---\n', 'markdown-yaml', 'title'), /alias/);
    assert.match(refusal('---\ntitle: first\n  continued\n---\n', 'markdown-yaml', 'title'), /multi-line/);
    assert.match(refusal('+++\ntitle = """\nx"""\n+++\n', 'markdown-toml', 'title'), /multi-line/);
    assert.match(refusal('<title>{{ .Title }}</title>', 'html-template', 'title'), /template/);
  });
});

describe('fixes: alt text, as a snippet', () => {
  it('alt="${1}" after src, in the element’s quotes; an image with an alt (even empty) is fine', () => {
    assert.equal(
      snipped("<img alt='' src='a.png'><img\n  src='b.png' width=3>", 'html', 'image_keywords', 'B'),
      "<img alt='' src='a.png'><img\n  src='b.png' alt='B' width=3>",
    );
  });

  it('Markdown: ![${1}](…) or a raw <img>, whichever comes first; code samples skipped', () => {
    const md = '---\ntitle: x\n---\n`![](code.png)`\n\n![](a.png) <img src="b.png">';
    assert.equal(snipped(md, 'markdown-yaml', 'image_keywords', 'A cat'), md.replace('![](a.png)', '![A cat](a.png)'));
    assert.match(refusal('---\ntitle: x\n---\n![An owl](a.png)', 'markdown-yaml', 'image_keywords'), /No element/);
  });
});
