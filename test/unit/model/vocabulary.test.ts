import { strict as assert } from 'node:assert';
import { contextValue, privacyName, relativeTime } from '../../../core/text/vocabulary';
import { accessibleLabel } from '../../../core/checks/ratingWords';
import { codeSpan } from '../../../core/text/markdownText';
import { describeFilters, isFiltered, toQuery } from '../../../core/list/filters';

describe('model: labels, context values and filters', () => {
  const now = new Date('2026-05-10T12:00:00Z');

  it('names privacy and builds the menu context value', () => {
    assert.equal(privacyName(0), 'public');
    assert.equal(privacyName('1'), 'private');
    assert.equal(privacyName(2), 'password');
    assert.equal(privacyName(9), 'unknown');
    assert.equal(contextValue({ id: 1, url: 'https://a.test', privacy: 1 }), 'report:private:web');
    assert.equal(contextValue({ id: 1, url: 'javascript:alert(1)', privacy: 0 }), 'report:public');
  });

  it('wraps tooltip values in code spans that no backtick can close', () => {
    assert.equal(codeSpan('https://a.test/x'), '`https://a.test/x`');
    assert.equal(codeSpan('a ` b'), '``a ` b``');
    assert.equal(codeSpan('```x'), '```` ```x ````');
    assert.equal(codeSpan('line\nbreak'), '`line break`');
    assert.equal(codeSpan(''), '`  `');
  });

  it('says times relative to now', () => {
    assert.equal(relativeTime('2026-05-10T11:57:00Z', now), '3 minutes ago');
    assert.equal(relativeTime('2026-05-09T12:00:00Z', now), 'yesterday');
    assert.equal(relativeTime('2026-05-10T11:59:50Z', now), 'just now');
    assert.equal(relativeTime('not a date', now), undefined);
  });

  it('speaks a report for screen readers', () => {
    assert.equal(
      accessibleLabel({ id: 1, url: 'https://a.test', result: 'good', privacy: 2, generated_at: '2026-05-07T12:00:00Z' }, now),
      'https://a.test, Good, Password protected, generated 3 days ago',
    );
  });

  it('turns filters into the service query and a description', () => {
    const defaults = { perPage: 25 as const, sortBy: 'id' as const, sort: 'desc' as const };
    assert.deepEqual(toQuery({ search: ' blog ', project: '' }, defaults), {
      search: 'blog',
      searchBy: 'url',
      project: undefined,
      sortBy: 'id',
      sort: 'desc',
      perPage: 25,
    });
    assert.equal(isFiltered({}, defaults), false);
    assert.equal(isFiltered({ sortBy: 'id', sort: 'desc' }, defaults), false);
    assert.equal(isFiltered({ sort: 'asc' }, defaults), true);
    assert.equal(
      describeFilters({ search: 'blog', project: 'a.test', sortBy: 'url', sort: 'asc' }, defaults),
      'URL contains “blog” · project a.test · sorted by URL, ascending',
    );
    assert.equal(describeFilters({ search: '  ' }, defaults), undefined);
  });
});
