import * as assert from 'node:assert/strict';
import { badReportsBadge, statusSummary } from '../../../core/list/statusSummary';

describe('status bar summary and badge', () => {
  it('shows the totals per rating with codicons, and the same in words for screen readers', () => {
    const s = statusSummary({ good: 30, decent: 7, bad: 4 });
    assert.equal(s?.text, '$(globe) 30 good · 7 decent · 4 bad');
    assert.equal(s?.label, 'Website Reports: 30 good, 7 decent, 4 bad');
    assert.equal(s?.tooltip, 'Website Reports: 30 good, 7 decent, 4 bad\nClick to open the account.');
  });

  it('shows nothing until every group has its total', () => {
    assert.equal(statusSummary({ good: 3, decent: undefined, bad: 1 }), undefined);
    assert.equal(statusSummary({ good: undefined, decent: undefined, bad: undefined }), undefined);
  });

  it('names the account and the time of the last refresh in the tooltip when known', () => {
    const at = new Date(2026, 0, 2, 13, 45, 10);
    const s = statusSummary({ good: 0, decent: 0, bad: 0 }, 'Demo User', at);
    assert.equal(s?.text, '$(globe) 0 good · 0 decent · 0 bad');
    assert.deepEqual(s?.tooltip.split('\n'), [
      'Website Reports: 0 good, 0 decent, 0 bad',
      'Account: Demo User',
      `Last refreshed ${at.toLocaleTimeString()}`,
      'Click to open the account.',
    ]);
  });

  it('neutralises link and icon syntax in the account name (plainText)', () => {
    const s = statusSummary({ good: 1, decent: 1, bad: 1 }, 'Eve [click](command:workbench.action.openSettings) $(alert)\nx');
    const line = s!.tooltip.split('\n')[1];
    assert.ok(line.startsWith('Account: Eve '));
    assert.doesNotMatch(line, /[[\]]|\$\(/);
    assert.ok(line.endsWith(' x'), 'the line break flattened');
  });

  it('leaves out an account name that is blank', () => {
    const s = statusSummary({ good: 1, decent: 0, bad: 0 }, ' \n ');
    assert.ok(!s!.tooltip.includes('Account:'));
  });

  it('badges the number of bad reports, none when there are none or it is unknown', () => {
    assert.deepEqual(badReportsBadge({ good: 1, decent: 2, bad: 4 }), { value: 4, tooltip: '4 reports rated bad' });
    assert.deepEqual(badReportsBadge({ good: 1, decent: 2, bad: 1 }), { value: 1, tooltip: '1 report rated bad' });
    assert.equal(badReportsBadge({ good: 1, decent: 2, bad: 0 }), undefined);
    assert.equal(badReportsBadge({ good: 1, decent: 2, bad: undefined }), undefined);
  });

  it('says a searched or filtered list is filtered, and names its filter in the tooltips (plain text)', () => {
    const s = statusSummary({ good: 2, decent: 2, bad: 2 }, undefined, undefined, 'URL contains “blog.example”');
    assert.equal(s?.text, '$(globe) 2 good · 2 decent · 2 bad (filtered)');
    assert.equal(s?.label, 'Website Reports, filtered list: 2 good, 2 decent, 2 bad');
    assert.deepEqual(s?.tooltip.split('\n'), [
      'Website Reports, filtered list: 2 good, 2 decent, 2 bad',
      'Filter: URL contains “blog.example”',
      'Click to open the account.',
    ]);
    assert.deepEqual(badReportsBadge({ good: 1, decent: 2, bad: 2 }, 'project x'), {
      value: 2,
      tooltip: '2 reports rated bad (filtered: project x)',
    });
    const hostile = statusSummary({ good: 1, decent: 0, bad: 0 }, undefined, undefined, 'URL contains “a\nb”');
    assert.equal(hostile?.tooltip.split('\n').length, 3, 'a line break in the search stays on its line');
  });
});
