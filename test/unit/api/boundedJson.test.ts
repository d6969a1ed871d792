// The bounded reader of answers (boundedJson.ts) against generated worst cases, one per budget at
// its real value: every cost stops at its bound and the rest of the answer is read.
import { strict as assert } from 'node:assert';
import { MalformedJson, OmittedRows, OversizedRecord, ReadStats, readBoundedJson } from '../../../core/client/boundedAnswer';
import { readList, readReport } from '../../../core/client/envelope';
import {
  MAX_ENVELOPE_FIELD_BYTES,
  MAX_ENVELOPE_FIELDS,
  MAX_PAGE_ROWS,
  MAX_RECORD_BYTES,
  MAX_RECORD_DEPTH,
  MAX_SKIMMED_VALUE_BYTES,
} from '../../../core/client/answerLimits';
import { oversizedOf } from '../../../core/client/types';

const read = (text: string, expect: 'list' | 'record' = 'list', stats?: ReadStats) => readBoundedJson(Buffer.from(text), { expect, stats });
const nested = (depth: number) => `${'['.repeat(depth)}"bottom"${']'.repeat(depth)}`;

describe('api: the bounded reader of answers', () => {
  it('reads ordinary answers as JSON.parse does, in every envelope', () => {
    const bodies = [
      [{ id: 1, url: 'https://a.test/' }],
      { data: [{ id: 1, url: 'https://a.test/', nested: { a: [1, 2, { b: 'c"\\' }] } }], links: { next: null }, meta: { total: 1 } },
      { data: [], current_page: 2, next_page_url: 'http://x/?page=3' },
      { data: { id: 'abc', results: { x: 1 } }, status: 200 },
      { id: 5, url: 'https://a.test/ü', __proto__: 1 },
      'text',
      42,
      null,
    ];
    for (const body of bodies) {
      const text =
        typeof body === 'object' && body !== null && '__proto__' in body
          ? '{"id":5,"url":"https://a.test/ü","__proto__":1}'
          : JSON.stringify(body);
      assert.deepEqual(read(text), JSON.parse(text), text);
    }
    assert.equal(read('  '), undefined);
  });

  it('refuses what is not JSON, and a text that ends early', () => {
    for (const text of ['{', '[1,', '{"data":[1]', '{"a" 1}', '[1 2]', '{"a":1}x', '<html>', '{"data":[{"id":1,}]}', '"abc']) {
      assert.throws(() => read(text), MalformedJson, text);
    }
    assert.throws(
      () => read('{"data":['),
      (e: unknown) => e instanceof MalformedJson && e.cut,
    );
  });

  it(`a record over ${MAX_RECORD_BYTES} bytes is its facts only, marked; its neighbours are intact`, () => {
    const big = {
      id: 7,
      url: 'https://big.test/',
      result: 55,
      privacy: '2',
      generated_at: '2026-01-01T00:00:00Z',
      blob: 'x'.repeat(MAX_RECORD_BYTES),
    };
    const text = JSON.stringify({ data: [{ id: 6 }, big, { id: 8 }], meta: { total: 3 } });
    const stats: ReadStats = { parsedBytes: 0, largestParse: 0 };
    const list = readList(read(text, 'list', stats));
    assert.deepEqual(
      list.items.map((r) => r.id),
      [6, 7, 8],
    );
    assert.equal(list.oversized, 1);
    const facts = list.items[1];
    assert.deepEqual(Object.fromEntries(Object.entries(facts)), {
      id: 7,
      url: 'https://big.test/',
      result: 55,
      privacy: 2,
      generated_at: '2026-01-01T00:00:00Z',
    });
    assert.deepEqual(oversizedOf(facts), { bytes: JSON.stringify(big).length, reason: 'bytes' });
    assert.ok(stats.largestParse < 1024, `nothing large was parsed (largest ${stats.largestParse})`);
  });

  it(`a record nested over ${MAX_RECORD_DEPTH} levels is marked, not built; 10,000 levels are built`, () => {
    const deep = read(`{"data":[{"id":1,"deep":${nested(MAX_RECORD_DEPTH + 1)}},{"id":2,"deep":${nested(10_000)}}]}`) as {
      data: unknown[];
    };
    assert.ok(deep.data[0] instanceof OversizedRecord);
    assert.equal(deep.data[0].info.reason, 'depth');
    assert.ok(!(deep.data[1] instanceof OversizedRecord));
  });

  it(`a page of a million rows reads ${MAX_PAGE_ROWS} of them; the rest count as skipped`, () => {
    const rows = 1_000_000;
    const text = `{"data":[${Array.from({ length: rows }, (_, i) => `{"id":${i + 1}}`).join(',')}]}`;
    const body = read(text) as { data: unknown[] };
    assert.equal(body.data.length, MAX_PAGE_ROWS + 1);
    assert.ok(body.data[MAX_PAGE_ROWS] instanceof OmittedRows);
    const list = readList(body);
    assert.equal(list.items.length, MAX_PAGE_ROWS);
    assert.equal(list.items.length + list.skipped, rows);
  });

  it(`an envelope keeps ${MAX_ENVELOPE_FIELDS} fields of at most ${MAX_ENVELOPE_FIELD_BYTES} bytes; data and the rest are read`, () => {
    const fields = Array.from({ length: 100_000 }, (_, i) => `"f${i}":${i}`).join(',');
    const body = read(
      `{"meta":{"total":3,"pad":"${'y'.repeat(MAX_ENVELOPE_FIELD_BYTES)}"},${fields},"data":[{"id":1}],"links":{"next":"n"}}`,
    ) as Record<string, unknown>;
    assert.equal(body.meta, undefined, 'an oversize meta is left out');
    assert.equal(Object.keys(body).length, MAX_ENVELOPE_FIELDS + 1, 'the first fields and data');
    assert.deepEqual(body.data, [{ id: 1 }]);
  });

  it(`a record too large keeps only short facts (at most ${MAX_SKIMMED_VALUE_BYTES} bytes) of known fields`, () => {
    const url = `https://long.test/${'p'.repeat(MAX_SKIMMED_VALUE_BYTES)}`;
    const longKey = 'k'.repeat(10_000);
    const text = `{"id":9,"url":"${url}","${longKey}":1,"project":{"nested":true},"result":"good","blob":"${'x'.repeat(MAX_RECORD_BYTES)}"}`;
    const report = readReport(read(text, 'record'));
    assert.deepEqual(Object.fromEntries(Object.entries(report)), { id: 9, result: 'good' });
    assert.equal(oversizedOf(report)?.reason, 'bytes');
  });

  it('an answer cut at the byte budget still names its record (for a create), not a list', () => {
    const text = `{"data":{"id":11,"url":"https://cut.test/","blob":"${'x'.repeat(4096)}`;
    const cut = readBoundedJson(Buffer.from(text), { expect: 'record', truncated: true });
    assert.ok(cut instanceof OversizedRecord);
    assert.deepEqual(cut.fields, { id: 11, url: 'https://cut.test/' });
    assert.equal(cut.info.reason, 'cut');
    assert.throws(() => readBoundedJson(Buffer.from(text), { expect: 'list', truncated: true }), MalformedJson);
    assert.throws(
      () => readBoundedJson(Buffer.from('{"data":{"url":"u","blob":"xx'), { expect: 'record', truncated: true }),
      MalformedJson,
    );
  });

  it('strings with escaped quotes and backslashes, and multi-byte characters, are stepped over whole', () => {
    const tricky = { id: 3, url: 'https://ü.test/"]}', s: 'a\\"b\\\\', t: '\\', u: '"}]{[', emoji: '😀' };
    const text = JSON.stringify({ data: [tricky, { id: 4 }] });
    assert.deepEqual(read(text), JSON.parse(text));
    const small = readBoundedJson(Buffer.from(text), { expect: 'list', budgets: { recordBytes: 20 } }) as { data: unknown[] };
    assert.ok(small.data[0] instanceof OversizedRecord);
    assert.deepEqual(small.data[0].fields, { id: 3, url: 'https://ü.test/"]}' });
    assert.deepEqual(small.data[1], { id: 4 });
  });
});
