import { strict as assert } from 'node:assert';
import { diffRuns } from '../../../core/history/diff';
import { changeSummary, changesMarkdown } from '../../../core/history/changeWords';
import type { RunSnapshot } from '../../../core/history/snapshot';

const before: RunSnapshot = {
  generatedAt: '2026-01-01T00:00:00Z',
  score: 63,
  band: 'decent',
  checks: {
    title: { passed: false, importance: 'low' },
    https: { passed: false, importance: 'high' },
    favicon: { passed: false },
    robots: { passed: true, importance: 'medium' },
    charset: { passed: false, importance: 'medium' },
    gone: { passed: false },
  },
};
const after: RunSnapshot = {
  generatedAt: '2026-01-02T00:00:00Z',
  score: 81.4,
  band: 'good',
  checks: {
    title: { passed: true, importance: 'low' },
    https: { passed: true, importance: 'high' },
    favicon: { passed: true },
    robots: { passed: false, importance: 'medium' },
    charset: { passed: false, importance: 'medium' },
    sitemap: { passed: false, importance: 'high' },
  },
};

describe('history/diffRuns', () => {
  it('sorts newly failing, fixed and still failing checks by importance, then name; a check not in the run before is not newly failing', () => {
    assert.deepEqual(diffRuns(before, after), {
      scoreBefore: 63,
      scoreAfter: 81.4,
      delta: 81.4 - 63,
      bandBefore: 'decent',
      bandAfter: 'good',
      newlyFailing: ['robots'],
      fixed: ['https', 'title', 'favicon'],
      stillFailing: ['charset'],
      failingUnjudgedBefore: ['sitemap'],
    });
  });

  it('has no delta without both scores', () => {
    const diff = diffRuns({ ...before, score: undefined }, after);
    assert.equal(diff.delta, undefined);
    assert.equal(diff.scoreBefore, undefined);
  });
});

describe('history/changeSummary', () => {
  it('"63 → 81 (+18): 3 checks fixed, 1 newly failing", with plurals chosen in code', () => {
    assert.equal(changeSummary(diffRuns(before, after)), '63 → 81 (+18): 3 checks fixed, 1 newly failing');
    const one = { ...diffRuns(before, after), fixed: ['x'], newlyFailing: ['y'] };
    assert.equal(changeSummary(one), '63 → 81 (+18): 1 check fixed, 1 newly failing');
    assert.equal(changeSummary({ ...one, newlyFailing: [] }), '63 → 81 (+18): 1 check fixed');
    assert.equal(changeSummary(diffRuns(after, before)), '81 → 63 (-18): 1 check fixed, 3 newly failing');
    assert.equal(changeSummary(diffRuns(after, after)), '81 → 81 (0): no check changed');
    assert.equal(changeSummary(diffRuns({ ...before, score: undefined }, { ...before, score: undefined })), 'no score: no check changed');
  });
});

describe('history/changesMarkdown', () => {
  it('a header with the URL as a code span and both scores, then a table of the checks that changed', () => {
    const md = changesMarkdown('https://site.test/`x`', before, after, (key) => key.toUpperCase());
    const lines = md.trim().split('\n');
    assert.equal(lines[0], 'Changes of `` https://site.test/`x` ``: 63 → 81 (+18)');
    assert.equal(lines[2], '| Check | Before | After |');
    assert.deepEqual(lines.slice(4), [
      '| HTTPS | Failed | Passed |',
      '| SITEMAP | not checked | Failed |',
      '| ROBOTS | Passed | Failed |',
      '| TITLE | Failed | Passed |',
      '| FAVICON | Failed | Passed |',
      '| GONE | Failed | not checked |',
    ]);
  });

  it('escapes | and line breaks (and Markdown’s characters) in check names; a throwing label falls back to the key', () => {
    const md = changesMarkdown(
      'https://a.test',
      { ...before, checks: {} },
      { ...after, checks: { 'a|b\nc': { passed: false }, k: { passed: true } } },
      (key) => {
        if (key === 'k') throw new Error('no');
        return `[link](command:x) ${key} *em*`;
      },
    );
    const rows = md.trim().split('\n').slice(4);
    assert.equal(rows.length, 2);
    for (const row of rows) assert.equal(row.split(/(?<!\\)\|/).length, 5, row);
    assert.ok(!md.includes('[link]('));
    assert.ok(rows[0].includes('a\\|b c') && rows[0].includes('\\*em\\*'), rows[0]);
    assert.ok(rows[1].startsWith('| k |'));
  });

  it('a check name pasted into GitHub mentions no one and links no issue, as in the command line’s table cells', () => {
    const md = changesMarkdown(
      'https://a.test',
      { ...before, checks: {} },
      { ...after, checks: { k: { passed: true } } },
      () => 'ask @octocat about #123',
    );
    const row = md.trim().split('\n')[4];
    assert.ok(!/@[A-Za-z0-9]/.test(row), row);
    assert.ok(!/#\d/.test(row.replace(/\\#/g, '#')), row);
    assert.match(row, /@\u2060octocat/, 'the text is kept, only the mention is broken');
  });

  it('says so when no check changed', () => {
    assert.match(changesMarkdown('https://a.test', before, before, String), /No check changed\./);
  });
});
