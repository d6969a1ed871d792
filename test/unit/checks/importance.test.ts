// One reader of a check's importance and one order of importance (core/checks/checkResults.ts):
// the hover's sentence of failed checks, the panel's list and the history's changes sort a check
// sent as "High" (or " high ") the same way, first.
import { strict as assert } from 'node:assert';
import { checkName } from '../../../core/checks/checkNames';
import { importanceOf, importanceRank } from '../../../core/checks/checkResults';
import { failingNames } from '../../../core/checks/failingChecks';
import { diffRuns } from '../../../core/history/diff';
import { snapshotOf } from '../../../core/history/snapshot';
import { checkEntriesOf, orderChecks } from '../../../core/render/checkList';

describe('checks: importance, read once and ranked once', () => {
  it('reads high, medium and low whatever their case and spaces; nothing else', () => {
    assert.equal(importanceOf('High'), 'high');
    assert.equal(importanceOf(' medium '), 'medium');
    assert.equal(importanceOf('LOW'), 'low');
    for (const value of ['critical', '', 1, null, undefined, { toString: () => 'high' }, ['high']]) {
      assert.equal(importanceOf(value), undefined, String(value));
    }
    assert.deepEqual(['x', 'low', 'High', 'medium'].map(importanceRank), [3, 2, 0, 1]);
  });

  it('a check of importance "High" comes first in the hover, the panel and the history alike', () => {
    const results = {
      title: { passed: false, importance: 'low' },
      meta_description: { passed: false, importance: 'medium' },
      h1: { passed: false, importance: 'High' },
      lang: { passed: false, importance: ' high ' },
    };
    const expected = ['h1', 'lang', 'meta_description', 'title'];
    assert.deepEqual(failingNames(results, 4).names, expected.map(checkName));
    assert.deepEqual(
      orderChecks(checkEntriesOf(results) ?? []).map((c) => c.key),
      expected,
    );
    const before = snapshotOf({ results: {} });
    assert.deepEqual(diffRuns(before, snapshotOf({ results })).failingUnjudgedBefore, expected);
  });
});
