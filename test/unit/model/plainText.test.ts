import { strict as assert } from 'node:assert';
import { codeSpan } from '../../../core/text/markdownText';
import { plainText } from '../../../core/text/plainText';

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

describe('plainText and codeSpan: any value, hidden characters shown', () => {
  const hostileValues: unknown[] = [
    { toString: 1 },
    {
      toString: () => {
        throw new Error('toString ran');
      },
    },
    {
      [Symbol.toPrimitive]: () => {
        throw new Error('toPrimitive ran');
      },
    },
    Object.create(null),
    Symbol('s'),
    10n ** 30n,
    () => 'function',
    Object.defineProperty({}, 'x', {
      get: () => {
        throw new Error('getter ran');
      },
      enumerable: true,
    }),
    new Proxy(
      {},
      {
        get: () => {
          throw new Error('trap ran');
        },
      },
    ),
    [1, 2],
  ];

  it('accepts any value without throwing or running its code: what is not text shows as nothing', () => {
    for (const value of hostileValues) {
      const text = plainText(value);
      assert.equal(typeof text, 'string');
    }
    assert.equal(plainText({ toString: 1 }), '');
    assert.equal(plainText(Object.create(null)), '');
    assert.equal(plainText(10n), '10');
    assert.equal(plainText(true), 'true');
  });

  it('shows bidi controls and invisible format characters as visible markers', () => {
    assert.equal(plainText('https://bank.example/\u202Egpj.exe'), 'https://bank.example/\u27EAU+202E\u27EBgpj.exe');
    const hidden = [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
      '\u200B',
      '\u200C',
      '\u200D',
      '\u2060',
      '\uFEFF',
      '\u00AD',
      '\u{E0041}',
    ];
    for (const char of hidden) {
      const code = char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
      assert.equal(plainText(`a${char}b`), `a\u27EAU+${code}\u27EBb`, code);
      assert.equal(codeSpan(`a${char}b`), `\`a\u27EAU+${code}\u27EBb\``, code);
    }
    // The word joiner plainText puts into `$(` to break icon syntax is its own, and stays.
    assert.equal(plainText('$(alert)'), '$\u2060(alert)');
    assert.equal(codeSpan(plainText('$(alert)')), '`$\u2060(alert)`');
  });

  it('looks at a bounded head of a huge text', () => {
    const text = plainText(`${'\u202E'.repeat(1_000_000)}tail`, 100);
    assert.ok(text.length <= 100);
    assert.ok(text.endsWith('…'));
  });

  it('codeSpan takes a text of many backtick runs (no spread of a huge array)', () => {
    const span = codeSpan('`a'.repeat(300_000));
    assert.ok(span.startsWith('``'));
  });
});
