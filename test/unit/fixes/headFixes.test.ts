// The head's deterministic fixes on real-world shapes: lang on <html> (split across lines, single
// quotes, an empty lang), the charset first in <head>, the viewport after it; CRLF kept; pages
// without <head>; Markdown pages and template partials refused (their head is the layout's).
import { strict as assert } from 'node:assert';
import { fixed, fixOf, refusal, snipped } from './fixHelpers';
import { langOf } from '../../../core/config/pagePreview';

describe('fixes: lang on <html>', () => {
  it('from the config, else the site; an invalid config value is never written', () => {
    assert.equal(
      fixed('<html><body>x</body></html>', 'html', 'language', { configLang: 'de-CH' }),
      '<html lang="de-CH"><body>x</body></html>',
    );
    assert.equal(fixed('<html><body>x</body></html>', 'html', 'language', { siteLang: 'fr' }), '<html lang="fr"><body>x</body></html>');
    const hostile = fixOf('<html></html>', 'html', 'language', { configLang: 'en" onload="x' });
    assert.equal(hostile.deterministic, false, 'a value that is no language tag falls back to the placeholder');
  });

  it('a word that is no language tag ("english") is never written, as the config refuses it', () => {
    for (const options of [{ configLang: 'english' }, { siteLang: 'english' }]) {
      const fix = fixOf('<html></html>', 'html', 'language', options);
      assert.equal(fix.deterministic, false, JSON.stringify(options));
    }
    assert.equal(
      fixed('<html></html>', 'html', 'language', { configLang: 'english', siteLang: 'en' }),
      '<html lang="en"></html>',
      'the site’s language instead',
    );
    assert.ok('problem' in (langOf('english') as object), 'the config refuses it too');
  });

  it('no language known: a placeholder snippet with the hint', () => {
    const fix = fixOf('<html>\n<head></head></html>', 'html', 'language');
    assert.deepEqual(fix.snippet, { start: 5, end: 5, snippet: ' lang="${1}"' });
    assert.match(fix.hint!, /language/);
    assert.equal(snipped('<html></html>', 'html', 'language', 'en'), '<html lang="en"></html>');
  });

  it('<html> split across lines with single quotes, CRLF: the attribute after the name, quotes as the element', () => {
    const text = "<!DOCTYPE html>\r\n<HTML\r\n   class='no-js'\r\n   data-theme='dark'>\r\n<head></head>\r\n</HTML>\r\n";
    assert.equal(
      fixed(text, 'html', 'language', { configLang: 'en' }),
      "<!DOCTYPE html>\r\n<HTML lang='en'\r\n   class='no-js'\r\n   data-theme='dark'>\r\n<head></head>\r\n</HTML>\r\n",
    );
  });

  it('an empty lang is filled in; a declared one is left alone', () => {
    assert.equal(fixed('<html lang="">', 'html', 'language', { configLang: 'en' }), '<html lang="en">');
    assert.equal(fixed('<html lang>', 'html', 'language', { configLang: 'en' }), '<html lang="en">');
    assert.match(refusal('<html lang="en">', 'html', 'language', { configLang: 'de' }), /already/);
  });

  it('no <html>, a Markdown page, or template syntax in the tag: refused', () => {
    assert.match(refusal('<p>fragment</p>', 'html', 'language', { configLang: 'en' }), /<html>/);
    assert.match(refusal('---\ntitle: x\n---\n', 'markdown-yaml', 'language', { configLang: 'en' }), /layout/);
    assert.match(refusal('<html {{ if .Dark }}class="dark"{{ end }}>', 'html-template', 'language', { configLang: 'en' }), /template/);
  });
});

describe('fixes: charset and viewport', () => {
  const PAGE = [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <title>A page</title>',
    '  </head>',
    '  <body></body>',
    '</html>',
  ].join('\n');

  it('the charset first in <head>, on its own line, indented as the head’s content', () => {
    assert.equal(fixed(PAGE, 'html', 'charset').split('\n')[3], '    <meta charset="utf-8">');
    assert.equal(fixed(PAGE, 'html', 'charset').split('\n')[4], '    <title>A page</title>');
  });

  it('the viewport after the charset <meta>, or first in the head', () => {
    const withCharset = PAGE.replace('<title>', '<meta charset="utf-8">\n    <title>');
    const lines = fixed(withCharset, 'html', 'meta_viewport').split('\n');
    assert.equal(lines[3], '    <meta charset="utf-8">');
    assert.equal(lines[4], '    <meta name="viewport" content="width=device-width, initial-scale=1">');
    assert.equal(
      fixed(PAGE, 'html', 'meta_viewport').split('\n')[3],
      '    <meta name="viewport" content="width=device-width, initial-scale=1">',
    );
  });

  it('a head on one line: inline; an empty head on two lines: one level deeper; tabs kept', () => {
    assert.equal(
      fixed('<html><head><title>x</title></head></html>', 'html', 'charset'),
      '<html><head><meta charset="utf-8"><title>x</title></head></html>',
    );
    assert.equal(
      fixed('<html>\n\t<head>\n\t</head>\n\t<body>\n\t\tx\n\t</body>\n</html>', 'html', 'charset').split('\n')[2],
      '\t\t<meta charset="utf-8">',
    );
  });

  it('CRLF, single quotes and XHTML void elements as the file writes them', () => {
    const text = "<html>\r\n<head>\r\n<link rel='stylesheet' href='a.css' />\r\n</head>\r\n</html>";
    assert.equal(
      fixed(text, 'html', 'charset'),
      "<html>\r\n<head>\r\n<meta charset='utf-8' />\r\n<link rel='stylesheet' href='a.css' />\r\n</head>\r\n</html>",
    );
  });

  it('without <head>: after <html>, else after the doctype; a template partial is refused', () => {
    assert.equal(fixed('<html>\n<p>x</p>\n</html>', 'html', 'charset'), '<html>\n<meta charset="utf-8">\n<p>x</p>\n</html>');
    assert.equal(
      fixed('<!doctype html>\n<title>x</title>', 'html', 'charset'),
      '<!doctype html>\n<meta charset="utf-8">\n<title>x</title>',
    );
    assert.equal(fixed('<p>x</p>', 'html', 'charset'), '<meta charset="utf-8">\n<p>x</p>');
    assert.match(refusal('{% extends "base.html" %}\n<p>x</p>', 'html-template', 'charset'), /layout/);
  });

  it('declared already (http-equiv, an empty viewport): refused; a <meta> in a comment or script does not count', () => {
    assert.match(refusal('<head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"></head>', 'html', 'charset'), /already/);
    assert.match(refusal('<head><meta name="viewport" content=""></head>', 'html', 'meta_viewport'), /already/);
    const hidden = '<head><!-- <meta charset="utf-8"> --><script>"<meta charset=x>"</script></head>';
    assert.ok(fixOf(hidden, 'html', 'charset').edits.length === 1);
  });
});
