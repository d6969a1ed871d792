// Properties of the renderers over arbitrary records (fast-check): whatever JSON the service
// sends — as fields, as an array or an object of checks, as error details — the markup holds only
// the renderers' own elements, no payload text becomes markup, and the key never shows.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { renderReportBody } from '../../../core/render/reportView';
import { renderAccountBody } from '../../../core/render/accountView';
import { assertSafeMarkup, textOf } from './htmlAssertions';

const OPTS = { now: new Date('2025-11-19T10:00:00Z'), timeZone: 'UTC', locale: 'en-US' };
const KEY = 'wr_prop_key_0123456789';

/** Strings biased towards markup and the key. */
const text = fc.oneof(
  fc.string(),
  fc.constantFrom('<script>x</script>', '"><img src=x onerror=y>', "'", '&amp;', '</main>', KEY, `a ${KEY} b`),
);
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, text, fc.double(), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 5 }),
  object: fc.dictionary(text, tie('value'), { maxKeys: 5 }),
})).value;

const check = fc.record(
  {
    passed: fc.oneof(fc.boolean(), json),
    importance: fc.oneof(fc.constantFrom('high', 'medium', 'low'), json),
    value: json,
    errors: fc.dictionary(text, json, { maxKeys: 4 }),
  },
  { requiredKeys: [] },
);

describe('renderer properties over arbitrary records', () => {
  it("report: only the renderers' elements, in both shapes of results, and never the key", () => {
    fc.assert(
      fc.property(
        fc.dictionary(text, json, { maxKeys: 6 }),
        fc.oneof(fc.dictionary(text, check, { maxKeys: 6 }), fc.array(fc.oneof(check, json), { maxLength: 6 })),
        fc.oneof(text, fc.double(), fc.constant(undefined)),
        (fields, results, result) => {
          const out = renderReportBody({ ...fields, result, results }, { ...OPTS, secret: KEY });
          assertSafeMarkup(out);
          assert.equal(textOf(out).includes(KEY), false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("account: only the renderers' elements, and never the key", () => {
    fc.assert(
      fc.property(fc.dictionary(text, json, { maxKeys: 8 }), (account) => {
        const out = renderAccountBody({ account, keySource: 'secret-storage' }, { ...OPTS, secret: KEY });
        assertSafeMarkup(out);
        assert.equal(textOf(out).includes(KEY), false);
      }),
      { numRuns: 300 },
    );
  });
});
