// Property: every deterministic fix, applied to a generated page, makes its check pass in the
// analysis and turns no other check from pass to fail. The analysis is the service's
// (service/analyze.ts) until the core analyser lands. Pages vary what the fixes must respect:
// with or without <head>, single or double quotes, CRLF, attributes in any order, <html> split
// across lines, links and scripts of every kind, deprecated tags.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { applyEdits } from '../../../core/fixes/combineEdits';
import { DETERMINISTIC_CHECKS, fixAll, fixFor } from '../../../core/fixes/sourceFixes';
import { analyseHtml } from '../../../core/analysis/localAnalysis';

const PAGE_URL = 'https://site.example/page';

/** The verdict of each check judged from the page itself (the local analysis the editor runs). */
function passes(html: string): Record<string, boolean> {
  const { checks } = analyseHtml(html, { url: PAGE_URL });
  return Object.fromEntries(checks.filter((c) => c.judged && c.passed !== null).map((c) => [c.key, c.passed === true]));
}

/** Size ratios move with any markup added: a borderline page's ratio is not the fix's to keep. */
const SIZE_MEASURES = new Set(['text_html_ratio']);

const attrs = (q: string, pairs: [string, string | null][]): string =>
  pairs.map(([n, v]) => (v === null ? ` ${n}` : ` ${n}=${q}${v}${q}`)).join('');

const link = fc.record({
  href: fc.constantFrom('https://other.example/x', '//cdn.example/', '/local', '#top', 'https://site.example/own', 'mailto:a@b.example'),
  target: fc.constantFrom('_blank', '_self', null),
  rel: fc.constantFrom(null, '', 'external', 'nofollow noreferrer', 'noopener'),
  order: fc.boolean(),
});
const script = fc.record({
  src: fc.constantFrom('a.js', 'https://cdn.example/b.js', null),
  mode: fc.constantFrom(null, 'defer', 'async'),
  module: fc.boolean(),
});
const page = fc.record({
  q: fc.constantFrom('"', "'"),
  eol: fc.constantFrom('\n', '\r\n'),
  indent: fc.constantFrom('', '  ', '\t'),
  head: fc.boolean(),
  splitHtml: fc.boolean(),
  lang: fc.boolean(),
  charset: fc.boolean(),
  viewport: fc.boolean(),
  links: fc.array(link, { maxLength: 4 }),
  scripts: fc.array(script, { maxLength: 3 }),
  tags: fc.array(fc.constantFrom('strike', 's', 'tt', 'STRIKE', 'b', 'center'), { maxLength: 4 }),
  words: fc.array(fc.constantFrom('alpha', 'beta', 'gamma', 'delta'), { minLength: 1, maxLength: 30 }),
});

type Page = typeof page extends fc.Arbitrary<infer T> ? T : never;

function render(p: Page): string {
  const { q, eol, indent: i } = p;
  const head = [
    p.charset ? `<meta charset=${q}utf-8${q}>` : '',
    p.viewport ? `<meta name=${q}viewport${q} content=${q}width=device-width${q}>` : '',
    '<title>A generated page of words</title>',
    ...p.scripts.map(
      (s) =>
        `<script${attrs(q, [...(s.module ? [['type', 'module'] as [string, string]] : []), ...(s.src ? [['src', s.src] as [string, string]] : []), ...(s.mode ? [[s.mode, null] as [string, null]] : [])])}>${s.src ? '' : 'var x = 1;'}</script>`,
    ),
  ].filter(Boolean);
  const body = [
    `<h1>${p.words.join(' ')}</h1>`,
    ...p.links.map((l) => {
      const pairs: [string, string | null][] = [
        ['href', l.href],
        ...(l.target ? [['target', l.target] as [string, string]] : []),
        ...(l.rel === null ? [] : [['rel', l.rel] as [string, string]]),
      ];
      return `<a${attrs(q, l.order ? pairs.reverse() : pairs)}>link</a>`;
    }),
    ...p.tags.map((t) => `<${t}>${p.words[0]}</${t}>`),
  ];
  const html = p.splitHtml
    ? `<html${eol}${i}class=${q}x${q}${p.lang ? ` lang=${q}en${q}` : ''}>`
    : `<html${p.lang ? ` lang=${q}en${q}` : ''}>`;
  const headPart = p.head ? [`${i}<head>`, ...head.map((h) => `${i}${i}${h}`), `${i}</head>`] : head.map((h) => `${i}${h}`);
  return ['<!doctype html>', html, ...headPart, `${i}<body>`, ...body.map((b) => `${i}${i}${b}`), `${i}</body>`, '</html>', ''].join(eol);
}

/** What a fix leaves to the person, so its check may still fail after it. */
function leftToPerson(check: string, p: Page): boolean {
  if (check === 'defer_javascript') return p.scripts.some((s) => s.src && s.module && !s.mode);
  if (check === 'deprecated_html_tags') return p.tags.includes('center');
  return false;
}

describe('fixes: property — a deterministic fix makes its check pass and breaks no other', () => {
  it('each fix alone, on 300 generated pages', () => {
    fc.assert(
      fc.property(page, (p) => {
        const html = render(p);
        const before = passes(html);
        for (const check of DETERMINISTIC_CHECKS) {
          const answer = fixFor({ text: html, kind: 'html' }, { check }, { configLang: 'en', pageUrl: PAGE_URL });
          if (!before[check] && !leftToPerson(check, p)) assert.ok(answer.fix, `${check} failed but got no fix: ${answer.reason}`);
          if (!answer.fix) continue;
          const after = passes(applyEdits(html, answer.fix.edits));
          if (!leftToPerson(check, p)) assert.equal(after[check], true, `${check} still fails after its fix`);
          for (const [other, ok] of Object.entries(before)) {
            if (ok && !SIZE_MEASURES.has(other)) assert.equal(after[other], true, `${other} went from pass to fail after the ${check} fix`);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('fix all at once, on 200 generated pages', () => {
    fc.assert(
      fc.property(page, (p) => {
        const html = render(p);
        const before = passes(html);
        const { edits, fixes } = fixAll({ text: html, kind: 'html' }, { configLang: 'en', pageUrl: PAGE_URL });
        const after = passes(applyEdits(html, edits));
        for (const fix of fixes) if (!leftToPerson(fix.check, p)) assert.equal(after[fix.check], true, `${fix.check} still fails`);
        for (const [other, ok] of Object.entries(before)) if (ok && !SIZE_MEASURES.has(other)) assert.equal(after[other], true, other);
      }),
      { numRuns: 200 },
    );
  });
});
