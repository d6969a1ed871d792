import * as assert from 'node:assert/strict';
import { renderReportBody, renderReportPage } from '../../../core/render/reportView';
import { renderAccountBody } from '../../../core/render/accountView';
import { isWebUrl } from '../../../core/text/vocabulary';
import { assertSafeMarkup, LEAK_RE, parseHtml, textOf } from './htmlAssertions';

const OPTS = { now: new Date('2025-11-19T10:00:00Z'), timeZone: 'UTC', locale: 'en-US' };

const FULL = {
  id: 42,
  url: 'https://example.com/page',
  project: 'marketing',
  result: 'decent',
  score: 87,
  privacy: 1,
  generated_at: '2025-11-16T10:00:00Z',
  created_at: '2025-11-16T09:30:00Z',
  updated_at: '2025-11-18T10:00:00.000Z',
  results: [
    { key: 'title', name: 'Title tag', category: 'seo', passed: true, value: 'Welcome', advice: 'Keep it short.' },
    { key: 'meta', name: 'Meta description', category: 'seo', passed: false, value: null, advice: 'Add a description.' },
    { key: 'status', name: 'HTTP status', category: 'availability', passed: true, value: 200, advice: '' },
    { key: 'https', name: 'HTTPS', category: 'security', passed: false, value: false, advice: 'Serve over HTTPS.' },
    { key: 'alt', name: 'Image alt text', category: 'accessibility', passed: true, value: '3 of 3', advice: '' },
    { key: 'ttfb', name: 'Time to first byte', category: 'performance', passed: true, value: 120, advice: '' },
    { key: 'canonical', name: 'Canonical link', category: 'seo', passed: false, value: '', advice: 'Add one.' },
  ],
  team: 'growth',
  tags: ['a', 'b'],
};

function body(report: Record<string, unknown>, opts = OPTS): string {
  return renderReportBody(report, opts);
}

function dtTexts(markup: string, selector = 'section.details > dl > div.field > dt'): string[] {
  return parseHtml(markup)
    .querySelectorAll(selector)
    .map((e) => e.text);
}

describe('renderReportBody', () => {
  it('renders the header: URL as text, result badge, gauge, generated, privacy, project', () => {
    const out = body(FULL);
    assertSafeMarkup(out);
    const root = parseHtml(out);
    assert.equal(root.querySelector('h1')?.text, 'https://example.com/page');
    assert.equal(root.querySelectorAll('a').length, 0, 'no links');
    const badge = root.querySelector('.badge.result');
    assert.ok(badge?.classList.contains('result-decent'));
    assert.match(badge?.text ?? '', /Decent/);
    const gauge = root.querySelector('svg.gauge');
    assert.equal(gauge?.getAttribute('role'), 'img');
    assert.equal(gauge?.getAttribute('aria-label'), 'Score 87 of 100');
    // One rating: the word the service sent decides the colour, the score is shown beside it.
    assert.ok(gauge?.classList.contains('gauge-decent'));
    assert.equal(root.querySelectorAll('svg.gauge circle').length, 2);
    const summary = root.querySelector('dl.summary')?.text ?? '';
    assert.match(summary, /Generated\s*Nov 16, 2025, 10:00\sAM \(3 days ago\)/);
    assert.match(summary, /Privacy\s*Private/);
    assert.match(summary, /Project\s*marketing/);
    assert.ok(root.querySelector('.privacy .codicon.codicon-lock'));
  });

  it('maps privacy 0/1/2 (numbers or strings) to labels and codicons', () => {
    const cases: Array<[unknown, string, string]> = [
      [0, 'Public', 'codicon-globe'],
      [1, 'Private', 'codicon-lock'],
      [2, 'Password protected', 'codicon-key'],
      ['2', 'Password protected', 'codicon-key'],
    ];
    for (const [privacy, label, icon] of cases) {
      const root = parseHtml(body({ privacy }));
      assert.equal(root.querySelector('dd.privacy')?.text.trim(), label);
      assert.ok(root.querySelector(`dd.privacy .${icon}`));
    }
    // An unknown privacy value is not mislabelled: it is listed as it is.
    const odd = parseHtml(body({ privacy: 7 }));
    assert.equal(odd.querySelector('dd.privacy'), null);
    assert.deepEqual(dtTexts(body({ privacy: 7 })), ['Privacy']);
  });

  it('shows known results as coloured badges and unknown results neutrally as text', () => {
    for (const [result, label] of [
      ['good', 'Good'],
      ['BAD', 'Bad'],
      ['decent', 'Decent'],
    ]) {
      const badge = parseHtml(body({ result })).querySelector('.badge');
      assert.ok(badge?.classList.contains(`result-${label.toLowerCase()}`));
      assert.match(badge?.text ?? '', new RegExp(`${label}$`));
    }
    const badge = parseHtml(body({ result: 'excellent' })).querySelector('.badge');
    assert.ok(badge?.classList.contains('result-unknown'));
    assert.match(badge?.text ?? '', /excellent$/);
  });

  it('gauge: aria label, colour band by class, numeric strings accepted, absent without a score', () => {
    assert.equal(
      parseHtml(body({ score: '42' }))
        .querySelector('svg')
        ?.getAttribute('aria-label'),
      'Score 42 of 100',
    );
    assert.ok(
      parseHtml(body({ score: 42 }))
        .querySelector('svg')
        ?.classList.contains('gauge-bad'),
    );
    assert.ok(
      parseHtml(body({ score: 65 }))
        .querySelector('svg')
        ?.classList.contains('gauge-decent'),
    );
    assert.equal(
      parseHtml(body({ score: 0 }))
        .querySelector('svg')
        ?.getAttribute('aria-label'),
      'Score 0 of 100',
    );
    assert.equal(
      parseHtml(body({ score: 100 }))
        .querySelector('svg')
        ?.getAttribute('aria-label'),
      'Score 100 of 100',
    );
    for (const score of [undefined, null, NaN, Infinity, 'abc', {}, [], 150, -5]) {
      assert.equal(parseHtml(body({ score })).querySelector('svg.gauge'), null, `no gauge for ${String(score)}`);
    }
  });

  it("badge and gauge follow the one rating function: the real service's fractional score in `result`", () => {
    const cases: Array<[number, string, string, string]> = [
      [73.68421052631578, 'decent', '74', '73.7'],
      [79, 'decent', '79', '79'],
      [79.01, 'good', '79', '79.01'],
      [49, 'decent', '49', '49'],
      [48.99, 'bad', '49', '48.99'],
      [48.94, 'bad', '49', '48.9'],
      [100, 'good', '100', '100'],
      [0, 'bad', '0', '0'],
    ];
    for (const [result, band, shown, prose] of cases) {
      const out = body({ id: 1, url: 'https://a.test/', result });
      const root = parseHtml(out);
      const badge = root.querySelector('.badge.result');
      assert.ok(badge?.classList.contains(`result-${band}`), `${result} → ${band}`);
      assert.match(badge?.text ?? '', new RegExp(`${band[0].toUpperCase()}${band.slice(1)}$`));
      const gauge = root.querySelector('svg.gauge');
      assert.ok(gauge?.classList.contains(`gauge-${band}`));
      assert.equal(gauge?.getAttribute('aria-label'), `Score ${shown} of 100`, 'rounded for people');
      assert.equal(root.querySelector('.gauge-text')?.text, shown);
      // In prose to one decimal (two where one would read as the other band); `result` is not listed again.
      assert.equal(root.querySelector('dd.score')?.text, `${prose} of 100`);
      assert.deepEqual(dtTexts(out), ['ID']);
    }
    // A numeric string is a score too; a word with a separate score keeps its word.
    assert.ok(parseHtml(body({ result: '85.5' })).querySelector('.badge.result-good'));
    const word = parseHtml(body({ result: 'bad', score: 91 }));
    assert.ok(word.querySelector('.badge.result-bad'));
    assert.equal(word.querySelector('svg.gauge')?.getAttribute('aria-label'), 'Score 91 of 100');
  });

  it('gauge arc length is proportional to the score and clamped', () => {
    const dash = (score: number): number[] =>
      (parseHtml(body({ score })).querySelector('.gauge-value')?.getAttribute('stroke-dasharray') ?? '').split(' ').map(Number);
    const [half, circ] = dash(50);
    assert.ok(Math.abs(half - circ / 2) < 0.02);
    assert.ok(Math.abs(dash(100)[0] - circ) < 0.02);
    assert.equal(dash(0)[0], 0);
  });

  it('lists failed checks first, then passed, each with its category, under a summary', () => {
    const root = parseHtml(body(FULL));
    const groups = root.querySelectorAll('.check-group h3').map((h) => h.text);
    assert.deepEqual(groups, ['Failed (3)', 'Passed (4)']);
    // Passed checks fold under their count (closed), and carry no importance tag.
    const passed = root.querySelector('details.group-passed');
    assert.ok(passed && passed.getAttribute('open') === undefined, 'the passed group is a closed <details>');
    assert.equal(passed?.querySelectorAll('.check-importance').length, 0);
    assert.deepEqual(
      root
        .querySelectorAll('section.check-group')[0]
        .querySelectorAll('.check-name')
        .map((e) => e.text),
      ['Meta description', 'HTTPS', 'Canonical link'],
    );
    assert.deepEqual(
      root.querySelectorAll('.check-category').map((e) => e.text),
      ['SEO', 'Security', 'SEO', 'SEO', 'Availability', 'Accessibility', 'Performance'],
    );
    assert.equal(root.querySelector('.analysis-summary')?.text, '4 of 7 checks passed, 3 failed');
  });

  it('marks checks with text and icon, not colour alone, and shows value and advice', () => {
    const root = parseHtml(body(FULL));
    const failed = root.querySelectorAll('li.check-failed');
    assert.equal(failed.length, 3);
    for (const li of failed) {
      assert.equal(li.querySelector('.status-text')?.text, 'Failed');
      assert.equal(li.querySelector('.status-icon')?.getAttribute('aria-hidden'), 'true');
    }
    const https = failed.find((li) => li.querySelector('.check-name')?.text === 'HTTPS');
    assert.match(https?.querySelector('.check-value')?.text ?? '', /No$/);
    assert.equal(https?.querySelector('.check-advice')?.text, 'Serve over HTTPS.');
    const passed = root.querySelectorAll('li.check-passed');
    assert.equal(passed.length, 4);
    assert.equal(passed[0].querySelector('.status-text')?.text, 'Passed');
    // Empty advice / null value leave no empty elements behind.
    const meta = failed.find((li) => li.querySelector('.check-name')?.text === 'Meta description');
    assert.equal(meta?.querySelector('.check-value'), null);
    const status = passed.find((li) => li.querySelector('.check-name')?.text === 'HTTP status');
    assert.equal(status?.querySelector('.check-advice'), null);
  });

  it('tolerates odd check entries: unknown categories, missing names, non-objects, extra fields', () => {
    const out = body({
      results: [
        { passed: true },
        { key: 'k', category: 'mobile-friendliness', passed: false, weight: 3 },
        'bare string',
        null,
        42,
        { name: 'Odd passed', passed: 'maybe', category: 'seo' },
      ],
    });
    assertSafeMarkup(out);
    assert.doesNotMatch(textOf(out), LEAK_RE);
    const root = parseHtml(out);
    const groups = root.querySelectorAll('.check-group h3').map((h) => h.text);
    assert.deepEqual(groups, ['Failed (1)', 'Not rated (4)', 'Passed (1)']);
    assert.ok(root.querySelectorAll('.check-category').some((e) => e.text === 'Mobile friendliness'));
    const names = root.querySelectorAll('.check-name').map((e) => e.text);
    assert.ok(names.includes('K'), 'a key without a name, in words');
    assert.ok(names.includes('Check 1'));
    assert.ok(names.includes('bare string'));
    assert.equal(root.querySelector('li.check-unknown .status-text')?.text, 'Not rated');
    assert.match(root.querySelector('.check-extra')?.text ?? '', /Weight\s*3/);
  });

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
