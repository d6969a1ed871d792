import * as assert from 'node:assert/strict';
import { renderAccountBody, renderAccountPage, renderTotalsChart, AccountViewModel } from '../../../core/render/accountView';
import { assertSafeMarkup, LEAK_RE, parseHtml, textOf } from './htmlAssertions';

const OPTS = { now: new Date('2025-11-19T10:00:00Z'), timeZone: 'UTC', locale: 'en-US' };

const ACCOUNT = {
  id: 1,
  created_at: '2025-01-01T00:00:00Z',
  reports_count: 40,
  usage: { reports_this_month: 12 },
  limits: { reports_per_month: 100 },
  plan: 'pro',
  email: 'ann@example.com',
  name: 'Ann Example',
  two_factor: true,
  teams: [{ name: 'web' }],
};

function model(extra: Partial<AccountViewModel> = {}): AccountViewModel {
  return { account: ACCOUNT, keySource: 'secret-storage', totals: { good: 5, decent: 3, bad: 0 }, ...extra };
}

describe('renderAccountBody', () => {
  it("the real service's account is a dashboard: the plan's name and allowances in words, reports used of the plan, no raw id or empty field", () => {
    const account = {
      id: 1,
      name: 'Demo User',
      email: 'demo@example.test',
      avatar_url: null,
      locale: 'en',
      timezone: 'UTC',
      plan: { id: 2, name: 'Pro', features: { reports: 500, projects: -1, api: true, white_label: false } },
      created_at: '2024-05-01T10:00:00.000000Z',
    };
    const out = renderAccountBody({ account, keySource: 'secret-storage', totals: { good: 200, decent: 80, bad: 32 } }, OPTS);
    assertSafeMarkup(out);
    const text = textOf(out);
    assert.match(text, /Pro/);
    assert.match(text, /312 of 500 reports used/);
    assert.match(text, /Projects\s*Unlimited/);
    assert.match(text, /Api\s*Included|API\s*Included/);
    assert.match(text, /White label\s*Not included/);
    assert.doesNotMatch(text, /-1|Avatar URL|\bID\b/);
    const meter = parseHtml(out).querySelector('meter');
    assert.equal(meter?.getAttribute('max'), '500');
    assert.equal(meter?.getAttribute('value'), '312');
    const unlimited = renderAccountBody(
      {
        account: { ...account, plan: { name: 'Max', features: { reports: -1 } } },
        keySource: 'environment',
        totals: { good: 1, decent: 0, bad: 0 },
      },
      OPTS,
    );
    assert.match(textOf(unlimited), /1 report, unlimited on this plan/);
  });

  it('shows known fields first, in order, then the rest', () => {
    const out = renderAccountBody(model(), OPTS);
    assertSafeMarkup(out);
    const root = parseHtml(out);
    assert.equal(root.querySelector('h1')?.text, 'Ann Example');
    const known = root.querySelectorAll('section.account-known > dl > div.field > dt').map((e) => e.text);
    assert.deepEqual(known, ['Name', 'Email', 'Plan', 'Limits', 'Usage']);
    const rest = root.querySelectorAll('section.details > dl > div.field > dt').map((e) => e.text);
    assert.deepEqual(rest, ['Created', 'Reports', 'Two factor', 'Teams']);
    const text = textOf(out);
    assert.match(text, /Reports per month\s*100/);
    assert.match(text, /Reports this month\s*12/);
    assert.match(text, /12 of 100 reports this month/);
    assert.match(text, /Created\s*Jan 1, 2025, 12:00\sAM/);
    assert.match(text, /Two factor\s*Yes/);
    const meter = root.querySelector('meter');
    assert.equal(meter?.getAttribute('max'), '100');
    assert.equal(meter?.getAttribute('value'), '12');
    assert.ok(known.indexOf('Name') < known.indexOf('Email'));
    assert.ok(out.indexOf('account-known') < out.indexOf('section class="details"'));
  });

  it('says which key source is in use', () => {
    assert.match(textOf(renderAccountBody(model({ keySource: 'secret-storage' }), OPTS)), /Stored in VS Code's secret storage/);
    const env = textOf(renderAccountBody(model({ keySource: 'environment' }), OPTS));
    assert.match(env, /From the WEBREPORTS_API_KEY environment variable/);
    assert.doesNotMatch(env, /secret storage/);
    const odd = renderAccountBody({ ...model(), keySource: 'constructor' as unknown as 'environment' }, OPTS);
    assert.doesNotMatch(textOf(odd), /native code|secret storage|environment variable/);
  });

  it('has the Change API key, Sign out and Refresh buttons', () => {
    const buttons = parseHtml(renderAccountBody(model(), OPTS)).querySelectorAll('button');
    assert.deepEqual(
      buttons.map((b) => [b.getAttribute('data-action'), b.getAttribute('aria-label'), b.getAttribute('type')]),
      [
        ['setApiKey', 'Change API key', 'button'],
        ['signOut', 'Sign out', 'button'],
        ['refresh', 'Refresh account', 'button'],
      ],
    );
  });

  it('draws a bar chart of reports by result with an accessible summary and hidden table', () => {
    const root = parseHtml(renderAccountBody(model(), OPTS));
    const svg = root.querySelector('svg.bar-chart');
    assert.equal(svg?.getAttribute('role'), 'img');
    assert.equal(svg?.getAttribute('aria-label'), 'Reports by result: 5 good, 3 decent, 0 bad');
    const bars = root.querySelectorAll('rect.bar');
    assert.deepEqual(
      bars.map((b) => b.classList.value.join(' ')),
      ['bar bar-good', 'bar bar-decent', 'bar bar-bad'],
    );
    const widths = bars.map((b) => Number(b.getAttribute('width')));
    assert.ok(widths[0] > widths[1] && widths[1] > widths[2]);
    assert.equal(widths[2], 0);
    assert.ok(Math.abs(widths[1] / widths[0] - 3 / 5) < 0.01, 'bars proportional');
    assert.deepEqual(
      root.querySelectorAll('svg .bar-count').map((t) => t.text),
      ['5', '3', '0'],
    );
    const table = root.querySelector('table.visually-hidden');
    assert.ok(table);
    assert.deepEqual(
      table.querySelectorAll('tbody tr').map((tr) => [tr.querySelector('th')?.text, tr.querySelector('td')?.text]),
      [
        ['Good', '5'],
        ['Decent', '3'],
        ['Bad', '0'],
      ],
    );
  });

  it('chart: partial totals show only the known counts; no totals or bad totals show no chart', () => {
    const partial = parseHtml(renderAccountBody(model({ totals: { bad: 1234 } }), OPTS));
    assert.equal(partial.querySelector('svg')?.getAttribute('aria-label'), 'Reports by result: 1,234 bad');
    for (const totals of [undefined, {}, { good: -1 }, { good: NaN }, null, 'x'] as unknown[]) {
      const out = renderAccountBody(model({ totals: totals as AccountViewModel['totals'] }), OPTS);
      assert.equal(parseHtml(out).querySelector('svg'), null, JSON.stringify(totals));
      assert.doesNotMatch(out, LEAK_RE);
    }
    assert.equal(renderTotalsChart({ good: 0, decent: 0, bad: 0 }).value.includes('Reports by result: 0 good, 0 decent, 0 bad'), true);
  });

  it('handles a missing or odd account without leaked words', () => {
    const accounts: unknown[] = [
      {},
      { name: null, email: null, plan: undefined, limits: null },
      { email: 'only@example.com' },
      { limits: 'unlimited', usage: [1, 2], plan: { name: 'pro', price: null } },
      { limits: { reports_per_month: 0 }, usage: { reports_this_month: 5 } },
      null,
      'x',
    ];
    for (const account of accounts) {
      const out = renderAccountBody({ account: account as Record<string, unknown>, keySource: 'environment' }, OPTS);
      assertSafeMarkup(out);
      assert.doesNotMatch(out, LEAK_RE, JSON.stringify(account));
      assert.doesNotMatch(textOf(out), LEAK_RE);
      assert.equal(
        parseHtml(out)
          .querySelectorAll('dd')
          .filter((dd) => dd.text.trim() === '').length,
        0,
      );
    }
    assert.equal(parseHtml(renderAccountBody({ account: {}, keySource: 'environment' }, OPTS)).querySelector('h1')?.text, 'Account');
    assert.equal(
      parseHtml(renderAccountBody({ account: { email: 'only@example.com' }, keySource: 'environment' }, OPTS)).querySelector('h1')?.text,
      'only@example.com',
    );
    assert.equal(parseHtml(renderAccountBody({ account: {}, keySource: 'environment' }, OPTS)).querySelector('meter'), null);
  });
});

describe('renderAccountPage', () => {
  it('wraps the body in the frame', () => {
    const frame = {
      cspSource: "'self' https://*.vscode-cdn.net",
      nonce: 'abcDEF123456',
      scriptUri: 'https://r/panel.js',
      styleUri: 'https://r/webview.css',
      title: 'Website Reports: Account',
    };
    const page = renderAccountPage(model(), frame, OPTS);
    const root = assertSafeMarkup(page, { page: frame });
    assert.equal(root.querySelector('body')?.getAttribute('data-view'), 'account');
    assert.equal(root.querySelector('title')?.text, 'Website Reports: Account');
    assert.ok(page.includes(`<main id="content">${renderAccountBody(model(), OPTS)}</main>`));
  });
});

describe('account chart: finite widths for any numbers', () => {
  it('draws finite bars within the chart for huge, negative, NaN, infinite and string totals', () => {
    const cases: Array<Record<string, unknown>> = [
      { good: 1e308, decent: 1.7e308, bad: 5 },
      { good: Number.MAX_VALUE, decent: Number.MAX_VALUE, bad: Number.MAX_VALUE },
      { good: -5, decent: NaN, bad: Infinity },
      { good: '1e308', decent: '17', bad: 'lots' },
      { good: 5e-324, decent: 0, bad: 1 },
    ];
    for (const totals of cases) {
      const chart = renderTotalsChart(totals as AccountViewModel['totals'], OPTS).value;
      for (const rect of parseHtml(chart).querySelectorAll('rect')) {
        const width = Number(rect.getAttribute('width'));
        assert.ok(Number.isFinite(width) && width >= 0 && width <= 230, `${JSON.stringify(totals)}: width ${rect.getAttribute('width')}`);
      }
      for (const text of parseHtml(chart).querySelectorAll('text.bar-count')) assert.ok(Number.isFinite(Number(text.getAttribute('x'))));
      assert.doesNotMatch(chart, LEAK_RE);
    }
    const widths = parseHtml(renderTotalsChart({ good: 1e308, decent: 1.7e308, bad: 5 }, OPTS).value)
      .querySelectorAll('rect')
      .map((r) => Number(r.getAttribute('width')));
    assert.deepEqual(widths, [135.3, 230, 2]);
  });
});
