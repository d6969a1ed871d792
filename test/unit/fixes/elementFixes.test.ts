// The body's deterministic fixes on real-world shapes: rel="noopener" keeping other rel values and
// the element's quotes, defer on blocking scripts only, deprecated tags renamed in both tags with
// their case; the finding's places fix only their element; Markdown code samples never change.
import { strict as assert } from 'node:assert';
import { MAX_FIX_EDITS } from '../../../core/fixes/elementFixes';
import { fixAll, fixFor } from '../../../core/fixes/sourceFixes';
import { fixed, fixOf, refusal, snipped } from './fixHelpers';

describe('fixes: rel="noopener" on new-tab links to other origins', () => {
  it('adds rel, or appends to an existing one (kept), in the element’s quotes', () => {
    const text = [
      '<a href="https://a.example/" target="_blank">a</a>',
      "<a target='_blank' href='https://b.example/' rel='external nofollow'>b</a>",
      '<a rel=external target=_blank href=//c.example/>c</a>',
      '<a\n  href="https://d.example/"\n  target="_blank"\n  rel="">d</a>',
    ].join('\n');
    assert.equal(
      fixed(text, 'html', 'unsafe_cross_origin_links'),
      [
        '<a href="https://a.example/" target="_blank" rel="noopener">a</a>',
        "<a target='_blank' href='https://b.example/' rel='external nofollow noopener'>b</a>",
        '<a rel="external noopener" target=_blank href=//c.example/>c</a>',
        '<a\n  href="https://d.example/"\n  target="_blank"\n  rel="noopener">d</a>',
      ].join('\n'),
    );
  });

  it('leaves same-origin, anchor, safe and templated links alone', () => {
    const text = [
      '<a href="/local" target="_blank">l</a>',
      '<a href="#top" target="_blank">t</a>',
      '<a href="https://x.example/" target="_blank" rel="noreferrer">n</a>',
      '<a href="https://x.example/" target="_top">o</a>',
      '<a href="https://site.example/page" target="_blank">own</a>',
      '<a href="{{ .URL }}" target="_blank">tpl</a>',
      '<a href="https://y.example/" target="_blank">y</a>',
    ].join('\n');
    const fix = fixOf(text, 'html-template', 'unsafe_cross_origin_links', { pageUrl: 'https://site.example/' });
    assert.equal(fix.edits.length, 1);
    assert.equal(text.slice(0, fix.edits[0].start).split('\n').length, 7, 'only the last link');
  });

  it('with places, only the link the finding points at; a place that is no such link is refused', () => {
    const text = '<p><a href="https://a.example/" target="_blank">a</a> <a href="https://b.example/" target="_blank">b</a></p>';
    const second = text.indexOf('<a', 5);
    const answer = fixFor(
      { text, kind: 'html' },
      { check: 'unsafe_cross_origin_links', places: [{ start: second, end: text.indexOf('</a>', second) + 4 }] },
    );
    assert.equal(answer.fix!.edits.length, 1);
    assert.ok(answer.fix!.edits[0].start > second);
    const wrong = fixFor({ text, kind: 'html' }, { check: 'unsafe_cross_origin_links', places: [{ start: 0, end: 3 }] });
    assert.match(wrong.reason!, /not where/);
  });
});

describe('fixes: defer on render-blocking scripts', () => {
  it('defer after the last attribute; async, defer, modules and inline scripts untouched', () => {
    const text = [
      '<script src="a.js"></script>',
      '<script\n  src="b.js"\n  integrity="sha384-x"\n></script>',
      '<script async src="c.js"></script>',
      '<script src="d.js" defer></script>',
      '<script type="module" src="e.js"></script>',
      '<script>var s = "<script src=x.js>";</script>',
    ].join('\n');
    assert.equal(
      fixed(text, 'html', 'defer_javascript'),
      [
        '<script src="a.js" defer></script>',
        '<script\n  src="b.js"\n  integrity="sha384-x" defer\n></script>',
        '<script async src="c.js"></script>',
        '<script src="d.js" defer></script>',
        '<script type="module" src="e.js"></script>',
        '<script>var s = "<script src=x.js>";</script>',
      ].join('\n'),
    );
    assert.match(refusal('<script async src="a.js"></script>', 'html', 'defer_javascript'), /No element/);
  });
});

describe('fixes: deprecated tags', () => {
  it('strike and s become del, tt becomes code, in both tags, keeping case and attributes', () => {
    const text = '<p><strike class="x">a</strike> <S>b</S> <tt>c <tt>d</tt></tt> <TT>e</TT></p>';
    assert.equal(
      fixed(text, 'html', 'deprecated_html_tags'),
      '<p><del class="x">a</del> <DEL>b</DEL> <code>c <code>d</code></code> <CODE>e</CODE></p>',
    );
  });

  it('font: no edit, a hint; alongside renamed tags, the fix carries the hint', () => {
    assert.match(refusal('<p><font color="red">x</font></p>', 'html', 'deprecated_html_tags'), /CSS/);
    const fix = fixOf('<center><tt>x</tt></center>', 'html', 'deprecated_html_tags');
    assert.equal(fix.edits.length, 2);
    assert.match(fix.hint!, /CSS/);
  });

  it('center: a snippet of a <div> with a class to name, its content and attributes kept, its CSS in the hint', () => {
    const text = '<body>\n  <CENTER id="offer">The desk at <b>half</b> price: $5 {now}</CENTER>\n</body>';
    const fix = fixOf(text, 'html', 'deprecated_html_tags');
    assert.equal(fix.deterministic, false);
    assert.match(fix.title, /<center> with a <div>/);
    assert.match(fix.hint!, /text-align: center/);
    assert.equal(
      snipped(text, 'html', 'deprecated_html_tags'),
      '<body>\n  <DIV class="center" id="offer">The desk at <b>half</b> price: \\$5 {now\\}</DIV>\n</body>',
      'the content kept, escaped in the snippet',
    );
    assert.equal(fix.snippet!.snippet, 'DIV class="${1:center}" id="offer">The desk at <b>half</b> price: \\$5 {now\\}</DIV');
    // The one at the finding's place; one with a class of its own, or without an end tag, by hand.
    const two = '<center>a</center><center>b</center>';
    const second = fixFor({ text: two, kind: 'html' }, { check: 'deprecated_html_tags', places: [{ start: 18, end: 26 }] });
    assert.equal(second.fix?.snippet?.start, 19);
    assert.match(refusal('<center class="x">a</center>', 'html', 'deprecated_html_tags'), /CSS by hand/);
    assert.match(refusal('<center>a', 'html', 'deprecated_html_tags'), /CSS by hand/);
    // Fix All leaves it to the person.
    assert.equal(fixAll({ text: two, kind: 'html' }, {}, ['deprecated_html_tags']).fixes.length, 0);
  });

  it('in Markdown: raw HTML is fixed, code samples (fenced, indented, inline) are not', () => {
    const md = [
      '---',
      'title: "<tt>in front matter</tt>"',
      '---',
      'Use `<tt>` like <tt>this</tt>.',
      '',
      '```html',
      '<tt>sample</tt>',
      '```',
      '',
      '    <tt>indented</tt>',
    ].join('\n');
    const out = fixed(md, 'markdown-yaml', 'deprecated_html_tags');
    assert.equal(out, md.replace('<tt>this</tt>', '<code>this</code>'));
  });

  it(`at most MAX_FIX_EDITS (${MAX_FIX_EDITS}) edits a fix (generated worst case: 100,000 tags)`, () => {
    const text = '<tt>x</tt>'.repeat(100_000);
    assert.match(refusal(text, 'html', 'deprecated_html_tags'), /Too many/);
    assert.equal(fixOf('<tt>x</tt>'.repeat(MAX_FIX_EDITS / 2), 'html', 'deprecated_html_tags').edits.length, MAX_FIX_EDITS);
  });
});
