// Structural safety checks on renderer output, parsed with node-html-parser plus a raw scan
// of every '<' (the parser is lenient, so both are used). Not a test file itself.

import * as assert from 'node:assert/strict';
import { parse, HTMLElement, NodeType, Node } from 'node-html-parser';
import { WEBVIEW_ACTIONS } from '../../../core/render/messages';

/** Tags the body renderers may produce. */
export const BODY_TAGS = new Set([
  'header',
  'section',
  'div',
  'h1',
  'h2',
  'h3',
  'p',
  'span',
  'dl',
  'dt',
  'dd',
  'ul',
  'li',
  'time',
  'button',
  'svg',
  'circle',
  'rect',
  'g',
  'text',
  'meter',
  'table',
  'caption',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'details',
  'summary',
]);

/** Tags the page frame adds around a body. */
export const PAGE_TAGS = new Set([...BODY_TAGS, 'html', 'head', 'meta', 'link', 'title', 'script', 'body', 'main']);

const ALLOWED_ATTRS = new Set([
  'class',
  'id',
  'role',
  'title',
  'type',
  'datetime',
  'viewbox',
  'width',
  'height',
  'cx',
  'cy',
  'r',
  'x',
  'y',
  'rx',
  'fill',
  'stroke-width',
  'stroke-linecap',
  'stroke-dasharray',
  'transform',
  'text-anchor',
  'dominant-baseline',
  'min',
  'max',
  'value',
  'scope',
  'data-action',
  'data-view',
  'data-report-id',
  'lang',
  'charset',
  'http-equiv',
  'content',
  'name',
  'rel',
  'href',
  'nonce',
  'src',
  'defer',
]);

export interface SafetyOptions {
  page?: { nonce: string; scriptUri: string; styleUri: string; codiconUri?: string };
}

function allElements(root: Node, out: HTMLElement[] = []): HTMLElement[] {
  for (const child of root.childNodes) {
    if (child.nodeType === NodeType.ELEMENT_NODE) {
      out.push(child as HTMLElement);
    }
    allElements(child, out);
  }
  return out;
}

function hasComment(root: Node): boolean {
  return root.childNodes.some((c) => c.nodeType === NodeType.COMMENT_NODE || hasComment(c));
}

function normalisedUrl(value: string): string {
  // What a browser would see: control characters and whitespace are ignored in schemes.
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
}

export function parseHtml(markup: string): HTMLElement {
  return parse(markup, { comment: true, lowerCaseTagName: true });
}

/** Asserts that the markup contains only the expected elements and harmless attributes. */
export function assertSafeMarkup(markup: string, opts: SafetyOptions = {}): HTMLElement {
  const allowedTags = opts.page ? PAGE_TAGS : BODY_TAGS;

  // 1. Raw scan: every '<' must open or close an allowed tag (or be the doctype).
  const tagRe = /<(\/?)([A-Za-z][A-Za-z0-9-]*)(?=[\s/>])/y;
  for (let i = markup.indexOf('<'); i >= 0; i = markup.indexOf('<', i + 1)) {
    if (markup.startsWith('<!DOCTYPE html>', i) && i === 0) {
      continue;
    }
    tagRe.lastIndex = i;
    const m = tagRe.exec(markup);
    assert.ok(m, `unexpected '<' at ${i}: ${JSON.stringify(markup.slice(i, i + 40))}`);
    assert.ok(allowedTags.has(m[2]), `unexpected tag <${m[2]}> at ${i}`);
  }
  assert.ok(!markup.includes('<!--'), 'no comments');
  assert.ok(!markup.includes('<![CDATA['), 'no CDATA');

  // 2. Parsed structure.
  const root = parseHtml(markup);
  assert.ok(!hasComment(root), 'no comment nodes');
  const elements = allElements(root);
  const scripts = elements.filter((e) => e.tagName.toLowerCase() === 'script');
  for (const el of elements) {
    const tag = el.tagName.toLowerCase();
    assert.ok(allowedTags.has(tag), `unexpected element <${tag}>`);
    for (const [name, value] of Object.entries(el.attributes)) {
      const lname = name.toLowerCase();
      assert.ok(!lname.startsWith('on'), `event handler attribute ${name} on <${tag}>`);
      assert.ok(lname !== 'style', `inline style on <${tag}>`);
      assert.ok(ALLOWED_ATTRS.has(lname) || lname.startsWith('aria-'), `unexpected attribute ${name} on <${tag}>`);
      if (['href', 'src', 'action', 'formaction', 'xlink:href', 'data'].includes(lname)) {
        const url = normalisedUrl(value);
        assert.ok(!url.startsWith('javascript:'), `javascript: URL in ${name}`);
        assert.ok(!url.startsWith('command:'), `command: URL in ${name}`);
        assert.ok(!url.startsWith('data:'), `data: URL in ${name}`);
        assert.ok(tag === 'link' || tag === 'script', `${name} only on link/script, found on <${tag}>`);
      }
      if (lname === 'data-action') {
        assert.ok((WEBVIEW_ACTIONS as readonly string[]).includes(value), `unknown action ${value}`);
        assert.equal(tag, 'button');
      }
    }
    if (tag === 'button') {
      assert.equal(el.getAttribute('type'), 'button');
      assert.ok(el.getAttribute('data-action'), 'buttons carry an action');
      assert.ok(el.getAttribute('aria-label'), 'buttons carry an aria-label');
    }
  }

  // 3. Scripts, links and metas: only the frame's own.
  if (opts.page) {
    assert.equal(scripts.length, 1, 'exactly one script');
    assert.equal(scripts[0].getAttribute('nonce'), opts.page.nonce);
    assert.equal(scripts[0].getAttribute('src'), opts.page.scriptUri);
    assert.equal(scripts[0].innerHTML, '', 'the script element is empty');
    const links = elements.filter((e) => e.tagName.toLowerCase() === 'link').map((e) => e.getAttribute('href'));
    const expectedLinks = [opts.page.codiconUri, opts.page.styleUri].filter((x): x is string => x !== undefined);
    assert.deepEqual(links, expectedLinks);
    assert.equal(elements.filter((e) => e.tagName.toLowerCase() === 'meta').length, 3);
    assert.equal(elements.filter((e) => e.tagName.toLowerCase() === 'title').length, 1);
  } else {
    assert.equal(scripts.length, 0, 'no script in a body');
  }
  return root;
}

/** Asserts that no payload with markup-significant characters appears unescaped. */
export function assertPayloadEscaped(markup: string, payload: string, isPage = false): void {
  if (/[<>"'&`]/.test(payload)) {
    assert.ok(!markup.includes(payload), `raw payload found: ${JSON.stringify(payload)}`);
  }
  const lower = markup.toLowerCase();
  // A page has exactly the frame's own script element.
  assert.equal(lower.split('<script').length - 1, isPage ? 1 : 0, 'script elements');
  for (const raw of ['<img', '<svg onload', '<iframe', '<object', '<embed', '<a ', '<form', '<style', '<base', '<!--']) {
    assert.ok(!lower.includes(raw.toLowerCase()), `raw ${raw} found`);
  }
}

/** Words that must never leak into output from missing or odd values. */
export const LEAK_RE = /\bundefined\b|\bnull\b|\bNaN\b|\[object Object\]|\bInfinity\b/;

export function textOf(markup: string): string {
  return parseHtml(markup).text;
}
