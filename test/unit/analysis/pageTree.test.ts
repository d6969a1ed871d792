// The analysis's tree builder (pageTree.ts) builds the tree node-html-parser's parse builds, node
// for node — the same tags as written, attributes, text, ranges and nesting, the same repairs of
// unclosed and misnested tags — on generated pages, on tag soup made to hit every rule of the
// parser, and on the benchmark's pages; and its nodes answer the parser's getters alike.
import { strict as assert } from 'node:assert';
import * as fc from 'fast-check';
import { HTMLElement, parse, TextNode, type Node } from 'node-html-parser';
import { PARSE_OPTIONS } from '../../../core/analysis/htmlReading';
import { parseTree } from '../../../core/analysis/pageTree';
import { benchPage } from '../../../scripts/bench/benchPages';
import { generatedPage } from './pagesGen';

type Shape = (string | number | Shape)[];

/** Every field the analysis reads of a node, children included, as one value to compare. */
function shape(node: Node): Shape {
  if (node.nodeType === 3) return ['#text', node.rawText, ...node.range];
  const el = node as HTMLElement;
  return [el.rawTagName ?? '#root', el.rawAttrs, ...el.range, el.childNodes.map(shape)];
}

/** Also that each child's parent is the node that holds it. */
function parentsHold(node: Node): void {
  for (const child of node.childNodes) {
    assert.equal(child.parentNode, node);
    parentsHold(child);
  }
}

function sameTree(html: string): void {
  const expected = parse(html, PARSE_OPTIONS);
  const built = parseTree(html, PARSE_OPTIONS.blockTextElements);
  assert.deepEqual(shape(built), shape(expected), html.slice(0, 300));
  parentsHold(built);
}

// Tag names that meet each of the parser's rules (closed by an opening or an end tag, block text
// kept or dropped, void), in each case, and names every object has as keys.
const NAMES = [
  ...[
    'p',
    'P',
    'div',
    'DIV',
    'Div',
    'li',
    'LI',
    'ul',
    'ol',
    'b',
    'B',
    'a',
    'i',
    'td',
    'TD',
    'th',
    'tr',
    'tbody',
    'thead',
    'tfoot',
    'table',
  ],
  ...['h1', 'H1', 'h2', 'dt', 'dd', 'dl', 'body', 'html', 'head', 'title', 'TITLE', 'Title', 'span', 'em', 'section', 'audio', 'video'],
  ...['script', 'SCRIPT', 'Script', 'style', 'noscript', 'pre', 'PRE', 'textarea', 'xmp', 'iframe', 'noembed', 'noframes'],
  ...['br', 'BR', 'Br', 'img', 'IMG', 'meta', 'link', 'hr', 'input', 'wbr', 'svg', 'x-y', 'o:p', 'ı', 'K'],
  ...['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'length', 'name', 'documentfragmentcontainer'],
];
const name = fc.constantFrom(...NAMES);
const attrs = fc.constantFrom(
  '',
  ' id="x"',
  ' class="a b"',
  ' href=/x/',
  ' data-x=1/',
  " title='a > b'",
  ' style="color:red"',
  ' a=1 a=2',
  '\n id=y',
  ' x',
  ' ',
);
const words = fc.constantFrom('text', ' ', '\n', '&amp; &lt;', 'a@b.co', '<', '< b', '>', '&', '', '</', '<!', '<!-->');
const piece = fc.oneof(
  fc.tuple(name, attrs).map(([n, a]) => `<${n}${a}>`),
  fc.tuple(name, attrs).map(([n, a]) => `<${n}${a}/>`),
  name.map((n) => `</${n}>`),
  words,
  fc.constantFrom('<!-- c -->', '<!-- <p> -->', '<![CDATA[ <b> ]]>', '<!DOCTYPE html>', '<?xml?>', '</ p>', '<p/ >'),
);
const soup = fc.array(piece, { maxLength: 40 }).map((p) => p.join(''));

describe('analysis: the tree builder', () => {
  it('builds the parser’s tree for generated pages', () => {
    fc.assert(
      fc.property(generatedPage, (page) => sameTree(page.html)),
      { numRuns: 300 },
    );
  });

  it('builds the parser’s tree for tag soup: unclosed, misnested, self-closed, raw text, CDATA', () => {
    fc.assert(fc.property(soup, sameTree), { numRuns: 3_000 });
  });

  it('builds the parser’s tree for the benchmark’s pages and the edges of a text', () => {
    for (let i = 0; i < 20; i++) sameTree(benchPage(i, 30_000));
    for (const html of ['', ' ', 'text', '<', '<p>', '</p>', '<script>', '<script>x', '<pre></pre>', '<title>a</TITLE>b']) sameTree(html);
    // Each of the parser's rules once: closed by an opening, by an end tag, a <p> by its holder's end.
    const rules = ['<p>a<div>b', '<li>a<li>b', '<ul><li>a</ul>c', '<table><tr><td>x</table>y', '<dl><dt>a<dd>b</dl>c'];
    const holders = ['<section><p>x</section>y', '<a><p>x</a>y', '<div><p>x</div>y', '<SECTION><P>x</section>y'];
    for (const html of [...rules, ...holders]) sameTree(html);
  });

  it('gives nodes of the parser’s classes, whose getters read as the parser’s do', () => {
    const html = '<div id=a class="b c"><p title="x &amp; y">one &lt;two&gt;<br>three</div><img alt="" src=/i.png>';
    const built = parseTree(html, PARSE_OPTIONS.blockTextElements);
    const expected = parse(html, PARSE_OPTIONS);
    assert.ok(built instanceof HTMLElement);
    const [div, img] = built.childNodes as HTMLElement[];
    const [div2, img2] = expected.childNodes as HTMLElement[];
    assert.ok(div.childNodes[0] instanceof HTMLElement);
    assert.ok((div.childNodes[0] as HTMLElement).childNodes[0] instanceof TextNode);
    assert.equal(div.text, div2.text);
    assert.equal(div.structuredText, div2.structuredText);
    assert.equal(div.tagName, 'DIV');
    assert.equal((div.childNodes[0] as HTMLElement).getAttribute('title'), 'x & y');
    assert.deepEqual(img.attrs, img2.attrs);
    assert.equal(img.getAttribute('alt'), '');
    assert.equal(img.getAttribute('missing'), undefined);
    assert.equal(built.toString(), expected.toString());
  });
});
