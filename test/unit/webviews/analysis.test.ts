import * as assert from 'node:assert/strict';
import { renderReportBody } from '../../../core/render/reportView';
import { checkName, checkNames, errorWords } from '../../../core/checks/checkNames';
import { checksOf, orderChecks } from '../../../core/render/checkList';
import { REAL_CHECKS, REAL_REPORT } from './realShapeReport';
import { assertSafeMarkup, LEAK_RE, parseHtml, textOf } from './htmlAssertions';

const OPTS = { now: new Date('2024-05-03T10:00:00Z'), timeZone: 'UTC', locale: 'en-US' };

function checkItems(markup: string) {
  return parseHtml(markup)
    .querySelectorAll('li.check')
    .map((li) => ({
      name: li.querySelector('.check-name')?.text ?? '',
      key: li.querySelector('.check-name')?.getAttribute('title'),
      status: li.querySelector('.status-text')?.text,
      importance: li.querySelector('.check-importance')?.text,
      errors: li.querySelectorAll('.check-error').map((e) => e.text),
      value: li.querySelector('.check-value')?.text ?? '',
      li,
    }));
}

describe("the analysis of a report in the real service's shape", () => {
  const out = renderReportBody(REAL_REPORT, OPTS);
  const items = checkItems(out);
  const byKey = (key: string) => items.find((i) => i.key === key)!;

  it('renders safely and leaks no "undefined" or "[object Object]"', () => {
    assertSafeMarkup(out);
    assert.doesNotMatch(textOf(out), LEAK_RE);
  });

  it('shows every one of the 40 checks, unknown ones included', () => {
    assert.equal(Object.keys(REAL_CHECKS).length, 40);
    assert.deepEqual(items.map((i) => i.key).sort(), Object.keys(REAL_CHECKS).sort());
  });

  it('says how many passed', () => {
    const passed = Object.values(REAL_CHECKS).filter((c) => c.passed === true).length;
    const failed = Object.values(REAL_CHECKS).filter((c) => c.passed === false).length;
    assert.equal(passed + failed, 39, 'one check has no `passed`');
    assert.equal(parseHtml(out).querySelector('.analysis-summary')?.text, `${passed} of 40 checks passed, ${failed} failed, 1 not rated`);
  });

  it('lists failed checks first, high importance before medium and low, then not rated, then passed', () => {
    const statuses = items.map((i) => i.status);
    const firstPassed = statuses.indexOf('Passed');
    assert.ok(statuses.slice(0, firstPassed).every((s) => s !== 'Passed'));
    assert.ok(statuses.slice(firstPassed).every((s) => s === 'Passed'));
    const failed = items.filter((i) => i.status === 'Failed').map((i) => i.importance);
    const rank = (label: string | undefined) => ['High importance', 'Medium importance', 'Low importance'].indexOf(label ?? '');
    const known = failed.filter((f) => rank(f) >= 0).map(rank);
    assert.deepEqual(
      known,
      [...known].sort((a, b) => a - b),
    );
    assert.deepEqual(
      items.slice(0, 3).map((i) => i.key),
      ['title', 'meta_description', 'headings'],
    );
    assert.equal(byKey('html_validation').status, 'Not rated');
  });

  it('says an error whose detail is empty by its words alone (no ": None" or ": —" after "missing")', () => {
    const results = {
      meta_description: { passed: false, importance: 'high', value: null, errors: { missing: null } },
      structured_data: { passed: false, importance: 'low', value: null, errors: { missing: [] } },
      social: { passed: false, importance: 'low', value: null, errors: { missing: {}, other: '' } },
    };
    const shown = checkItems(renderReportBody({ ...REAL_REPORT, results }, OPTS));
    const errorsOf = (key: string) => shown.find((i) => i.key === key)!.errors;
    assert.deepEqual(errorsOf('meta_description'), ['missing']);
    assert.deepEqual(errorsOf('structured_data'), ['missing']);
    assert.deepEqual(errorsOf('social'), ['no links to social profiles', 'other']);
  });

  it('reads values for people: a noindex that is there, HTTPS, the 404 page, counts with their unit; no "None" for an empty value', () => {
    const results = {
      noindex: { passed: false, importance: 'high', value: 'noindex, nofollow', errors: { missing: null } },
      content_keywords: { passed: false, importance: 'high', value: [], errors: { missing: ['launch'] } },
      social: { passed: false, importance: 'low', value: {}, errors: { missing: null } },
      headings: { passed: false, importance: 'high', value: {}, errors: { missing: null } },
      https_encryption: { passed: false, importance: 'high', value: 'http://www.example.com/a', errors: { missing: 'https' } },
      '404_page': { passed: false, importance: 'high', value: false, errors: { missing: null } },
      image_keywords: { passed: false, importance: 'high', value: null, errors: { missing: [{ url: 'https://e.test/a.png', text: '' }] } },
      content_length: { passed: false, importance: 'low', value: 5, errors: { too_few: { min: 500 } } },
      dom_size: { passed: true, importance: 'low', value: 9 },
      text_html_ratio: { passed: false, importance: 'low', value: 4.891, errors: { too_small: { min: 10 } } },
    };
    const shown = checkItems(renderReportBody({ ...REAL_REPORT, results }, OPTS));
    const item = (key: string) => shown.find((i) => i.key === key)!;
    assert.deepEqual(item('noindex').errors, ['the page asks not to be indexed (noindex, nofollow)']);
    assert.equal(item('noindex').value, '', 'the directive is in the sentence, not again below it');
    assert.deepEqual(item('content_keywords').errors, ['words of the title not found in the text: launch']);
    for (const key of ['content_keywords', 'social', 'headings']) {
      assert.equal(item(key).value, '', `${key}: an empty value shows no line ("None")`);
    }
    assert.deepEqual(item('social').errors, ['no links to social profiles']);
    assert.deepEqual(item('headings').errors, ['no <h1> heading']);
    assert.deepEqual(item('https_encryption').errors, ['the page is not served over HTTPS']);
    assert.equal(item('https_encryption').value.replace('Value:', '').trim(), 'http://www.example.com/a');
    assert.deepEqual(item('404_page').errors, ['a page that does not exist is not answered with 404 (Not Found)']);
    assert.equal(item('404_page').value, '', 'no bare "No" under it');
    assert.deepEqual(item('image_keywords').errors, ['1 image without alt text: https://e.test/a.png']);
    assert.equal(item('content_length').value.replace('Value:', '').trim(), '5 words');
    assert.equal(item('dom_size').value.replace('Value:', '').trim(), '9 elements');
    assert.equal(item('text_html_ratio').value.replace('Value:', '').trim(), '4.89 % text');
    assert.ok(
      shown.every((i) => !/\bNone\b/.test(i.value)),
      'no value reads "None"',
    );
  });

  it('names the tags a page should not use as tags', () => {
    const results = {
      deprecated_html_tags: { passed: false, importance: 'low', value: null, errors: { bad_tags: { center: 1, FONT: 3 } } },
      other_tags: { passed: false, importance: 'low', value: null, errors: { bad_tags: ['marquee'] } },
      odd_tags: { passed: false, importance: 'low', value: null, errors: { bad_tags: { '<script>': 1 } } },
    };
    const shown = checkItems(renderReportBody({ ...REAL_REPORT, results }, OPTS));
    const errors = (key: string) => shown.find((i) => i.key === key)!.errors;
    assert.deepEqual(errors('deprecated_html_tags'), ['uses tags it should not: <center>, <font> (3)']);
    assert.deepEqual(errors('other_tags'), ['uses tags it should not: <marquee>']);
    assert.ok(errors('odd_tags')[0].startsWith('uses tags it should not:'), 'another shape keeps its detail as sent');
  });

  it("keeps the service's kind for a check it has no words of its own for, and a noindex without a value", () => {
    const results = {
      meta_viewport: { passed: false, importance: 'medium', value: null, errors: { missing: null } },
      noindex: { passed: false, importance: 'high', value: null, errors: { missing: null } },
    };
    const shown = checkItems(renderReportBody({ ...REAL_REPORT, results }, OPTS));
    assert.deepEqual(shown.find((i) => i.key === 'meta_viewport')!.errors, ['missing']);
    assert.deepEqual(shown.find((i) => i.key === 'noindex')!.errors, ['the page asks not to be indexed']);
  });

  it('names checks for people: the table, then words for names never seen', () => {
    assert.equal(byKey('404_page').name, '404 page');
    assert.equal(byKey('https_encryption').name, 'HTTPS encryption');
    assert.equal(byKey('meta_description').name, 'Meta description');
    assert.equal(byKey('text_html_ratio').name, 'Text to HTML ratio');
    assert.equal(byKey('brand_new_check').name, 'Brand new check');
    assert.equal(byKey('llms_txt').name, 'Llms txt');
    for (const key of Object.keys(REAL_CHECKS).filter((k) => k in checkNames())) {
      assert.notEqual(byKey(key).name, key, `${key} has a readable name`);
    }
    assert.equal(Object.keys(checkNames()).length, 33, 'every check the notes name');
  });

  it('says each error in words, with its detail; unknown kinds by their name and detail', () => {
    assert.deepEqual(byKey('title').errors, ['length must be 10–60']);
    assert.deepEqual(byKey('meta_description').errors, ['missing']);
    assert.deepEqual(byKey('in_page_links').errors, ['too many (at most 10)']);
    assert.deepEqual(byKey('http_requests').errors, ['too many (at most 50)']);
    assert.deepEqual(byKey('load_time').errors, ['too slow (at most 1)']);
    assert.deepEqual(byKey('dom_size').errors, ['too large (at most 1500)']);
    assert.deepEqual(byKey('content_length').errors, ['too few (at least 500)']);
    assert.deepEqual(byKey('text_html_ratio').errors, ['too small (at least 10)']);
    assert.deepEqual(byKey('unsafe_cross_origin_links').errors, ['failed']);
    assert.match(byKey('headings').errors[0], /^duplicated: h1$/);
    assert.match(byKey('image_format').errors[0], /^badly formatted: logo\.bmp$/);
    assert.match(byKey('deprecated_html_tags').errors[0], /^uses tags it should not: <font>, <center>$/);
    assert.match(byKey('structured_data').errors[0], /^missing: Schema\.org$/);
    assert.match(byKey('render_blocking_resources').errors[0], /^blocking: Count\s*1$/);
    assert.deepEqual(byKey('brand_new_check').errors, ['not indexable']);
    assert.equal(byKey('brand_new_check').importance, 'Importance: critical');
  });

  it('shows values: lists as lists, link lists as lines, long lists folded with a count', () => {
    const links = byKey('in_page_links').li;
    const internals = links.querySelectorAll('.field').find((f) => f.querySelector('dt')?.text === 'Internals')!;
    assert.equal(internals.querySelector('ul.value-list')?.querySelectorAll('li').length, 10);
    assert.equal(internals.querySelector('ul.value-list li')?.text, 'Page 0 (https://example.com/page-0)');
    assert.equal(internals.querySelector('details > summary')?.text, 'and 38 more');
    assert.match(internals.querySelector('details')?.text ?? '', /Page 47 \(https:\/\/example\.com\/page-47\)/);
    const nested = byKey('image_format').li.querySelectorAll('.check-value ul.value-list ul.value-list');
    assert.equal(nested.length, 2, 'nested lists stay lists');
    assert.match(byKey('brand_new_check').value, /Deeper/);
    // Names the service already wrote for people are kept as they are.
    assert.deepEqual(
      byKey('http_requests')
        .li.querySelectorAll('.check-value dt')
        .map((dt) => dt.text),
      ['JavaScripts', 'CSS', 'Images'],
    );
    assert.equal(byKey('load_time').value, 'Value: 2.84 s', 'seconds said as such');
    assert.equal(byKey('nofollow_links').li.querySelector('.check-value'), null, 'a missing value leaves no gap');
  });

  it('rates the record by its fractional score: badge Decent, gauge 74, exact score listed', () => {
    const root = parseHtml(out);
    assert.ok(root.querySelector('.badge.result-decent'));
    assert.equal(root.querySelector('svg.gauge')?.getAttribute('aria-label'), 'Score 74 of 100');
    assert.equal(root.querySelector('dd.score')?.text, '73.7 of 100', 'one decimal in prose');
  });
});

describe('check names and error words', () => {
  it('keeps names that are not identifiers as they are', () => {
    assert.equal(checkName('<svg onload=x>'), '<svg onload=x>');
    assert.equal(checkName('defer_javascript'), 'Defer JavaScript');
    assert.equal(checkName('constructor'), 'Constructor');
    assert.equal(checkName('__proto__'), '__proto__');
  });

  it('reads bounds from numbers, numeric strings and {min, max}', () => {
    assert.equal(errorWords('too_many', '10').text, 'too many (at most 10)');
    assert.equal(errorWords('length', { min: 10 }).text, 'length must be at least 10');
    assert.equal(errorWords('length', { max: 60 }).text, 'length must be at most 60');
    assert.deepEqual(errorWords('length', 'odd'), { text: 'wrong length', detailSaid: false });
    assert.deepEqual(errorWords('too_many', ['a', 'b']), { text: 'too many', detailSaid: false });
    assert.deepEqual(errorWords('toString', null), { text: 'to string', detailSaid: true });
  });

  it('takes missing fields and odd shapes without dropping anything', () => {
    const checks = checksOf({
      a: null,
      b: 'text',
      c: { passed: 'yes', errors: 'broken' },
      d: { errors: ['missing', 'too_many'] },
      e: [1, 2],
    })!;
    assert.deepEqual(
      checks.map((c) => [c.key, c.status]),
      [
        ['a', 'unknown'],
        ['b', 'unknown'],
        ['c', 'unknown'],
        ['d', 'unknown'],
        ['e', 'unknown'],
      ],
    );
    assert.equal(checks[2].extra.errors, 'broken', 'errors it cannot read are listed as they came');
    assert.deepEqual(
      checks[3].errors.map((e) => e.text),
      ['missing', 'too many'],
    );
    assert.equal(checksOf('none'), undefined);
    assert.equal(checksOf(null), undefined);
    assert.deepEqual(
      orderChecks(
        checksOf({ x: { passed: true }, y: { passed: false, importance: 'low' }, z: { passed: false, importance: 'high' } })!,
      ).map((c) => c.key),
      ['z', 'y', 'x'],
    );
    const out = renderReportBody({ results: { a: null, b: 'text', e: [1, 2], c: { passed: 'yes', errors: 'broken' } } }, OPTS);
    assertSafeMarkup(out);
    assert.doesNotMatch(textOf(out), LEAK_RE);
    assert.match(textOf(out), /broken/);
  });
});
