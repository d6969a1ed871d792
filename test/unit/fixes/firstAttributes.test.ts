// A repeated attribute is the first (in any case) for the analysis and the fixes alike; the
// shortcut that finds no repeat without reading the attributes whole gives the same answer.
import { strict as assert } from 'node:assert';
import * as fc from 'fast-check';
import { firstAttributes, firstOfEach } from '../../../core/fixes/htmlTags';

describe('fixes: the first of a repeated attribute', () => {
  it('is the same with the shortcut as without, for any attributes as written', () => {
    const part = fc.constantFrom(
      'a',
      'A',
      'b',
      'href',
      'HREF',
      '=',
      '"',
      "'",
      ' ',
      '\t',
      '\n',
      '/',
      '>',
      'x=1',
      'y="1 2"',
      "z='3'",
      '{{v}}',
      '-',
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 14 }), (parts) => {
        const raw = parts.join('');
        assert.equal(firstAttributes(raw), firstOfEach(raw));
      }),
      { numRuns: 5_000 },
    );
  });

  it('drops the later one of a name met again in any case', () => {
    assert.equal(firstAttributes('target=_blank REL=noopener rel=x'), 'target=_blank REL=noopener');
    assert.equal(firstAttributes('href="/a" alt'), 'href="/a" alt');
  });
});
