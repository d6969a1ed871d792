// The report panel's body (core/render/reportView.ts): its header, rating badge and gauge, and the
// checks; reportViewFields.test.ts has the other fields, values of any shape, the toolbar and dates.
import * as assert from 'node:assert/strict';
import { assertSafeMarkup, LEAK_RE, parseHtml, textOf } from './htmlAssertions';
import { body, dtTexts, FULL } from './reportFixtures';

describe('renderReportBody: header, rating and checks', () => {
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
});
