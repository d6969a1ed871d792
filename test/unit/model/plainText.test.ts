import { strict as assert } from 'node:assert';
import { plainText } from '../../../src/model/plainText';

describe('plainText: untrusted text for notifications, input boxes, quick picks, status bar, tree labels', () => {
  // VS Code's linked-text parser (notifications, input validation) needs `[label](target)`.
  const LINK = /\[[^\]]*\]\([^)]*\)/;
  const ICON = /\$\([A-Za-z0-9-]+(~\w+)?\)/;

  it('breaks command links and icons from server text', () => {
    for (const hostile of [
      '[Click](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%22%7D)',
      'ok [x](https://evil.test "title") done',
      '$(alert) $(sync~spin) urgent',
      'nested [[a](command:x)](command:y)',
    ]) {
      const safe = plainText(hostile);
      assert.doesNotMatch(safe, LINK, hostile);
      assert.doesNotMatch(safe, ICON, hostile);
      assert.ok(!safe.includes('['), hostile);
    }
  });

  it('keeps ordinary text readable and flattens line breaks and control characters', () => {
    assert.equal(plainText('https://example.com/a?b=1'), 'https://example.com/a?b=1');
    assert.equal(plainText('line one\r\nline\u0000two\u2028x'), 'line one line two x');
    assert.equal(plainText(undefined), '');
    assert.equal(plainText(42), '42');
  });

  it('caps the length', () => {
    const long = plainText('x'.repeat(10_000));
    assert.equal(long.length, 500);
    assert.ok(long.endsWith('…'));
  });
});
