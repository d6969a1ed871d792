// A tag written inside a raw-text element (a textarea's text, a title, a script…) is text, never an
// element, for the analyser and for the quick fixes alike: no finding the fix cannot find, and a
// real link beside it is found by both. `template` holds real (inert) tags: both count them.
import { strict as assert } from 'node:assert';
import { analyseHtml } from '../../../core/analysis/localAnalysis';
import { RAW_TEXT_ELEMENTS } from '../../../core/analysis/rawText';
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
