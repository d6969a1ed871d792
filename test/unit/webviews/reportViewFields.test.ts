// The report panel (core/render/reportView.ts): the fields beyond the header, values of any shape
// and depth, the toolbar, dates, the page's frame, and hostile records (reportView.test.ts has the
// header, the rating and the checks).
import * as assert from 'node:assert/strict';
import { renderReportBody, renderReportPage } from '../../../core/render/reportView';
import { renderAccountBody } from '../../../core/render/accountView';
import { isWebUrl } from '../../../core/text/vocabulary';
import { assertSafeMarkup, LEAK_RE, parseHtml, textOf } from './htmlAssertions';
import { body, dtTexts, FULL, OPTS } from './reportFixtures';

describe('renderReportBody: fields, values, toolbar and dates', () => {
  it('shows every other field in a readable list, excluding what the header shows', () => {
    const out = body(FULL);
    assert.deepEqual(dtTexts(out), ['ID', 'Created', 'Updated', 'Team', 'Tags']);
    const details = parseHtml(out).querySelector('section.details')?.text ?? '';
    assert.match(details, /Created\s*Nov 16, 2025, 9:30\sAM \(3 days ago\)/);
    assert.match(details, /Updated\s*Nov 18, 2025, 10:00\sAM \(yesterday\)/);
    assert.match(details, /Team\s*growth/);
    assert.doesNotMatch(details, /Title tag/, 'results are not repeated in the list');
  });

  it('renders unknown nested values recursively with bounded depth and truncated arrays', () => {
    const out = body({
      url: 'https://x.test',
      flags: { enabled: true, disabled: false, nothing: null, when: '2025-01-02T03:04:05Z', empty: {}, none: [] },
      long_list: Array.from({ length: 45 }, (_, i) => `item ${i}`),
      huge_list: Array.from({ length: 5000 }, (_, i) => `entry ${i}`),
      deep: { l1: { l2: { l3: { l4: { l5: { l6: { l7: { l8: { l9: 'too deep' } } } } } } } } },
      shallow: { l1: { l2: { l3: { l4: { l5: 'deep enough' } } } } },
      camelCaseKey: 1234567.891,
    });
    assertSafeMarkup(out);
    const text = textOf(out);
    assert.doesNotMatch(text, LEAK_RE);
    assert.match(text, /Enabled\s*Yes/);
    assert.match(text, /Disabled\s*No/);
    assert.match(text, /Nothing\s*—/);
    assert.match(text, /When\s*Jan 2, 2025, 3:04\sAM/);
    assert.match(text, /Empty\s*None/);
    // Long lists: the first ten, the rest folded away under a count.
    const root = parseHtml(out);
    const longList = root.querySelectorAll('.field').find((f) => f.querySelector('dt')?.text === 'Long list');
    assert.equal(longList?.querySelector('ul.value-list')?.querySelectorAll('li').length, 10);
    assert.equal(longList?.querySelector('details > summary')?.text, 'and 35 more');
    assert.match(longList?.querySelector('details')?.text ?? '', /item 44/);
    // Very long lists: only a bounded number rendered at all, the rest counted.
    assert.match(text, /entry 199/);
    assert.doesNotMatch(text, /entry 200/);
    assert.match(text, /… 4800 more not shown/);
    // Nesting: eight levels, then "…".
    assert.match(text, /deep enough/);
    assert.doesNotMatch(text, /too deep/);
    assert.match(text, /L8…/);
    assert.match(text, /Camel case key\s*1,234,567.89/);
  });

  it('handles missing and wrongly typed fields without gaps or leaked words', () => {
    const records: Array<Record<string, unknown>> = [
      {},
      { id: 5 },
      { id: '5', url: null, result: null, score: null, privacy: null, generated_at: null, project: null, results: null },
      { url: 123, result: 7, score: 'n/a', privacy: 'secret', generated_at: 'yesterday', project: {}, results: {} },
      { url: { href: 'x' }, result: ['good'], score: NaN, privacy: -1, generated_at: '2025-13-45T99:99:99Z', results: 'none' },
      { results: [] },
      { created_at: undefined, extra: [null, undefined, NaN, { a: undefined }] },
      JSON.parse('{"__proto__": {"polluted": true}, "constructor": "c", "toString": 1}'),
    ];
    for (const r of records) {
      const out = body(r);
      assertSafeMarkup(out);
      assert.doesNotMatch(out, LEAK_RE, JSON.stringify(r));
      assert.doesNotMatch(textOf(out), LEAK_RE);
      assert.equal(
        parseHtml(out)
          .querySelectorAll('dd')
          .filter((dd) => dd.text.trim() === '').length,
        0,
        'no empty values',
      );
    }
    assert.equal(parseHtml(body({})).querySelector('h1')?.text, 'Report');
    assert.equal(parseHtml(body({ id: 5 })).querySelector('h1')?.text, 'Report 5');
    assert.equal(parseHtml(body({})).querySelector('.summary'), null);
    assert.equal(parseHtml(body({})).querySelector('section.details'), null);
    assert.match(textOf(body({ results: [] })), /No checks in this report/);
    // Non-array results are shown as an ordinary field instead of an analysis.
    assert.equal(parseHtml(body({ results: 'none' })).querySelector('section.analysis'), null);
    assert.deepEqual(dtTexts(body({ results: 'none' })), ['Results']);
    // A non-date generated_at is not lost: it goes to the list as text.
    assert.match(textOf(body({ generated_at: 'yesterday' })), /Generated\s*yesterday/);
    // Wrongly typed known fields appear in the list rather than vanishing.
    assert.deepEqual(dtTexts(body({ url: { href: 'x' }, result: ['good'] })), ['URL', 'Result']);
  });

  it('does not throw on a non-object report', () => {
    for (const r of [null, undefined, 'x', 3, []]) {
      const out = renderReportBody(r as unknown as Record<string, unknown>, OPTS);
      assert.doesNotMatch(out, LEAK_RE);
    }
  });

  it('toolbar: real buttons with actions and labels; "Open site" only for http(s) URLs', () => {
    const actions = (r: Record<string, unknown>): string[] =>
      parseHtml(body(r))
        .querySelectorAll('.toolbar button')
        .map((b) => b.getAttribute('data-action') ?? '');
    assert.deepEqual(actions(FULL), ['rerun', 'changePrivacy', 'delete', 'openSite', 'copyUrl', 'refresh']);
    assert.deepEqual(actions({ url: 'http://localhost:8080/' }), ['rerun', 'changePrivacy', 'delete', 'openSite', 'copyUrl', 'refresh']);
    for (const url of [
      'javascript:alert(1)',
      'command:webReports.signOut',
      'ftp://example.com/',
      'file:///etc/passwd',
      'example.com',
      'data:text/html,x',
      'vscode://x',
    ]) {
      assert.deepEqual(actions({ url }), ['rerun', 'changePrivacy', 'delete', 'copyUrl', 'refresh'], url);
    }
    assert.deepEqual(actions({}), ['rerun', 'changePrivacy', 'delete', 'refresh']);
    for (const b of parseHtml(body(FULL)).querySelectorAll('button')) {
      assert.equal(b.getAttribute('type'), 'button');
      assert.ok((b.getAttribute('aria-label') ?? '').length > 0);
    }
    assert.equal(isWebUrl('https://example.com'), true);
    assert.equal(isWebUrl('https:'), false);
    assert.equal(isWebUrl(undefined), false);
  });

  it('dates are deterministic for a given time zone, locale and now', () => {
    const a = body(FULL);
    const b = body(JSON.parse(JSON.stringify(FULL)));
    assert.equal(a, b);
    const tokyo = textOf(body(FULL, { ...OPTS, timeZone: 'Asia/Tokyo' }));
    assert.match(tokyo, /Generated\s*Nov 16, 2025, 7:00\sPM/);
    const de = textOf(body(FULL, { ...OPTS, locale: 'de-DE' }));
    assert.match(de, /16\.11\.2025, 10:00/);
    assert.match(de, /\(3 days ago\)/, 'the same relative words as the tree');
    const future = textOf(body({ generated_at: '2025-11-19T12:00:00Z' }));
    assert.match(future, /in 2 hours/);
    const now = textOf(body({ generated_at: '2025-11-19T10:00:00Z' }));
    assert.match(now, /\(just now\)/);
    const old = textOf(body({ generated_at: '2023-11-19T10:00:00Z' }));
    assert.match(old, /\(2 years ago\)/);
  });

  it('falls back instead of throwing on an unknown time zone or locale', () => {
    const out = body(FULL, { ...OPTS, timeZone: 'Not/AZone', locale: 'not a locale!!' });
    assert.match(textOf(out), /2025/);
  });
});

describe('renderReportPage', () => {
  const frame = {
    cspSource: 'https://*.vscode-cdn.net',
    nonce: 'abcDEF123456',
    scriptUri: 'https://r/panel.js',
    styleUri: 'https://r/webview.css',
    title: 'Report 42',
  };

  it('wraps the body in the frame with the error region and main', () => {
    const page = renderReportPage(FULL, frame, OPTS);
    const root = assertSafeMarkup(page, { page: frame });
    assert.ok(page.startsWith('<!DOCTYPE html>'));
    assert.equal(root.querySelector('body')?.getAttribute('data-view'), 'report');
    assert.equal(root.querySelector('body')?.getAttribute('data-report-id'), String(FULL.id), 'the id the serializer restores');
    assert.equal(root.querySelector('#error')?.getAttribute('role'), 'alert');
    assert.equal(root.querySelector('#error')?.text, '');
    assert.ok(page.includes(`<main id="content">${renderReportBody(FULL, OPTS)}</main>`));
  });
});

describe('hostile depth and breadth', () => {
  function nested(depth: number): unknown {
    let value: unknown = 'bottom';
    for (let i = 0; i < depth; i++) value = [value];
    return value;
  }

  it('a report with 10,000 nested arrays renders, bounded, in every place a value is shown', () => {
    const deep = nested(10_000);
    const report = {
      id: 1,
      url: 'https://deep.test/',
      result: 55,
      deep,
      results: { title: { passed: false, value: deep, errors: { odd_kind: deep } } },
    };
    const out = body(report);
    assertSafeMarkup(out);
    assert.doesNotMatch(textOf(out), /bottom/);
    assert.ok(out.length < 50_000, `bounded output (${out.length} characters)`);
    assert.ok(parseHtml(out).querySelector('li.check'), 'the check is still listed');
  });

  it('a results object with 5,000 checks shows a bounded number and counts the rest', () => {
    const results = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`check_${i}`, { passed: false }]));
    const root = parseHtml(body({ results }));
    assert.equal(root.querySelectorAll('li.check').length, 300);
    assert.match(root.querySelector('.analysis-summary')?.text ?? '', /0 of 5000 checks passed/);
    assert.match(textOf(body({ results })), /… 4700 more not shown/);
  });
});

describe('any value, hidden characters', () => {
  const hostile: unknown[] = [
    { toString: 1 },
    Object.create(null),
    Symbol('s'),
    10n,
    {
      valueOf: () => {
        throw new Error('ran');
      },
    },
  ];

  it('report and account panels take fields of any value, and records with throwing getters, without throwing', () => {
    for (const value of hostile) {
      const report = {
        id: 1,
        url: value,
        project: value,
        privacy: value,
        result: value,
        score: value,
        generated_at: value,
        results: [{ name: value, value, advice: value, errors: { [String(1)]: value } }],
        other: value,
      };
      const out = body(report as Record<string, unknown>);
      assertSafeMarkup(out);
      assert.doesNotMatch(textOf(out), LEAK_RE);
      assertSafeMarkup(
        renderAccountBody(
          {
            account: { name: value, email: value, plan: value, other: value },
            keySource: 'environment',
            totals: { good: value as number },
          },
          OPTS,
        ),
      );
    }
    const throwing = Object.defineProperty({ id: 2, url: 'https://a.test/' }, 'project', {
      get: () => {
        throw new Error('getter ran');
      },
      enumerable: true,
    });
    assert.match(textOf(body(throwing)), /https:\/\/a\.test\//);
    assert.match(textOf(renderAccountBody({ account: throwing, keySource: 'environment' }, OPTS)), /https:\/\/a\.test\//);
  });

  it('shows bidi controls and invisible characters as visible markers in the heading, fields, checks and title', () => {
    const rlo = 'https://bank.example/\u202Egpj.exe';
    const out = body({ id: 1, url: rlo, project: 'a\u2067b', note: 'x\u200By', results: [{ name: `check ${rlo}`, value: rlo }] });
    assert.doesNotMatch(out, /[\u202A-\u202E\u2066-\u2069\u200B-\u200F\u061C]/);
    assert.equal(parseHtml(out).querySelector('h1')?.text, 'https://bank.example/⟪U+202E⟫gpj.exe');
    assert.match(textOf(out), /a⟪U\+2067⟫b/);
    assert.match(textOf(out), /x⟪U\+200B⟫y/);
  });
});
