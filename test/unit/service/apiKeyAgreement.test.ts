// The service starts with exactly the keys the client sends: the two share one rule, so a key the
// service accepted can never be refused by the extension or the command line (nor the reverse).
import { strict as assert } from 'node:assert';
import * as fc from 'fast-check';
import { keyProblem } from '../../../core/client/apiKey';
import { apiKeyProblem } from '../../../service/apiKey';

describe('service: the keys it starts with are the keys a client sends', () => {
  it('agrees with the client on generated keys (ASCII, controls, spaces, invisible and other Unicode)', () => {
    const char = fc.oneof(
      fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
      fc.constantFrom(' ', '\t', '\n', '\u0000', '\u007f', '\u0085', '\u00a0', '\u200b', '\u2060', '\ufeff', '\u2713', 'é', '😀'),
    );
    fc.assert(
      fc.property(fc.array(char, { maxLength: 12 }), (chars) => {
        const key = chars.join('');
        const starts = apiKeyProblem(key) === undefined;
        assert.equal(starts, key !== '' && keyProblem(key) === undefined, JSON.stringify(key));
      }),
      { numRuns: 5_000 },
    );
  });
});
