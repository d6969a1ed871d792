import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { contentSecurityPolicy, createNonce, renderPage, PageFrame } from '../../../core/render/page';
import { html } from '../../../core/render/html';
import { assertSafeMarkup, parseHtml } from './htmlAssertions';

const FRAME: PageFrame = {
  cspSource: 'https://*.vscode-cdn.net',
  nonce: 'Zm9vYmFyYmF6cXV4MTIz',
  scriptUri: 'https://file%2B.vscode-resource.vscode-cdn.net/ext/media/dist/panel.js',
  styleUri: 'https://file%2B.vscode-resource.vscode-cdn.net/ext/media/webview.css',
  title: 'Report',
};

describe('renderPage', () => {
  it('carries the exact CSP, the stylesheet, the nonce script and the alert region', () => {
    const page = renderPage(FRAME, 'report', html`<p>hi</p>`);
    const root = assertSafeMarkup(page, { page: FRAME });
    assert.equal(
      root.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content'),
      "default-src 'none'; img-src https://*.vscode-cdn.net data:; style-src https://*.vscode-cdn.net; font-src https://*.vscode-cdn.net; script-src 'nonce-Zm9vYmFyYmF6cXV4MTIz';",
    );
    // The CSP meta comes before anything that loads.
    assert.ok(page.indexOf('Content-Security-Policy') < page.indexOf('<link'));
    const script = root.querySelector('script');
    assert.equal(script?.getAttribute('nonce'), FRAME.nonce);
    assert.ok(script?.hasAttribute('defer'));
    assert.equal(root.querySelectorAll('link').length, 1);
    assert.equal(root.querySelector('#error')?.getAttribute('role'), 'alert');
    assert.equal(root.querySelector('main')?.innerHTML, '<p>hi</p>');
    assert.equal(root.querySelector('html')?.getAttribute('lang'), 'en');
  });

  it('links the codicon stylesheet when given', () => {
    const frame = { ...FRAME, codiconUri: 'https://r/codicon.css' };
    const root = assertSafeMarkup(renderPage(frame, 'account', html``), { page: frame });
    assert.deepEqual(
      root.querySelectorAll('link').map((l) => l.getAttribute('href')),
      ['https://r/codicon.css', FRAME.styleUri],
    );
  });

  it('escapes the URIs and the title', () => {
    const frame = { ...FRAME, title: '</title><script>alert(1)</script>', styleUri: 'x" onload="alert(1)' };
    const page = renderPage(frame, 'report', html``);
    assert.ok(!page.includes('<script>alert'));
    assert.equal(parseHtml(page).querySelector('link')?.getAttribute('href'), 'x" onload="alert(1)');
  });

  it('accepts a multi-source cspSource but rejects directive injection and bad nonces', () => {
    assert.match(
      contentSecurityPolicy({ cspSource: "'self' https://*.vscode-cdn.net", nonce: 'abcdefgh' }),
      /style-src 'self' https:\/\/\*\.vscode-cdn\.net;/,
    );
    assert.throws(() => contentSecurityPolicy({ cspSource: "https://x; script-src 'unsafe-inline'", nonce: 'abcdefgh' }));
    assert.throws(() => contentSecurityPolicy({ cspSource: '', nonce: 'abcdefgh' }));
    assert.throws(() => contentSecurityPolicy({ cspSource: 'https://x', nonce: "abc' 'unsafe-inline" }));
    assert.throws(() => contentSecurityPolicy({ cspSource: 'https://x', nonce: 'short' }));
  });

  it('createNonce returns fresh, valid nonces', () => {
    const a = createNonce();
    const b = createNonce();
    assert.notEqual(a, b);
    assert.match(a, /^[A-Za-z0-9+/=]{24}$/);
    assert.doesNotThrow(() => contentSecurityPolicy({ cspSource: 'https://x', nonce: a }));
  });
});

describe('media (webview styles and script)', () => {
  const root = path.resolve(__dirname, '../../../..');
  const css = fs.readFileSync(path.join(root, 'media', 'webview.css'), 'utf8');
  const script = fs.readFileSync(path.join(root, 'media', 'src', 'panel.ts'), 'utf8');

  it('styles use only --vscode-* theme variables for colour', () => {
    const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
    assert.doesNotMatch(withoutComments, /#[0-9a-f]{3,8}\b/i, 'no hex colours');
    assert.doesNotMatch(withoutComments, /\b(rgb|rgba|hsl|hsla)\(/i, 'no colour functions');
    const vars = withoutComments.match(/var\(--[a-zA-Z0-9-]+/g) ?? [];
    assert.ok(vars.length > 20);
    for (const v of vars) {
      assert.ok(v.startsWith('var(--vscode-') || v.startsWith('var(--wr-'), v);
    }
    for (const needed of [
      '--vscode-focusBorder',
      '--vscode-testing-iconPassed',
      '--vscode-testing-iconFailed',
      '--vscode-contrastBorder',
      '--vscode-button-background',
      '--vscode-badge-background',
    ]) {
      assert.ok(css.includes(needed), needed);
    }
    assert.match(css, /\.visually-hidden\s*\{/);
    assert.match(css, /:focus-visible/);
  });

  it('the script puts markup in only from render messages, parsed inert and cleaned', () => {
    assert.doesNotMatch(script, /innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function/);
    assert.equal(script.match(/parseFromString/g)?.length, 1, 'one place turns markup into nodes');
    assert.match(script, /querySelectorAll\(NEVER\)/);
    assert.match(script, /removeAttribute/);
    assert.match(script, /textContent/);
    assert.match(script, /type: 'ready'/);
    assert.match(script, /isHostMessage/);
    assert.match(script, /setState/);
  });
});
