// What keeps a fix safe: refused when the file changed since the finding, for JSX-like templates,
// past the scan budgets, for checks no edit fixes; "fix all" joins the deterministic fixes into one
// list of edits that never overlap.
import { strict as assert } from 'node:assert';
import { applyEdits } from '../../../core/fixes/combineEdits';
import { MAX_JSX_SNIFF_CHARS } from '../../../core/fixes/fixText';
import { MAX_FIX_SCAN_CHARS, MAX_FIX_TAGS, scanTags } from '../../../core/fixes/htmlTags';
import { fixAll, fixFor } from '../../../core/fixes/sourceFixes';

const PAGE =
  '<!doctype html>\n<html>\n<head>\n<title>A page of mine</title>\n</head>\n<body><a href="https://x.example/" target="_blank">x</a><tt>t</tt></body>\n</html>\n';

describe('fixes: the version guard', () => {
  it('refused when the text at the finding’s place changed; an edit elsewhere does not matter', () => {
    const at = PAGE.indexOf('<a ');
    const place = { start: at, end: PAGE.indexOf('</a>') + 4 };
    const finding = { check: 'unsafe_cross_origin_links', places: [place] };
    const elsewhere = PAGE.replace('A page of mine', 'A page of ours');
    assert.ok(fixFor({ text: elsewhere, kind: 'html', madeOn: PAGE }, finding).fix);
    const changed = PAGE.replace('https://x.example/', 'https://y.example/');
    assert.match(fixFor({ text: changed, kind: 'html', madeOn: PAGE }, finding).reason!, /changed/);
    assert.match(
      fixFor({ text: PAGE, kind: 'html' }, { check: 'unsafe_cross_origin_links', places: [{ start: 5, end: 1e9 }] }).reason!,
      /not where/,
    );
  });

  it('without places, any change of the text refuses the fix', () => {
    assert.ok(fixFor({ text: PAGE, kind: 'html', madeOn: PAGE }, { check: 'charset' }).fix);
    assert.match(fixFor({ text: PAGE + ' ', kind: 'html', madeOn: PAGE }, { check: 'charset' }).reason!, /changed/);
    assert.equal(fixAll({ text: PAGE + ' ', kind: 'html', madeOn: PAGE }).edits.length, 0);
  });
});

describe('fixes: JSX-like templates and checks without a fix', () => {
  for (const [name, text] of [
    ['JSX', 'export default function Page() {\n  return <html><head></head><a href="https://x.example/" target="_blank">x</a></html>;\n}'],
    ['className', '<div className="x"><img src="a.png"></div>'],
    ['Astro/Svelte attribute', '<html><img src={src}></html>'],
    ['MDX import', '---\ntitle: x\n---\nimport Chart from "./Chart"\n\n<tt>x</tt>'],
  ]) {
    it(`${name}: every fix refused`, () => {
      const kind = name === 'MDX import' ? 'markdown-yaml' : 'html-template';
      for (const check of ['charset', 'image_keywords', 'unsafe_cross_origin_links', 'deprecated_html_tags']) {
        assert.match(fixFor({ text, kind }, { check }).reason!, /JSX/, check);
      }
      assert.equal(fixAll({ text, kind }).edits.length, 0);
    });
  }

  it('a JSX sample in a Markdown code fence does not count', () => {
    assert.ok(
      fixFor(
        { text: '---\ntitle: x\n---\n```jsx\n<div className="x"/>\n```\n<tt>x</tt>', kind: 'markdown-yaml' },
        { check: 'deprecated_html_tags' },
      ).fix,
    );
  });

  it('site-level checks and unknown keys (even "__proto__"): no fix', () => {
    for (const check of ['https_encryption', 'load_time', 'server_signature', '__proto__', 'constructor']) {
      assert.match(fixFor({ text: PAGE, kind: 'html' }, { check }).reason!, /No quick fix/);
    }
  });
});

describe('fixes: fix all', () => {
  it('joins every deterministic fix: one list, sorted, not overlapping; charset before viewport at one offset', () => {
    const result = fixAll({ text: PAGE, kind: 'html' }, { configLang: 'en' });
    assert.deepEqual(
      result.fixes.map((f) => f.check),
      ['language', 'charset', 'meta_viewport', 'unsafe_cross_origin_links', 'deprecated_html_tags'],
    );
    for (let i = 1; i < result.edits.length; i++) assert.ok(result.edits[i].start >= result.edits[i - 1].end);
    const out = applyEdits(PAGE, result.edits);
    assert.ok(
      out.includes(
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>',
      ),
    );
    assert.ok(out.includes('rel="noopener"') && out.includes('<code>t</code>'));
    assert.deepEqual(
      result.skipped.map((s) => s.check),
      ['defer_javascript'],
    );
  });

  it('a lang without a known language is a snippet: skipped by fix all; only the checks asked for are fixed', () => {
    const result = fixAll({ text: PAGE, kind: 'html' }, {}, ['language', 'charset']);
    assert.deepEqual(
      result.fixes.map((f) => f.check),
      ['charset'],
    );
    assert.deepEqual(
      result.skipped.map((s) => s.check),
      ['language'],
    );
  });
});

describe('fixes: scan budgets', () => {
  it(`a file over MAX_FIX_SCAN_CHARS (${MAX_FIX_SCAN_CHARS}) is not fixed`, () => {
    const big = PAGE + ' '.repeat(MAX_FIX_SCAN_CHARS);
    assert.match(fixFor({ text: big, kind: 'html' }, { check: 'charset' }).reason!, /too large/);
  });

  it(`at most MAX_FIX_TAGS (${MAX_FIX_TAGS}) tags are read; past them, whole-file fixes are refused`, () => {
    const many = '<b>'.repeat(MAX_FIX_TAGS + 10) + '<a href="https://x.example/" target="_blank">';
    const scan = scanTags(many);
    assert.equal(scan.complete, false);
    assert.equal(scan.tags.length, MAX_FIX_TAGS);
    assert.match(fixFor({ text: many, kind: 'html' }, { check: 'unsafe_cross_origin_links' }).reason!, /too large/);
  });

  it(`signs of JSX are looked for in the first MAX_JSX_SNIFF_CHARS (${MAX_JSX_SNIFF_CHARS}) characters`, () => {
    const late = '<head></head>' + ' '.repeat(MAX_JSX_SNIFF_CHARS) + '<div className="x">';
    assert.ok(fixFor({ text: late, kind: 'html-template' }, { check: 'charset' }).fix);
    const early = '<div className="x">' + late;
    assert.match(fixFor({ text: early, kind: 'html-template' }, { check: 'charset' }).reason!, /JSX/);
  });

  it('hostile shapes stop the scan without a fix: an open quote, an unclosed comment, a script never closed', () => {
    for (const text of ['<a href="x' + ' <tt>'.repeat(50_000), '<!--' + '<tt>'.repeat(50_000), '<script>' + '<tt>'.repeat(50_000)]) {
      assert.equal(scanTags(text).complete, false);
      assert.ok(fixFor({ text, kind: 'html' }, { check: 'deprecated_html_tags' }).reason);
    }
  });
});
