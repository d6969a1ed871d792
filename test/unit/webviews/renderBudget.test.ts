// The renderers' one budget per render, against generated worst cases: the value that made the
// panel take seconds and megabytes (150 × 150 × 20 numbers in one check), wide and deep records,
// many checks, a 2 MB value. Each must render within the panel's limits (characters of output and
// nodes rendered), say where it was cut, and still show every part of the page around it.
import * as assert from 'node:assert/strict';
import { renderReportBody } from '../../../core/render/reportView';
import { renderAccountBody } from '../../../core/render/accountView';
import { ACCOUNT_LIMITS, RenderBudget, RenderLimits, REPORT_LIMITS, SLACK_CHARS } from '../../../core/render/budget';
import { assertSafeMarkup, parseHtml, textOf } from './htmlAssertions';

const OPTS = { now: new Date('2025-11-19T10:00:00Z'), timeZone: 'UTC', locale: 'en-US' };

/** As the client reads it: parsed from JSON text, so every value is plain data. */
function fromJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** 150 lists of 150 lists of 20 numbers: about 1 MB of JSON, 450,000 numbers. */
const CUBE = fromJson(
  Array.from({ length: 150 }, (_, i) => Array.from({ length: 150 }, (_, j) => Array.from({ length: 20 }, (_, k) => i + j + k))),
);

/** A record `width` fields wide on each of `depth` levels (the same shape under every field). */
function wideAndDeep(width: number, depth: number): unknown {
  let value: unknown = 'leaf';
  for (let d = 0; d < depth; d++) value = Object.fromEntries(Array.from({ length: width }, (_, i) => [`field_${d}_${i}`, value]));
  return value;
}

/** Elements that stand for one rendered value, field, list item or check. */
function renderedParts(root: ReturnType<typeof parseHtml>): number {
  return root.querySelectorAll('li').length + root.querySelectorAll('div.field').length;
}

/** Renders with a budget the test can read afterwards; asserts the output and node bounds. */
function withinBudget(
  render: (opts: typeof OPTS & { budget: RenderBudget }) => string,
  limits: RenderLimits,
): { out: string; budget: RenderBudget } {
  const budget = new RenderBudget(limits);
  const out = render({ ...OPTS, budget });
  assert.ok(out.length <= limits.chars + SLACK_CHARS, `output ${out.length} characters, budget ${limits.chars} + ${SLACK_CHARS}`);
  assert.ok(budget.rendered <= limits.nodes, `rendered ${budget.rendered} nodes, budget ${limits.nodes}`);
  const parts = renderedParts(assertSafeMarkup(out));
  assert.ok(parts <= limits.nodes, `${parts} rendered parts`);
  return { out, budget };
}

describe('render budget: one total bound per render, whatever the record holds', () => {
  it('the 150×150×20 value of one check renders within the report budget and says what it left out', () => {
    const report = { id: 1, url: 'https://cube.test/', result: 40, results: { dom_size: { passed: false, value: CUBE } } };
    // Unbounded, this was 4.6 s and 7 MiB of HTML in the extension host.
    const plain = renderReportBody(report, OPTS);
    assert.ok(plain.length <= REPORT_LIMITS.chars + SLACK_CHARS, `output ${plain.length} characters`);
    const { out } = withinBudget((opts) => renderReportBody(report, opts), REPORT_LIMITS);
    assert.match(textOf(out), /… \d+ more not shown/);
    assert.ok(parseHtml(out).querySelector('li.check'), 'the check is listed');
    assert.ok(parseHtml(out).querySelector('button[data-action="delete"]'), 'the toolbar is there');
  });

  it('the same value as a field of the report and of the account stays within their budgets', () => {
    withinBudget((opts) => renderReportBody({ id: 2, cube: CUBE, other: 'still here' }, opts), REPORT_LIMITS);
    const { out } = withinBudget(
      (opts) => renderAccountBody({ account: { name: 'Ann', cube: CUBE }, keySource: 'environment' }, opts),
      ACCOUNT_LIMITS,
    );
    assert.match(textOf(out), /Ann/);
  });

  it('wide and deep records: 10 fields on each of 5 levels (100,000 leaves) stay within the budget', () => {
    const value = fromJson(wideAndDeep(10, 5));
    const { out } = withinBudget((opts) => renderReportBody({ id: 3, value, later: 'after the wide one' }, opts), REPORT_LIMITS);
    assert.match(textOf(out), /more not shown/);
    withinBudget((opts) => renderReportBody({ id: 4, results: [{ key: 'a', passed: false, value }] }, opts), REPORT_LIMITS);
    withinBudget((opts) => renderAccountBody({ account: { wide: value }, keySource: 'environment' }, opts), ACCOUNT_LIMITS);
  });

  it('records nested 10,000 deep and one field of 200,000 keys stay within the budget', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 10_000; i++) deep = { next: deep, list: [i] };
    const keys = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`key_${i}`, i]));
    const { out } = withinBudget((opts) => renderReportBody({ id: 5, deep, keys }, opts), REPORT_LIMITS);
    assert.doesNotMatch(textOf(out), /bottom/);
    withinBudget((opts) => renderAccountBody({ account: { deep, keys }, keySource: 'environment' }, opts), ACCOUNT_LIMITS);
  });

  it('many checks, each with a large value and many errors: within the budget, every check still listed up to the cap', () => {
    const value = Array.from({ length: 50 }, (_, i) => ({ url: `https://x.test/${i}`, alt: `image ${i}`, size: i }));
    const errors = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`kind_${i}`, { detail: i }]));
    // About 4 MB of JSON.
    const results = fromJson(Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`check_${i}`, { passed: false, value, errors }])));
    const { out } = withinBudget((opts) => renderReportBody({ id: 6, results }, opts), REPORT_LIMITS);
    const root = parseHtml(out);
    assert.ok(root.querySelectorAll('li.check').length >= 30, `${root.querySelectorAll('li.check').length} checks shown`);
    assert.match(root.querySelector('.analysis-summary')?.text ?? '', /0 of 1000 checks passed/);
    assert.match(textOf(out), /… \d+ more not shown/);
  });

  it('a huge value in the first check leaves room for the others: each check gets a share', () => {
    const results = Object.fromEntries(
      Array.from({ length: 33 }, (_, i) => [`check_${i}`, { passed: false, value: i === 0 ? CUBE : `value ${i}` }]),
    );
    const { out } = withinBudget((opts) => renderReportBody({ id: 7, results }, opts), REPORT_LIMITS);
    const root = parseHtml(out);
    assert.equal(root.querySelectorAll('li.check').length, 33);
    assert.match(textOf(out), /value 32/);
  });

  it('a 2 MB value: a string, a list of strings and a list of numbers, in the report and the account', () => {
    const big = 'x'.repeat(2_000_000);
    const strings = Array.from({ length: 200_000 }, (_, i) => `string ${i}`);
    const numbers = Array.from({ length: 300_000 }, (_, i) => i * 1.5);
    for (const value of [big, strings, numbers]) {
      withinBudget(
        (opts) => renderReportBody({ id: 8, url: big, project: big, result: big, value, results: [{ name: big, value }] }, opts),
        REPORT_LIMITS,
      );
      withinBudget(
        (opts) => renderAccountBody({ account: { name: big, email: big, value }, keySource: 'environment' }, opts),
        ACCOUNT_LIMITS,
      );
    }
  });

  it('text that grows most when shown (quotes and hidden characters, escaped and made visible) stays within the budget', () => {
    const worst = '"\u202E'.repeat(1_000_000);
    const values = Array.from({ length: 2_000 }, () => worst);
    withinBudget(
      (opts) =>
        renderReportBody(
          { id: worst, url: worst, project: worst, result: worst, values, results: [{ name: worst, value: values, advice: worst }] },
          opts,
        ),
      REPORT_LIMITS,
    );
    withinBudget(
      (opts) => renderAccountBody({ account: { name: worst, email: worst, plan: worst, values }, keySource: 'environment' }, opts),
      ACCOUNT_LIMITS,
    );
  });

  it('field names are cut too: 1,000 fields with 10,000-character names', () => {
    const record = Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`${i}`.padEnd(10_000, '\u202e'), i]));
    withinBudget((opts) => renderReportBody({ id: 9, record }, opts), REPORT_LIMITS);
  });
});
