// The analyser and the quick fixes read a page as browsers do, and alike, so no finding points
// where the fix finds nothing: a tag written inside a raw-text element (a textarea's text, a title,
// a script…) is text, never an element, and a real link beside it is found by both; `template`
// holds real (inert) tags: both count them. A repeated attribute is the first, in any case.
import { strict as assert } from 'node:assert';
import { analyseHtml } from '../../../core/analysis/localAnalysis';
import { RAW_TEXT_ELEMENTS } from '../../../core/analysis/rawText';
import { applyEdits } from '../../../core/fixes/combineEdits';
import { fixFor } from '../../../core/fixes/sourceFixes';

const LINK = '<a target=_blank href="https://other.example/">out</a>';
const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A page</title></head><body>${body}</body></html>`;
const unsafe = (html: string) =>
  analyseHtml(html, { url: 'https://site.example/' }).checks.find((c) => c.key === 'unsafe_cross_origin_links')!;
const fixes = (html: string) => fixFor({ text: html, kind: 'html' }, { check: 'unsafe_cross_origin_links' }).fix;

describe('analysis: tags inside raw-text elements are text', () => {
  for (const name of RAW_TEXT_ELEMENTS) {
    it(`<${name}>: a link written inside is no unsafe link, and the fix finds nothing there either`, () => {
      const html = page(`<${name}>${LINK}</${name}><p>after</p>`);
      assert.equal(unsafe(html).passed, true, name);
      assert.equal(fixes(html), undefined, name);
      // A real one after it: failed, and the fix finds that one.
      const both = page(`<${name}>${LINK}</${name}>${LINK}`);
      assert.equal(unsafe(both).passed, false, name);
      const fix = fixes(both);
      assert.ok(fix, name);
      assert.ok(
        fix.edits.every((e) => e.start > both.indexOf(`</${name}>`)),
        `${name}: ${JSON.stringify(fix.edits)}`,
      );
    });
  }

  it('the end tag is found in any case; a title keeps its text', () => {
    const html = page(`<TEXTAREA>${LINK}</TextArea>`);
    assert.equal(unsafe(html).passed, true);
    assert.equal(analyseHtml(page('<p>x</p>')).checks.find((c) => c.key === 'title')?.value, 'A page');
  });

  it('<template> holds real tags: judged and fixed alike', () => {
    const html = page(`<template>${LINK}</template>`);
    assert.equal(unsafe(html).passed, false);
    assert.ok(fixes(html));
  });
});

describe('analysis and fixes: a repeated attribute is read as browsers read it, the first in any case', () => {
  it('<a target=_blank REL=noopener rel=x>: safe for both (rel is noopener), nothing to fix', () => {
    const html = page('<a target=_blank REL=noopener rel=x href="https://other.example/">out</a>');
    assert.equal(unsafe(html).passed, true);
    assert.equal(fixes(html), undefined);
  });

  it('<a target=_blank rel=x REL=noopener>: unsafe for both (rel is x), and the fix puts noopener in the first rel', () => {
    const html = page('<a target=_blank rel=x REL=noopener href="https://other.example/">out</a>');
    assert.equal(unsafe(html).passed, false);
    const fix = fixes(html);
    assert.ok(fix);
    const after = applyEdits(html, fix.edits);
    assert.equal(unsafe(after).passed, true, after);
  });

  it('<a target=_self TARGET=_blank> opens in the same tab: no unsafe link; <a target=_blank TARGET=_self> is one', () => {
    assert.equal(unsafe(page('<a target=_self TARGET=_blank href="https://other.example/">out</a>')).passed, true);
    assert.equal(unsafe(page('<a target=_blank TARGET=_self href="https://other.example/">out</a>')).passed, false);
  });
});
