// A create or update body nested deeper than any field needs is refused with a clear 400 before
// anything walks it (a 1 MB run of "[" once overflowed the stack and answered 500).
import { strict as assert } from 'node:assert';
import type { RunningService } from '../../../service/server';
import { MAX_JSON_DEPTH } from '../../../service/http';
import { call, start } from './helpers';

describe('service: deeply nested JSON bodies', () => {
  let svc: RunningService;
  before(async () => {
    svc = await start({ seed: 2 });
  });
  after(() => svc.close());

  const deep = (n: number): string => `{"url": ${'['.repeat(n)}${']'.repeat(n)}}`;
  const bodies: Array<[string, string]> = [
    ['a field nested 500,000 deep', deep(500_000)],
    ['1 MB of "["', '['.repeat(1024 * 1024 - 1)],
    ['a field of 1 MB of "[" (unterminated)', `{"url": ${'['.repeat(1024 * 1024 - 16)}`],
  ];
  for (const [what, body] of bodies) {
    for (const [method, p] of [
      ['POST', '/api/v1/reports'],
      ['PUT', '/api/v1/reports/1'],
    ]) {
      it(`${method}: ${what} → 400 with a clear message`, async () => {
        const res = await call(svc, method, p, { body, headers: { 'content-type': 'application/json' } });
        assert.equal(res.status, 400, res.text.slice(0, 200));
        assert.match(res.body.message, /nested too deeply|not valid JSON/);
      });
    }
  }

  it(`nesting up to ${MAX_JSON_DEPTH} levels is read (and then validated as usual)`, async () => {
    const res = await call(svc, 'POST', '/api/v1/reports', {
      body: deep(MAX_JSON_DEPTH - 1),
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(res.status, 422, res.text);
    const over = await call(svc, 'POST', '/api/v1/reports', {
      body: deep(MAX_JSON_DEPTH),
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(over.status, 400, over.text);
    assert.match(over.body.message, new RegExp(`nested too deeply \\(at most ${MAX_JSON_DEPTH} levels\\)`));
  });
});
