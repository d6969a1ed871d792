// A key that cannot travel in the Authorization header: refused before sending with a clear
// 'not-configured' error (no network error, no retry, the key never echoed), and refused in the
// Set API Key box through the function the command uses, naming the kind of character.
import { strict as assert } from 'node:assert';
import { keyInputProblem, keyProblem } from '../../../core/client/apiKey';
import { rejects, useService } from './harness';

const UNSENDABLE: Array<[string, string, RegExp]> = [
  ['a check mark', 'key\u2713abc', /non-ASCII/],
  ['a zero-width space', 'key\u200babc', /space or line break/],
  ['a byte-order mark inside', 'key\ufeffabc', /space or line break/],
  ['a CR/LF inside', 'key\r\nX-Injected: 1', /space or line break/],
  ['a space inside', 'key abc', /space or line break/],
  ['a NUL', 'key\u0000abc', /control character/],
  ['an accented letter', 'schl\u00fcssel', /non-ASCII/],
];

describe('api: which keys can be sent', () => {
  it('every visible ASCII character can be sent; anything else is named by its kind', () => {
    let all = '';
    for (let c = 0x21; c <= 0x7e; c++) all += String.fromCharCode(c);
    assert.equal(keyProblem(all), undefined);
    assert.equal(keyInputProblem(`  ${all}\n`), undefined, 'the box trims as the command does');
    assert.equal(keyProblem('a\u2713'), 'non-ascii');
    assert.equal(keyProblem('a\u200b'), 'space');
    assert.equal(keyProblem('a\tb'), 'space');
    assert.equal(keyProblem('a\u0007'), 'control');
  });

  it('the Set API Key box says which kind of character, and never echoes the key', () => {
    for (const [what, key, words] of UNSENDABLE) {
      const message = keyInputProblem(key);
      assert.ok(message, what);
      assert.match(message, words, what);
      assert.ok(!message.includes('key'.concat(key.slice(3, 6))) && !message.includes(key), `${what}: ${message}`);
    }
  });

  describe('over HTTP', () => {
    const h = useService('real', 2);

    it('a key that cannot be sent is refused before sending, as not-configured, never retried', async () => {
      for (const [what, key, words] of UNSENDABLE) {
        const mark = h.logLines.length;
        const error = await rejects(h.client({ apiKey: () => key }).getAccount(), 'not-configured');
        assert.match(error.message, words, what);
        assert.match(error.message, /Set API Key/);
        assert.match(error.message, /WEBREPORTS_API_KEY/, 'the key from the environment gets the same clear error');
        assert.deepEqual(error.next, { kind: 'set-api-key' });
        assert.ok(!error.message.includes(key.trim()), `${what}: the key is not echoed`);
        assert.equal(h.attempts(mark), 0, `${what}: nothing was sent or retried`);
      }
      assert.deepEqual(h.service.requests(), []);
    });
  });
});
