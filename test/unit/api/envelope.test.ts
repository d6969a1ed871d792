// Reading answers tolerantly: envelopes, bare lists, unknown fields, string ids.
import { strict as assert } from 'node:assert';
import { hasMorePages, readList, readReport } from '../../../core/client/envelope';

describe('api: reading answers tolerantly', () => {
  it('reads a Laravel envelope, keeps unknown fields and string ids', () => {
    const shape = readList({
      data: [{ id: 1, url: 'https://a', extra: { x: 1 } }, { id: 'abc', result: 'GOOD ' }, { url: 'no id' }],
      links: { next: 'http://h/api/v1/reports?page=2' },
      meta: { current_page: 1, last_page: 3, per_page: '10', total: 25 },
    });
    assert.deepEqual(
      shape.items.map((r) => r.id),
      [1, 'abc'],
    );
    assert.deepEqual(shape.items[0].extra, { x: 1 });
    assert.equal(shape.items[1].result, 'good');
    assert.equal(shape.skipped, 1);
    assert.equal(shape.perPage, 10);
    assert.equal(shape.total, 25);
    assert.equal(hasMorePages(shape, 1, {}), true);
  });

  it('reads a bare array, {data} alone and a plain paginator', () => {
    assert.equal(readList([{ id: 1 }]).items.length, 1);
    assert.equal(readList({ data: [{ id: 1 }] }).items.length, 1);
    const plain = readList({ data: [{ id: 1 }], current_page: 2, last_page: 2, total: 11 });
    assert.equal(plain.currentPage, 2);
    assert.equal(hasMorePages(plain, 2, {}), false);
    assert.equal(hasMorePages(readList({ data: [], meta: { total: 30, per_page: 10 } }), 2, {}), true);
  });

  it('says what it got when the shape is wrong', () => {
    assert.throws(() => readList({ reports: [] }), /not a list of reports: it sent an object with reports/);
    assert.throws(() => readReport({ data: { url: 'x' } }), /not a report with an id/);
    assert.equal(readReport({ id: 5, url: 'u' }).id, 5);
    assert.equal(readReport({ data: { id: ' 7 ' } }).id, '7');
  });
});
