import * as assert from 'node:assert/strict';
import { escapeHtml, html, joinHtml, TrustedHtml, EMPTY } from '../../../core/render/html';
import { humanizeKey, asNumber, asText } from '../../../core/render/format';

describe('html helpers', () => {
  it('escapeHtml escapes & < > " \' and backtick', () => {
    assert.equal(escapeHtml(`&<>"'\``), '&amp;&lt;&gt;&quot;&#39;&#96;');
    assert.equal(escapeHtml('plain text'), 'plain text');
    assert.equal(escapeHtml('&amp;'), '&amp;amp;');
  });

  it('escapeHtml turns any value into text, and nothing for undefined/null', () => {
    assert.equal(escapeHtml(undefined), '');
    assert.equal(escapeHtml(null), '');
    assert.equal(escapeHtml(12), '12');
    assert.equal(escapeHtml(false), 'false');
  });

  it('html escapes every interpolation by default', () => {
    const evil = '"><script>alert(1)</script>';
    assert.equal(
      html`<p title="${evil}">${evil}</p>`.value,
      '<p title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
  });

  it('html keeps trusted fragments and escapes arrays item by item', () => {
    const inner = html`<b>${'<i>'}</b>`;
    assert.ok(inner instanceof TrustedHtml);
    assert.equal(html`<p>${inner}</p>`.value, '<p><b>&lt;i&gt;</b></p>');
    assert.equal(html`<ul>${['<a>', html`<li>x</li>`]}</ul>`.value, '<ul>&lt;a&gt;<li>x</li></ul>');
    assert.equal(html`${new TrustedHtml('<hr>')}`.value, '<hr>');
    assert.equal(`${html`<br>`}`, '<br>');
  });

  it('html renders undefined, null and false as nothing (for conditionals), but 0 as 0', () => {
    assert.equal(html`[${undefined}${null}${false}${0}${EMPTY}]`.value, '[0]');
  });

  it('joinHtml joins with an escaped or trusted separator', () => {
    assert.equal(joinHtml(['a<', html`<b>b</b>`], ', ').value, 'a&lt;, <b>b</b>');
    assert.equal(joinHtml(['a', 'b'], html`<br>`).value, 'a<br>b');
    assert.equal(joinHtml(['a', 'b'], '<').value, 'a&lt;b');
  });
});

describe('format helpers', () => {
  it('humanizeKey makes readable labels', () => {
    assert.equal(humanizeKey('generated_at'), 'Generated');
    assert.equal(humanizeKey('page_load_time'), 'Page load time');
    assert.equal(humanizeKey('pageLoadTime'), 'Page load time');
    assert.equal(humanizeKey('canonical_url'), 'Canonical URL');
    assert.equal(humanizeKey(''), '(no name)');
    assert.equal(humanizeKey('___'), '___');
    assert.equal(humanizeKey('constructor'), 'Constructor');
    assert.equal(humanizeKey('__proto__'), 'Proto');
  });

  it('asNumber / asText read tolerantly', () => {
    assert.equal(asNumber('42'), 42);
    assert.equal(asNumber(' 4.5 '), 4.5);
    assert.equal(asNumber('4e2'), undefined);
    assert.equal(asNumber(''), undefined);
    assert.equal(asNumber(NaN), undefined);
    assert.equal(asText('  x '), 'x');
    assert.equal(asText(''), undefined);
    assert.equal(asText(7), '7');
    assert.equal(asText(NaN), undefined);
    assert.equal(asText({}), undefined);
  });
});

describe('html escaping: hidden characters and any value', () => {
  it('shows bidi controls and invisible characters as visible markers, in content and attributes', () => {
    assert.equal(escapeHtml('https://bank.example/\u202Egpj.exe'), 'https://bank.example/\u27EAU+202E\u27EBgpj.exe');
    assert.equal(html`<p title="${'a\u2066b'}">${'c\u200Bd'}</p>`.value, '<p title="a\u27EAU+2066\u27EBb">c\u27EAU+200B\u27EBd</p>');
  });

  it('escapes any value without running its code: what is not text is nothing', () => {
    const throwing = {
      toString: () => {
        throw new Error('toString ran');
      },
    };
    for (const value of [{ toString: 1 }, Object.create(null), Symbol('s'), throwing]) {
      assert.equal(escapeHtml(value), '');
      assert.equal(html`<p>${value}</p>`.value, '<p></p>');
    }
    assert.equal(escapeHtml(10n), '10');
  });
});
