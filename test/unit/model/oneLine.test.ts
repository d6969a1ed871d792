import { strict as assert } from 'node:assert';
import { oneLine } from '../../../core/text/oneLine';

describe('oneLine: a value on one output line', () => {
  it('keeps plain ASCII as it is (the fast path) and flattens or reveals the rest', () => {
    assert.equal(oneLine('https://a.test/x?y=1#z'), 'https://a.test/x?y=1#z');
    assert.equal(oneLine('a\r\nb\u0085c\u2028d\u2029e\u001b[31m'), 'a  b c d e [31m');
    assert.equal(oneLine('café \u202Egpj.exe\u200B'), 'café \u27EAU+202E\u27EBgpj.exe\u27EAU+200B\u27EB');
  });
});
