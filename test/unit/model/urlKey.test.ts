// One URL identity (urlKey) for lookups, report-all, lost-create recovery and the model: an
// internationalised host is the same page in Unicode and in punycode, percent-escapes compare in
// any hex case, and the earlier rules hold. spellingsOf gives the search texts that find a page
// whichever spelling the service stored.
import { strict as assert } from 'node:assert';
import { domainToASCII } from 'node:url';
import fc from 'fast-check';
import { hostOfKey, parsedKey, spellingsOf, urlKey } from '../../../core/urls/urlKey';

const letter = fc.constantFrom(...Array.from('abcxyz019-üßéñøåçłžдж中文日本ü'));
const label = fc
  .array(letter, { minLength: 1, maxLength: 10 })
  .map((chars) => chars.join(''))
  .filter((l) => !l.startsWith('-') && !l.endsWith('-') && l.slice(2, 4) !== '--');
const host = fc.array(label, { minLength: 1, maxLength: 3 }).map((labels) => `${labels.join('.')}.example`);
const pathText = fc.string({ unit: fc.constantFrom(...Array.from('az09-_~/é中ü😀 ')), maxLength: 12 });

describe('model: urlKey, one identity of a page', () => {
  it('keeps the earlier rules: scheme and host case, default port, trailing slash, fragment, query as written', () => {
    assert.equal(urlKey('HTTPS://Example.COM:443/Docs/?a=1#top'), 'https://example.com/Docs?a=1');
    assert.equal(urlKey('https://example.com/'), urlKey('https://example.com'));
    assert.equal(urlKey('http://example.com:8080/x/'), 'http://example.com:8080/x');
    assert.notEqual(urlKey('http://example.com/x'), urlKey('https://example.com/x'));
    assert.notEqual(urlKey('https://example.com/x?b=1&a=2'), urlKey('https://example.com/x?a=2&b=1'));
    assert.notEqual(urlKey('https://example.com/X'), urlKey('https://example.com/x'));
    assert.equal(urlKey('ftp://example.com/'), undefined);
    assert.equal(urlKey('not a url'), undefined);
  });

  it('an internationalised host is the same page in Unicode and in punycode', () => {
    assert.equal(urlKey('https://bücher.example/seite'), 'https://xn--bcher-kva.example/seite');
    assert.equal(urlKey('https://BÜCHER.example/seite/'), urlKey('https://xn--bcher-kva.example/seite'));
    assert.equal(urlKey('https://straße.example/'), urlKey('https://xn--strae-oqa.example'));
  });

  it('property: the key of the Unicode form = the key of the punycode form', () => {
    fc.assert(
      fc.property(host, pathText, (name, path) => {
        const ascii = domainToASCII(name);
        fc.pre(ascii !== '');
        const rest = `/${encodeURI(path)}`;
        assert.equal(urlKey(`https://${name}${rest}`), urlKey(`https://${ascii}${rest}`), `${name} vs ${ascii}`);
        // Upper case is the same host where it maps back (ß upper-cases to SS, another host).
        const upper = name.toUpperCase();
        if (upper.toLowerCase() === name) assert.equal(urlKey(`https://${upper}${rest}`), urlKey(`https://${ascii}${rest}`));
      }),
    );
  });

  it('property: hostOfKey reads the host a URL parser finds in the key (port, IPv6, user info, no path)', () => {
    const port = fc.constantFrom('', ':443', ':80', ':8080');
    const user = fc.constantFrom('', 'user@', 'u:p@');
    const tail = fc.constantFrom('', '/', '?q=/x', '/a/b?c=d', '#f/g');
    fc.assert(
      fc.property(fc.oneof(host, fc.constantFrom('[::1]', '127.0.0.1', '[2001:db8::7]')), port, user, tail, (name, p, u, t) => {
        const key = urlKey(`https://${u}${name}${p}${t}`);
        fc.pre(key !== undefined);
        assert.equal(hostOfKey(key as string), new URL(key as string).host, String(key));
      }),
    );
  });

  it('property: percent-escapes compare in any hex case, and non-ASCII as its escapes', () => {
    fc.assert(
      fc.property(pathText, pathText, (path, query) => {
        const upper = `https://a.example/${encodeURI(path)}?q=${encodeURIComponent(query)}`;
        const lower = upper.replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase());
        assert.equal(urlKey(lower), urlKey(upper));
        assert.equal(urlKey(`https://a.example/${path.replace(/ /g, '%20')}`), urlKey(`https://a.example/${encodeURI(path)}`));
      }),
    );
    assert.equal(urlKey('https://a.example/caf%c3%a9'), 'https://a.example/caf%C3%A9');
    assert.equal(urlKey('https://a.example/café'), urlKey('https://a.example/caf%C3%A9'));
  });
});

describe('model: urlKey read from the text of a plain URL', () => {
  // urlKey reads a plain URL's key from its text and parses the rest: both ways must agree on
  // every input, above all on those the parser rewrites (dot segments, escapes, IPv4 forms,
  // punycode, backslashes, blanks, user info, ports, upper case).
  const scheme = fc.constantFrom('https://', 'http://', 'HTTP://', 'https:/', 'https:', 'https:///', 'ftp://', ' https://', 'https:\\\\');
  const hostLabel = fc.constantFrom(
    'a',
    'example',
    'host-0',
    'x1',
    '0x7f',
    '127',
    '0',
    'xn--bcher-kva',
    'xn--zz',
    'A',
    'b_c',
    '-a',
    'a-',
    'ü',
    '',
  );
  const hostName = fc.array(hostLabel, { minLength: 1, maxLength: 4 }).map((labels) => labels.join('.'));
  const authority = fc
    .tuple(fc.constantFrom('', 'u@', 'u:p@'), hostName, fc.constantFrom('', ':443', ':80', ':8080', ':', ':08'))
    .map(([u, h, p]) => `${u}${h}${p}`);
  const part = fc.string({ unit: fc.constantFrom(...Array.from('az09-._~!$&\'()*+,;=:@/%2eE?#\\ "<>`{}|^[]\t\nü')), maxLength: 14 });
  const rest = fc.oneof(
    fc.constant(''),
    part,
    part.map((p) => `/${p}`),
    part.map((p) => `?${p}`),
  );
  const url = fc
    .tuple(scheme, authority, rest, fc.constantFrom('', '', '', ' ', '\n', '\u0001'))
    .map(([s, a, p, end]) => `${s}${a}${p}${end}`);

  it('property: the key read from the text is the key the parser gives, on any input', () => {
    fc.assert(
      fc.property(url, (u) => {
        assert.equal(urlKey(u), parsedKey(u), JSON.stringify(u));
      }),
      { numRuns: 20_000 },
    );
  });

  it('the cases the parser rewrites, each spelled out', () => {
    const cases = [
      'https://a.test',
      'https://a.test/',
      'https://a.test?',
      'https://a.test/?#',
      'https://a.test/x/?q=1#f',
      'https://a.test/./x',
      'https://a.test/a/..',
      'https://a.test/a/%2e%2E/b',
      'https://a.test/a\\b',
      'https://1.2.3.4/x',
      'https://a.0x7f/',
      'https://0x7f.1/',
      'https://A.test/X',
      'https://xn--bcher-kva.example/',
      'https://xn--zz.example/',
      'https://a.xn--zz/',
      'https://a.test:443/x',
      'https://u@a.test/x',
      "https://a.test/it's?q='x'",
      'https://a.test/a b',
      'https://a.test/a\tb',
      'https://a.test/x\u0001',
      'https://a.test/x#frag ment\u0001',
    ];
    for (const u of cases) assert.equal(urlKey(u), parsedKey(u), JSON.stringify(u));
  });
});

describe('model: spellingsOf, the search texts of a page', () => {
  it('a plain ASCII text has one spelling; an IDN host and an encoded path have their others, human first', () => {
    assert.deepEqual(spellingsOf('plain.example/a'), ['plain.example/a']);
    assert.deepEqual(spellingsOf('xn--bcher-kva.example'), ['bücher.example', 'xn--bcher-kva.example']);
    assert.deepEqual(spellingsOf('xn--bcher-kva.example:8443/seite'), ['bücher.example:8443/seite', 'xn--bcher-kva.example:8443/seite']);
    assert.deepEqual(spellingsOf('xn--bcher-kva.example/caf%C3%A9'), [
      'bücher.example/café',
      'bücher.example/caf%C3%A9',
      'xn--bcher-kva.example/café',
      'xn--bcher-kva.example/caf%C3%A9',
    ]);
    assert.deepEqual(spellingsOf('a.example/%E0%A4%A'), ['a.example/%E0%A4%A'], 'a broken escape has no other spelling');
    assert.deepEqual(spellingsOf('a.example/a%0Ab'), ['a.example/a%0Ab'], 'nor one that decodes to a line break');
  });

  it('property: every spelling is the same page, at most four, and the first is the human one', () => {
    fc.assert(
      fc.property(host, pathText, (name, path) => {
        const key = urlKey(`https://${name}/${path}`);
        fc.pre(key !== undefined);
        const text = key.replace(/^https:\/\//, '');
        const spellings = spellingsOf(text);
        assert.ok(spellings.length >= 1 && spellings.length <= 4);
        assert.ok(spellings.includes(text));
        for (const spelling of spellings) assert.equal(urlKey(`https://${spelling}`), key, spelling);
        if (/xn--/.test(text)) assert.ok(!spellings[0].split('/')[0].includes('xn--'), spellings[0]);
      }),
    );
  });
});

describe('model: URL comparison key', () => {
  it('writes down the rule: scheme/host case, default port, trailing slash, fragment; query kept', () => {
    assert.equal(urlKey('HTTPS://Example.COM:443/Docs/?a=1#top'), 'https://example.com/Docs?a=1');
    assert.equal(urlKey('https://example.com/'), urlKey('https://example.com'));
    assert.equal(urlKey('http://example.com:80/x'), 'http://example.com/x');
    assert.equal(urlKey('http://example.com:8080/x/'), 'http://example.com:8080/x');
    assert.notEqual(urlKey('http://example.com/x'), urlKey('https://example.com/x'));
    assert.notEqual(urlKey('https://example.com/x?b=1&a=2'), urlKey('https://example.com/x?a=2&b=1'));
    assert.equal(urlKey('ftp://example.com/'), undefined);
    assert.equal(urlKey('not a url'), undefined);
  });
});
