// Search text is data: whatever a client sends as `search` gives a list or a 422, never a 500
// (a NUL once ended the FTS5 query string early: "unterminated string").
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { RunningService } from '../../../service/server';
import { MAX_PROBED_TRIGRAMS, trigramsOf } from '../../../service/storeQuery';
import { MAX_SEARCH_LENGTH } from '../../../service/validate';
import { call, start } from './helpers';

describe('service: search text of any kind', () => {
  let svc: RunningService;
  before(async () => {
    svc = await start({ seed: 40 });
  });
  after(() => svc.close());

  it('a NUL in a search of 3+ characters is a literal match, not a 500', async () => {
    for (const search of ['ab\u0000', '\u0000\u0000\u0000', 'exa\u0000mple', 'example.com\u0000']) {
      const res = await call(svc, 'GET', '/api/v1/reports', { query: { search } });
      assert.equal(res.status, 200, `${JSON.stringify(search)}: ${res.text}`);
      assert.equal(res.body.meta.total, 0, 'no URL holds a NUL');
    }
    const plain = await call(svc, 'GET', '/api/v1/reports', { query: { search: 'example' } });
    assert.equal(plain.body.meta.total, 40);
  });

  it(`a search longer than any URL (${MAX_SEARCH_LENGTH} characters) is a 422 on search`, async () => {
    const res = await call(svc, 'GET', '/api/v1/reports', { query: { search: 'a'.repeat(MAX_SEARCH_LENGTH + 1) } });
    assert.equal(res.status, 422);
    assert.ok(res.body.errors.search, res.text);
    const ok = await call(svc, 'GET', '/api/v1/reports', { query: { search: 'a'.repeat(MAX_SEARCH_LENGTH) } });
    assert.equal(ok.status, 200);
  });

  it(`a needle of ${MAX_SEARCH_LENGTH} characters, nearly every trigram different, probes at most ${MAX_PROBED_TRIGRAMS} trigrams`, async () => {
    const letters = 'abcdefghijklmnopqrstuvwxyz0123456789';
    let x = 2463534242; // xorshift32: a fixed pseudo-random sequence
    const next = (): number => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return x >>> 0;
    };
    const needle = Array.from({ length: MAX_SEARCH_LENGTH }, () => letters[next() % letters.length]).join('');
    assert.ok(new Set(Array.from({ length: MAX_SEARCH_LENGTH - 2 }, (_, i) => needle.slice(i, i + 3))).size > 1900, 'nearly all different');
    assert.equal(trigramsOf(needle).length, MAX_PROBED_TRIGRAMS);
    assert.ok(trigramsOf(needle).every((t) => needle.includes(t)));
    const res = await call(svc, 'GET', '/api/v1/reports', { query: { search: needle } });
    assert.equal(res.status, 200);
    assert.equal(res.body.meta.total, 0);
  });

  it('property: arbitrary search strings never give a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 40 }),
          fc.string({
            unit: fc.constantFrom('\u0000', '"', "'", '*', '^', ':', '(', ')', 'a', 'e', '-', 'N', 'O', 'R', ' ', '%'),
            maxLength: 30,
          }),
        ),
        async (search) => {
          const res = await call(svc, 'GET', '/api/v1/reports', { query: { search } });
          assert.ok(res.status === 200 || res.status === 422, `${JSON.stringify(search)} → ${res.status} ${res.text}`);
        },
      ),
      { numRuns: 300 },
    );
  });
});
