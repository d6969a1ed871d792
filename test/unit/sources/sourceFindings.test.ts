// A report's failed checks as findings on the page's source file: placed by checkLocations, said
// in words, severity from the page's band unless the config's rules say otherwise; server strings
// are untrusted (plainText), and the work is bounded. The records here are in the shapes the
// service answers (the real service's object of checks, the plain reading's array); the demo test
// (test/unit/demo) feeds records the local service made by analysing real pages.
import { strict as assert } from 'node:assert';
import {
  failedChecksOf,
  MAX_CHECK_KEY,
  MAX_ERRORS_SAID,
  MAX_FINDINGS,
  MAX_MESSAGE,
  sourceFindings,
  type CheckRules,
} from '../../../core/sources/sourceFindings';

const SOURCE = ['---', 'title: Hi', 'description: Short', '---', '', 'Body'].join('\n');

function realRecord(score: number, results: Record<string, unknown>) {
  return { id: 7, url: 'https://example.com/blog/a', result: score, results };
}

const CHECKS = {
  title: { passed: false, importance: 'high', value: 'Hi', errors: { length: { min: 10, max: 60 } } },
  meta_description: { passed: false, importance: 'high', value: null, errors: { missing: null } },
  headings: { passed: true, importance: 'high', value: { h1: ['Hi'] } },
  plaintext_email: { passed: false, importance: 'medium', value: 'http' },
};

describe('sources: findings of a report on its source file', () => {
  it('one finding per failed check, on the line where it is fixed, in words', () => {
    const findings = sourceFindings(realRecord(35.5, CHECKS), SOURCE);
    assert.deepEqual(
      findings.map((f) => [f.check, f.line, f.startColumn, f.endColumn, f.severity]),
      [
        ['title', 1, 7, 9, 'warn'],
        ['meta_description', 2, 13, 18, 'warn'],
        ['plaintext_email', 0, 0, 3, 'warn'],
      ],
    );
    assert.equal(findings[0].message, 'Title: 2 characters, should be 10–60');
    assert.equal(findings[1].message, 'Missing meta description');
    assert.equal(findings[2].message, 'Plaintext email: not passed');
  });

  it('says what is wrong as a sentence, with the bound and the value measured', () => {
    const say = (key: string, check: Record<string, unknown>) =>
      sourceFindings(realRecord(30, { [key]: { passed: false, ...check } }), SOURCE)[0]?.message;
    assert.equal(say('content_length', { value: 312, errors: { too_few: { min: 500 } } }), 'Fewer than 500 words (312)');
    assert.equal(say('dom_size', { value: 2400, errors: { too_many: { max: 1500 } } }), 'More than 1500 elements (2400)');
    assert.equal(say('title', { errors: { duplicate: null } }), 'More than one title');
    assert.equal(
      say('title', { value: 'x', errors: { length: { min: 10, max: 60 }, missing: null } }),
      'Title: 1 characters, should be 10–60; also missing',
    );
    assert.equal(say('charset', { errors: ['bad_format'] }), 'Charset is badly formatted');
    // The tags and links a check found, said instead of "uses tags it should not" or "failed".
    assert.equal(say('deprecated_html_tags', { errors: { bad_tags: { font: 2, center: 1 } } }), 'Deprecated HTML tags: <font>, <center>');
    assert.equal(
      say('deprecated_html_tags', { errors: { bad_tags: ['big', 'BLINK', 'tt', 'strike', '<script>', 'x'.repeat(40)] } }),
      'Deprecated HTML tags: <big>, <blink>, <tt>, and 1 more',
    );
    assert.equal(say('deprecated_html_tags', { errors: { bad_tags: true } }), 'Deprecated HTML tags: uses tags it should not');
    assert.equal(
      say('unsafe_cross_origin_links', { errors: { failed: ['https://a.example/', 'https://b.example/'] } }),
      '2 links open a new tab without rel="noopener"',
    );
    assert.equal(
      say('unsafe_cross_origin_links', { errors: { failed: ['https://a.example/'] } }),
      '1 link opens a new tab without rel="noopener"',
    );
    assert.equal(say('unsafe_cross_origin_links', { errors: { failed: '' } }), 'Unsafe cross-origin links: failed');
    assert.equal(say('image_keywords', { errors: { missing: ['a.png', 'b.png', 'c.png'] } }), '3 images without alt text');
    assert.equal(say('image_keywords', { errors: { missing: null } }), 'Missing image keywords');
  });

  it('the checks of the site and its server are no Problem on a source file (no edit of it fixes them)', () => {
    const site = { passed: false, importance: 'high', value: 'x' };
    const findings = sourceFindings(
      realRecord(20, { https_encryption: site, server_signature: site, load_time: site, page_size: site, title: CHECKS.title }),
      SOURCE,
    );
    assert.deepEqual(
      findings.map((f) => f.check),
      ['title'],
    );
  });

  it('severity: warn on a page rated bad, info on a decent or good one', () => {
    assert.deepEqual(
      sourceFindings(realRecord(48.99, CHECKS), SOURCE).map((f) => f.severity),
      ['warn', 'warn', 'warn'],
    );
    assert.deepEqual(
      sourceFindings(realRecord(49, CHECKS), SOURCE).map((f) => f.severity),
      ['info', 'info', 'info'],
    );
    assert.deepEqual(
      sourceFindings(realRecord(95, CHECKS), SOURCE).map((f) => f.severity),
      ['info', 'info', 'info'],
    );
    assert.deepEqual(
      sourceFindings({ id: 1, result: 'bad', results: CHECKS }, SOURCE).map((f) => f.severity),
      ['warn', 'warn', 'warn'],
    );
    assert.deepEqual(
      sourceFindings({ id: 1, results: CHECKS }, SOURCE).map((f) => f.severity),
      ['info', 'info', 'info'],
      'no rating: not bad',
    );
  });

  it('the rules decide per check: error, warn, off, or the default', () => {
    const asked: string[] = [];
    const rules: CheckRules = (check) => {
      asked.push(check);
      return check === 'title' ? 'error' : check === 'plaintext_email' ? 'off' : check === 'meta_description' ? 'warn' : undefined;
    };
    const findings = sourceFindings(realRecord(70, CHECKS), SOURCE, rules);
    assert.deepEqual(
      findings.map((f) => [f.check, f.severity]),
      [
        ['title', 'error'],
        ['meta_description', 'warn'],
      ],
    );
    assert.deepEqual(asked, ['title', 'meta_description', 'plaintext_email']);
  });

  it('reads the plain reading: an array of {key, passed, errors}', () => {
    const record = {
      id: 'a1',
      result: 'decent',
      score: 60,
      results: [
        { key: 'title', passed: 0, errors: ['too_many'] },
        { key: 'meta_description', passed: 'true' },
        { key: 'brand_new_check', passed: 'false' },
        { passed: false },
      ],
    };
    assert.deepEqual(
      sourceFindings(record, SOURCE).map((f) => [f.check, f.line, f.message, f.severity]),
      [
        ['title', 1, 'Title: too many', 'info'],
        ['brand_new_check', 0, 'Brand new check: not passed', 'info'],
      ],
    );
  });

  it('no report, no results, or a record of the wrong kind: no findings', () => {
    for (const record of [undefined, null, 42, 'text', {}, { results: 'x' }, { results: null }, []]) {
      assert.deepEqual(sourceFindings(record, SOURCE), []);
    }
  });
});

describe('sources: findings from untrusted reports', () => {
  it('check names and error kinds cannot become links, icons or hidden text', () => {
    const record = realRecord(10, {
      '[click](command:workbench.action.terminal.new)': { passed: false, errors: { '$(alert) [x](https://evil.example)': null } },
      'evil\u202etxt.exe': { passed: false, errors: { 'line\nbreak': null } },
    });
    const findings = sourceFindings(record, SOURCE);
    assert.equal(findings.length, 2);
    for (const f of findings) {
      assert.doesNotMatch(f.message, /\[|\]|\$\(|\n|\u202e/);
      assert.doesNotMatch(f.check, /\[|\]|\u202e/);
    }
  });

  it('getters, proxies and inherited fields are never run or read', () => {
    let ran = false;
    const results = {
      get title() {
        ran = true;
        return { passed: false };
      },
      meta_description: new Proxy(
        {},
        {
          getOwnPropertyDescriptor() {
            throw new Error('trap');
          },
        },
      ),
      headings: Object.create({ passed: false }),
    };
    assert.deepEqual(sourceFindings(realRecord(10, results), SOURCE), []);
    assert.equal(ran, false);
  });

  it(`at most MAX_FINDINGS (${MAX_FINDINGS}) findings from a report with 100,000 failed checks`, () => {
    const results: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) results[`check_${i}`] = { passed: false, errors: { missing: null } };
    const findings = sourceFindings(realRecord(10, results), SOURCE);
    assert.equal(findings.length, MAX_FINDINGS);
    const array = Array.from({ length: 100_000 }, (_, i) => ({ key: `c${i}`, passed: false }));
    assert.equal(failedChecksOf(array).length, MAX_FINDINGS);
  });

  it('passed checks before the failed ones are looked at only up to the examined budget', () => {
    const results: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) results[`ok_${i}`] = { passed: true };
    results.title = { passed: false };
    assert.deepEqual(sourceFindings(realRecord(10, results), SOURCE), []);
  });

  it(`says at most MAX_ERRORS_SAID (${MAX_ERRORS_SAID}) error kinds and counts the rest; messages and keys are capped`, () => {
    const errors: Record<string, null> = {};
    for (let i = 0; i < 10_000; i++) errors[`kind_${i}`] = null;
    const [finding] = sourceFindings(realRecord(10, { ['k'.repeat(100_000)]: { passed: false, errors } }), SOURCE);
    assert.match(finding.message, /kind 0; also kind 1, kind 2, and 97 more/);
    assert.ok(finding.message.length <= MAX_MESSAGE);
    assert.ok(finding.check.length <= MAX_CHECK_KEY);
  });
});
