// Property-based tests (fast-check) of the client's parsers of outside input: Retry-After,
// NO_PROXY matching, envelope reading and the bounded reader of answers. Each property holds for any input fast-check finds.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { MalformedJson, ReadStats, readBoundedJson } from '../../../core/client/boundedAnswer';
import { readList, readReport } from '../../../core/client/envelope';
import { ApiError } from '../../../core/client/errors';
import { bypassesProxy } from '../../../core/client/proxy';
import { MAX_RETRY_AFTER_MS, parseRetryAfter } from '../../../core/client/retry';
import { oversizedOf } from '../../../core/client/types';

const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/);
const hostLabels = fc.array(label, { minLength: 1, maxLength: 5 });

describe('api: properties of Retry-After parsing', () => {
  it('never throws, never gives a negative, NaN or endless delay', () => {
    fc.assert(
      fc.property(fc.option(fc.string(), { nil: undefined }), fc.integer({ min: 0, max: 4_102_444_800_000 }), (value, now) => {
        const ms = parseRetryAfter(value, now);
        if (ms !== undefined) assert.ok(Number.isFinite(ms) && ms >= 0 && ms <= MAX_RETRY_AFTER_MS, `${JSON.stringify(value)} → ${ms}`);
      }),
    );
  });

  it('delta-seconds are taken exactly (capped at a day), with any surrounding blanks; 0 is no usable wait', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), fc.constantFrom('', ' ', '\t'), (seconds, pad) => {
        const expected = seconds === 0 ? undefined : Math.min(seconds * 1000, MAX_RETRY_AFTER_MS);
        assert.equal(parseRetryAfter(`${pad}${seconds}${pad}`, 0), expected);
      }),
    );
    assert.equal(parseRetryAfter('9'.repeat(400)), MAX_RETRY_AFTER_MS);
  });

  it('an HTTP date is the time until it, or no usable wait once it is not in the future', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000 }), fc.integer({ min: -86_400, max: 86_400 }), (nowSeconds, deltaSeconds) => {
        const now = nowSeconds * 1000;
        const date = new Date(now + deltaSeconds * 1000).toUTCString();
        assert.equal(parseRetryAfter(date, now), deltaSeconds > 0 ? deltaSeconds * 1000 : undefined);
      }),
    );
  });
});

describe('api: properties of NO_PROXY matching', () => {
  it('a host matches a rule iff the rule is a whole-label suffix of it', () => {
    fc.assert(
      fc.property(hostLabels, hostLabels, fc.constantFrom('', '.', '*.'), (host, rule, prefix) => {
        const name = host.join('.');
        const bare = rule.join('.');
        const isSuffix = name === bare || name.endsWith(`.${bare}`);
        assert.equal(bypassesProxy(name, '443', [`${prefix}${bare}`]), isSuffix, `${name} vs ${prefix}${bare}`);
      }),
    );
  });

  it('every label-suffix of a host matches it, in any case, with blanks and a matching port', () => {
    fc.assert(
      fc.property(hostLabels, fc.nat(), fc.integer({ min: 1, max: 65535 }), (labels, cut, port) => {
        const name = labels.join('.');
        const suffix = labels.slice(cut % labels.length).join('.');
        assert.ok(bypassesProxy(name.toUpperCase(), String(port), [` ${suffix} `]));
        assert.ok(bypassesProxy(name, String(port), [`.${suffix.toUpperCase()}:${port}`]));
        assert.ok(!bypassesProxy(name, String(port), [`${suffix}:${port === 1 ? 2 : port - 1}`]), 'another port does not match');
        assert.ok(!bypassesProxy(name, String(port), [`x${suffix}`]) || name.endsWith(`.x${suffix}`) || name === `x${suffix}`);
      }),
    );
  });

  it('never throws and the empty list matches nothing', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.array(fc.string()), (host, port, entries) => {
        const matched = bypassesProxy(host, port, entries);
        assert.equal(typeof matched, 'boolean');
        assert.equal(bypassesProxy(host, port, []), false);
      }),
    );
  });
});

const id = fc.oneof(fc.integer({ min: 1 }), fc.stringMatching(/^[A-Za-z0-9-]{1,12}$/));
const record = fc
  .tuple(
    id,
    fc.dictionary(
      fc.string().filter((k) => !['id', 'result', 'privacy', '__proto__'].includes(k)),
      fc.jsonValue(),
    ),
  )
  .map(([recordId, fields]) => ({ ...fields, id: recordId }));

describe('api: properties of envelope reading', () => {
  it('items never lose a field, keep their ids, and items + skipped = rows, in every envelope', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(record, fc.jsonValue())), fc.nat({ max: 3 }), (rows, envelope) => {
        const body = [rows, { data: rows }, { data: rows, links: {}, meta: {}, status: 200 }, { data: rows, current_page: 1 }][envelope];
        const list = readList(body);
        assert.equal(list.items.length + list.skipped, rows.length);
        // Rows with a usable id (a safe integer from 1 or a non-blank string) are the items, in order.
        const kept = rows.filter((r) => {
          const value = typeof r === 'object' && r !== null && !Array.isArray(r) ? (r as Record<string, unknown>).id : undefined;
          return (
            (typeof value === 'number' && Number.isSafeInteger(value) && value >= 1) || (typeof value === 'string' && value.trim() !== '')
          );
        }) as Array<Record<string, unknown>>;
        assert.equal(list.items.length, kept.length);
        list.items.forEach((item, index) => {
          const source = kept[index];
          assert.equal(item.id, typeof source.id === 'string' ? source.id.trim() : source.id);
          for (const [key, value] of Object.entries(source)) if (key !== 'id') assert.deepEqual(item[key], value, key);
        });
      }),
    );
  });

  it('a report reads the same bare or in {data}; anything else fails only with an ApiError', () => {
    fc.assert(fc.property(record, (r) => assert.deepEqual(readReport({ data: r, status: 200 }), readReport(r))));
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        for (const read of [readList, readReport]) {
          try {
            read(body);
          } catch (error) {
            assert.ok(error instanceof ApiError && error.kind === 'bad-response', String(error));
          }
        }
      }),
    );
  });
});

/** How deeply a JSON value nests (0 for a scalar), as the bounded reader counts it. */
function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

const budgets = fc.record({
  recordBytes: fc.integer({ min: 2, max: 400 }),
  recordDepth: fc.integer({ min: 1, max: 6 }),
  pageRows: fc.integer({ min: 1, max: 40 }),
  envelopeFields: fc.integer({ min: 0, max: 4 }),
  envelopeFieldBytes: fc.integer({ min: 1, max: 200 }),
  skimmedValueBytes: fc.integer({ min: 1, max: 50 }),
});

describe('api: properties of the bounded reader of answers', () => {
  it('any JSON page, any budgets: never throws; unmarked items + oversized + skipped = rows; bounded work', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(record, fc.jsonValue())), fc.nat({ max: 3 }), budgets, (generated, envelope, limits) => {
        // As the service would send them: through JSON text (no -0, which JSON writes as 0).
        const rows = JSON.parse(JSON.stringify(generated)) as unknown[];
        const body = [
          rows,
          { data: rows },
          { data: rows, links: {}, meta: { total: rows.length }, status: 200 },
          { data: rows, current_page: 1 },
        ][envelope];
        const bytes = Buffer.from(JSON.stringify(body));
        const stats: ReadStats = { parsedBytes: 0, largestParse: 0 };
        const list = readList(readBoundedJson(bytes, { expect: 'list', budgets: limits, stats }));
        const oversized = list.items.filter((item) => oversizedOf(item) !== undefined).length;
        assert.equal(oversized, list.oversized);
        assert.equal(list.items.length - oversized + oversized + list.skipped, rows.length);
        // Each row within budget is exactly what the plain reading gives; the others are marked or skipped.
        const read = rows.slice(0, limits.pageRows);
        const kept = read.flatMap((row) => {
          const within = Buffer.byteLength(JSON.stringify(row)) <= limits.recordBytes && depthOf(row) <= limits.recordDepth;
          const plain = readList([row]).items;
          return plain.length && within ? [plain[0]] : [];
        });
        assert.deepEqual(
          list.items.filter((item) => oversizedOf(item) === undefined),
          kept,
        );
        // Bounded work: no slice larger than a budget is parsed, and no byte more than twice.
        const largest = Math.max(limits.recordBytes, limits.envelopeFieldBytes, limits.skimmedValueBytes, 66);
        assert.ok(stats.largestParse <= largest, `${stats.largestParse} > ${largest}`);
        assert.ok(stats.parsedBytes <= 2 * bytes.length, `${stats.parsedBytes} > 2 × ${bytes.length}`);
      }),
    );
  });

  it('any text cut anywhere fails only with MalformedJson, and a record answer cut after its id names it', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(), fc.string(), (value, at, junk) => {
        const text = JSON.stringify({ data: value });
        const cut = Buffer.from(text).subarray(0, at % (text.length + 1));
        for (const bytes of [cut, Buffer.from(junk), Buffer.concat([cut, Buffer.from(junk)])]) {
          for (const expect of ['list', 'record'] as const) {
            try {
              readBoundedJson(bytes, { expect, truncated: true });
            } catch (error) {
              assert.ok(error instanceof MalformedJson, String(error));
            }
          }
        }
      }),
    );
    fc.assert(
      fc.property(record, fc.nat(), (r, at) => {
        const head = `{"data":{"id":${JSON.stringify(r.id)},`;
        const text = JSON.stringify({ data: { ...r, blob: 'x'.repeat(100) } }).replace(/^\{"data":\{/, head);
        const cut = Buffer.from(text).subarray(0, head.length + 1 + (at % (text.length - head.length)));
        const read = readBoundedJson(cut, { expect: 'record', truncated: true, budgets: { recordBytes: 10 } });
        assert.equal(readReport(read).id, typeof r.id === 'string' ? r.id.trim() : r.id);
      }),
    );
  });
});
