// The page's text and words as the checks read them, computed in one walk and in place, agree with
// their definitions: node-html-parser's structuredText collapsed (the text), `words(text)` (the
// count and the title words found), and the complexity caps with their shortcut for small pages.
import { strict as assert } from 'node:assert';
import * as fc from 'fast-check';
import { parse } from 'node-html-parser';
import { analyseHtml } from '../../../core/analysis/localAnalysis';
import { complexityProblem, measureComplexity, PAGE_CAPS } from '../../../core/analysis/pageComplexity';
import { resolverFor } from '../../../core/analysis/pageRefs';
import { walkPage } from '../../../core/analysis/pageWalk';
import { jsonBytes } from '../../../core/analysis/resultsBudget';
import { hasWord, textCounts, words, wordsFound } from '../../../core/analysis/pageWords';

const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim();
// Words, spaces and marks that test the edges: entities, non-breaking and other spaces, line
// breaks, letters that change length in lower case, pairs of surrogates, punctuation.
const piece = fc.constantFrom(
  'word',
  'Über',
  'İstanbul',
  'ΣΑΣ',
  'x_y',
  '42',
  '😀a',
  '𝒜b',
  'a.b',
  'mail@example.com',
  '&amp;',
  '&nbsp;',
  '&#160;',
  '&eacute;t&eacute;',
  ' ',
  '  ',
  '\n',
  '\r\n',
  '\t',
  '\u00a0',
  '\u3000',
  '\ufeff',
  ',',
  '-',
);
const text = fc.array(piece, { maxLength: 12 }).map((p) => p.join(''));
const tag = fc.constantFrom('p', 'div', 'span', 'b', 'li', 'td', 'h1', 'br', 'DIV', 'Div', 'section', 'a', 'em', 'body');
const fragment: fc.Arbitrary<string> = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    fc.tuple(tag, fc.array(tie('node'), { maxLength: 4 })).map(([t, kids]) => `<${t}>${(kids as string[]).join('')}</${t}>`),
  ),
})).node as fc.Arbitrary<string>;

describe('analysis: the page text in one walk', () => {
  it('is structuredText of the first body (else of the root), once whitespace is collapsed', () => {
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 5 }), fc.boolean(), (parts, withBody) => {
        const html = withBody ? `<html><head><title>t</title></head><body>${parts.join('')}</body></html>` : parts.join('');
        const root = parse(html, { comment: false });
        const walked = walkPage(root, () => undefined);
        const body = root.querySelector('body') ?? root;
        assert.equal(collapse(walked.bodyText), collapse(body.structuredText));
        const counts = textCounts(walked.bodyText, walked.bodyText.toLowerCase());
        assert.equal(counts.collapsedLength, collapse(body.structuredText).length);
        assert.equal(counts.words, words(collapse(body.structuredText)).length);
        assert.equal(walked.elements, root.querySelectorAll('*').length);
      }),
      { numRuns: 400 },
    );
  });

  it('counts and finds words as words() splits them, in any script', () => {
    fc.assert(
      fc.property(text, fc.array(piece, { maxLength: 40 }), (t, title) => {
        const lower = t.toLowerCase();
        const all = words(t);
        assert.equal(textCounts(t, lower).words, all.length);
        assert.equal(textCounts(t, lower).collapsedLength, collapse(t).length);
        const wanted = [...new Set(words(title.join(' ')))];
        assert.deepEqual(
          wordsFound(lower, wanted),
          wanted.filter((w) => all.includes(w)),
        );
        for (const w of wanted) assert.equal(hasWord(lower, w), all.includes(w), w);
      }),
      { numRuns: 500 },
    );
  });

  it('finds a word only whole: not inside a longer word, in any case, across a surrogate pair', () => {
    assert.equal(hasWord('reports and more', 'report'), false);
    assert.equal(hasWord('reports and report.', 'report'), true);
    assert.equal(hasWord('𝒜report', 'report'), false);
    assert.equal(hasWord('😀report', 'report'), true);
    assert.equal(hasWord('', 'x'), false);
  });

  it('with many title words, reads the text into a set once (not a scan per word)', () => {
    const wanted = Array.from({ length: 5_000 }, (_, i) => `w${i}`);
    const lower = Array.from({ length: 20_000 }, (_, i) => `w${i * 2}`).join(' ');
    const found = wordsFound(lower, wanted);
    assert.equal(found.length, 2_500);
    assert.equal(found[1], 'w2');
  });

  it('reads tag names that every object has as a key (constructor, toString…) as the parser does, and does not fail on them', () => {
    for (const html of [
      '<constructor><p>x',
      '<toString><b>y</toString>',
      '<li>a</hasOwnProperty>',
      '<valueOf><name>z',
      '<p>a</constructor>',
    ]) {
      assert.doesNotThrow(() => measureComplexity(html, PAGE_CAPS), html);
      const analysis = analyseHtml(`<html lang="en"><head><title>t</title></head><body>${html}</body></html>`);
      assert.ok(analysis.judged > 0, html);
    }
    // A page of more than 1,000 start tags gets the pre-scan's full pass (a smaller one is within the caps at once).
    const long = analyseHtml(`<html lang="en"><body><constructor><ul>${'<li>part</li>'.repeat(1_100)}</ul></constructor></body></html>`);
    assert.ok(long.judged > 0);
    // The parser closes an open <constructor> on any tag named after one of Object's own keys.
    assert.equal(measureComplexity('<constructor><name><name>', PAGE_CAPS).depth, 2);
  });

  it('refuses a page past the caps whether or not it has few start tags', () => {
    const caps = { ...PAGE_CAPS, maxDepth: 50, maxElements: 1_000 };
    assert.equal(complexityProblem('<div>'.repeat(50), caps), undefined);
    assert.match(complexityProblem('<div>'.repeat(51), caps) ?? '', /nested more than 50/);
    // Many start tags but shallow: the full pass runs and finds nothing past the caps.
    assert.equal(complexityProblem('<br>'.repeat(900), caps), undefined);
    assert.equal(measureComplexity('<br>'.repeat(900), caps).depth, 0);
    assert.match(complexityProblem('<br>'.repeat(1_001), caps) ?? '', /more than 1,000 elements/);
    // Not a start tag: a "<" before a digit, a space or an end tag.
    assert.equal(complexityProblem('<1 < a </div>'.repeat(100), caps), undefined);
  });
});

describe('analysis: the bytes of a record counted without its JSON', () => {
  it('are the bytes of JSON.stringify for any data a check holds', () => {
    const data = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.string({ unit: 'binary' }),
        fc.string(),
        fc.double(),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.constant(undefined),
        fc.array(tie('value'), { maxLength: 5 }),
        fc.dictionary(fc.string({ unit: 'binary' }), tie('value'), { maxKeys: 5 }),
      ),
    })).value;
    fc.assert(
      fc.property(data, (value) => {
        assert.equal(jsonBytes(value), Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8'));
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('analysis: links resolved against the page', () => {
  it('as new URL(href, page).href, the plain paths without a URL object', () => {
    const part = fc.constantFrom('/', 'a', 'B', '.', '..', '%2e', ' ', '?', '#', '\\', ':', '@', 'ä', '~', '(', "'", '&', '=');
    const href = fc.array(part, { maxLength: 8 }).map((p) => p.join(''));
    const page = fc.constantFrom(
      'https://site.example/x/y',
      'http://EXAMPLE.com:80/',
      'https://bücher.example/',
      'http://u:p@h.example/',
      'http://[::1]:8080/a',
    );
    fc.assert(
      fc.property(page, href, (base, h) => {
        let expected: string;
        try {
          expected = new URL(h, base).href;
        } catch {
          expected = h;
        }
        assert.equal(resolverFor(base)(h), expected);
      }),
      { numRuns: 3_000 },
    );
  });
});
