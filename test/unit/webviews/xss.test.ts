import * as assert from 'node:assert/strict';
import { renderReportBody, renderReportPage } from '../../../core/render/reportView';
import { renderAccountBody, renderAccountPage, AccountViewModel } from '../../../core/render/accountView';
import { contentSecurityPolicy, PageFrame } from '../../../core/render/page';
import { XSS_PAYLOADS } from './xssCorpus';
import { revealInvisible } from '../../../core/text/invisibleText';
import { assertPayloadEscaped, assertSafeMarkup, LEAK_RE, parseHtml, textOf } from './htmlAssertions';

const OPTS = { now: new Date('2025-11-19T10:00:00Z'), timeZone: 'UTC', locale: 'en-US' };

function frame(title: string): PageFrame {
  return {
    cspSource: 'https://*.vscode-cdn.net',
    nonce: 'n0nceN0nceN0nce0',
    scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/media/dist/panel.js',
    styleUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/media/webview.css',
    codiconUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/media/codicon.css',
    title,
  };
}

/** A report with the payload in every field, key and nested value. */
function hostileReport(p: string): Record<string, unknown> {
  return {
    id: p,
    url: p,
    project: p,
    result: p,
    score: p,
    privacy: p,
    generated_at: p,
    created_at: p,
    updated_at: p,
    results: [
      { key: p, name: p, category: p, passed: false, value: p, advice: p, [p]: p },
      { key: p, name: p, category: 'seo', passed: true, value: { [p]: [p, { [p]: p }] }, advice: p },
      { key: p, name: p, category: 'security', passed: p, value: [p], advice: p },
      p,
      [p],
    ],
    [p]: p,
    unknown_field: p,
    nested: { [p]: { list: [p, p, { deep: { deeper: { deepest: p } } }] }, arr: Array.from({ length: 30 }, () => p) },
  };
}

/** The same, on a report whose URL is a web URL (so "Open site" is offered). */
function hostileWebReport(p: string): Record<string, unknown> {
  return {
    ...hostileReport(p),
    url: `https://example.com/${p}`,
    score: 87,
    privacy: 1,
    result: 'bad',
    generated_at: '2025-11-16T10:00:00Z',
  };
}

/** The real service's shape: the payload as check names, importance, error kinds and details, values. */
function hostileRealReport(p: string): Record<string, unknown> {
  return {
    id: 7,
    url: `https://example.com/${p}`,
    result: p,
    results: {
      [p]: { passed: false, importance: p, value: p, errors: { [p]: p, too_many: p, length: { min: p, max: p }, missing: [p] } },
      title: { passed: true, importance: 'high', value: [p, [p, [p]], { url: p, text: p }], errors: { [p]: { [p]: [p] } } },
      links: { passed: p, value: Array.from({ length: 30 }, () => ({ url: `https://a.test/${p}`, text: p })) },
      bare: p,
    },
  };
}

function hostileAccount(p: string): AccountViewModel {
  return {
    account: {
      id: p,
      name: p,
      email: p,
      plan: p,
      limits: { reports_per_month: p, [p]: p },
      usage: { reports_this_month: p, [p]: [p] },
      reports_count: p,
      created_at: p,
      [p]: { [p]: p },
    },
    keySource: 'secret-storage',
    totals: { good: p as unknown as number, decent: 3, bad: p as unknown as number },
  };
}

describe('webview renderers: XSS corpus', () => {
  it('has at least 30 payloads', () => {
    assert.ok(XSS_PAYLOADS.length >= 30, `${XSS_PAYLOADS.length} payloads`);
  });

  for (const [i, p] of XSS_PAYLOADS.entries()) {
    describe(`payload #${i}: ${JSON.stringify(p).slice(0, 60)}`, () => {
      it('report body: every field escaped, only expected elements', () => {
        for (const report of [hostileReport(p), hostileWebReport(p)]) {
          const body = renderReportBody(report, OPTS);
          assertSafeMarkup(body);
          assertPayloadEscaped(body, p);
          // The text survives intact (it is shown, not dropped or mangled), hidden characters made visible.
          const text = textOf(body);
          assert.doesNotMatch(text, LEAK_RE);
          assert.doesNotMatch(text, /\[native code\]/);
          if (p.trim() !== '' && !p.includes('\u0000')) {
            assert.ok(text.includes(revealInvisible(p.trim())), 'payload text shown literally');
          }
        }
      });

      it('report body in the real shape: check names, importance, errors and values escaped', () => {
        const body = renderReportBody(hostileRealReport(p), OPTS);
        assertSafeMarkup(body);
        assertPayloadEscaped(body, p);
        const text = textOf(body);
        assert.doesNotMatch(text, LEAK_RE);
        assert.doesNotMatch(text, /\[native code\]/);
        if (p.trim() !== '' && !p.includes('\u0000')) assert.ok(text.includes(revealInvisible(p.trim())), 'payload text shown literally');
        assert.equal(parseHtml(body).querySelectorAll('li.check').length, 4, 'no check dropped');
      });

      it('report page: frame intact, CSP exact, title escaped', () => {
        const f = frame(`Report: ${p}`);
        const page = renderReportPage(hostileWebReport(p), f, OPTS);
        const root = assertSafeMarkup(page, { page: f });
        assertPayloadEscaped(page, p, true);
        const meta = root.querySelector('meta[http-equiv="Content-Security-Policy"]');
        assert.ok(meta);
        assert.equal(meta.getAttribute('content'), contentSecurityPolicy(f));
        assert.equal(
          meta.getAttribute('content'),
          "default-src 'none'; img-src https://*.vscode-cdn.net data:; style-src https://*.vscode-cdn.net; font-src https://*.vscode-cdn.net; script-src 'nonce-n0nceN0nceN0nce0';",
        );
        if (!p.includes('\u0000')) {
          assert.equal(root.querySelector('title')?.text, `Report: ${revealInvisible(p)}`);
        }
      });

      it('report: "Open site" only for http(s) URLs, never a link', () => {
        const root = parseHtml(renderReportBody(hostileReport(p), OPTS));
        const offered = root.querySelector('button[data-action="openSite"]') !== null;
        let web = false;
        try {
          const u = new URL(p.trim());
          web = u.protocol === 'http:' || u.protocol === 'https:';
        } catch {
          web = false;
        }
        assert.equal(offered, web);
        assert.equal(root.querySelectorAll('a').length, 0);
        const webRoot = parseHtml(renderReportBody(hostileWebReport(p), OPTS));
        assert.ok(webRoot.querySelector('button[data-action="openSite"]'));
      });

      it('account body and page: every field escaped', () => {
        const body = renderAccountBody(hostileAccount(p), OPTS);
        assertSafeMarkup(body);
        assertPayloadEscaped(body, p);
        assert.doesNotMatch(textOf(body), LEAK_RE);
        assert.doesNotMatch(textOf(body), /\[native code\]/);
        const f = frame(p);
        const page = renderAccountPage(hostileAccount(p), f, OPTS);
        assertSafeMarkup(page, { page: f });
        assertPayloadEscaped(page, p, true);
        if (p.trim() !== '' && !p.includes('\u0000')) {
          assert.ok(textOf(body).includes(revealInvisible(p.trim())));
        }
      });
    });
  }

  it('a report mixing different payloads in different fields stays safe', () => {
    const n = XSS_PAYLOADS.length;
    const pick = (k: number): string => XSS_PAYLOADS[k % n];
    const report: Record<string, unknown> = {
      url: pick(0),
      project: pick(1),
      result: pick(2),
      generated_at: pick(3),
      results: XSS_PAYLOADS.map((p, k) => ({
        name: p,
        category: pick(k + 1),
        passed: k % 2 === 0,
        value: pick(k + 2),
        advice: pick(k + 3),
      })),
    };
    for (const [k, p] of XSS_PAYLOADS.entries()) {
      report[`k${k}${p}`] = { [p]: pick(k + 5) };
    }
    const body = renderReportBody(report, OPTS);
    assertSafeMarkup(body);
    // Entity-looking payloads are skipped here: escaping '<script>' legitimately produces
    // '&lt;script&gt;'. They are checked one by one above.
    for (const p of XSS_PAYLOADS.filter((x) => !x.includes('&'))) {
      assertPayloadEscaped(body, p);
    }
  });

  it('entity-looking text is shown literally (double-escaped), not decoded', () => {
    const body = renderReportBody({ project: '&lt;b&gt;' }, OPTS);
    assert.ok(body.includes('&amp;lt;b&amp;gt;'));
    assert.ok(textOf(body).includes('&lt;b&gt;'));
  });
});
