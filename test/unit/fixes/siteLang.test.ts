import { strict as assert } from 'node:assert';
import { langOfHead, mostCommonLang, SITE_LANG_HEAD_CHARS } from '../../../core/fixes/siteLang';

describe('fixes: the language most of the site’s pages declare', () => {
  it('reads the lang of the <html> start tag only, in any quoting and case', () => {
    assert.equal(langOfHead('<!doctype html>\n<html lang="de-CH"><head>'), 'de-CH');
    assert.equal(langOfHead("<HTML class='x' LANG='fr'>"), 'fr');
    assert.equal(langOfHead('<html\n  data-x="1"\n  lang=en\n>'), 'en');
    assert.equal(langOfHead('<html><body><div lang="it">'), undefined, 'a lang further in is not the page’s');
    assert.equal(langOfHead('<html lang="not a tag">'), undefined);
    assert.equal(langOfHead('<html lang="english">'), undefined, 'a word, not a tag: the fix would write it');
    assert.equal(langOfHead('<p>no html tag</p>'), undefined);
  });

  it('reads only the head of a page (a generated worst case: megabytes before the tag)', () => {
    assert.equal(langOfHead(`${' '.repeat(SITE_LANG_HEAD_CHARS)}<html lang="en">`), undefined);
    assert.equal(
      langOfHead(`<html ${'a="b" '.repeat(200_000)}lang="en">`),
      undefined,
      'a start tag cut by the head is read as far as it goes',
    );
  });

  it('takes the most common language, the first seen on a tie, none when no page declares one', () => {
    assert.equal(mostCommonLang(['de', 'en', 'EN', undefined, 'de', 'en']), 'en');
    assert.equal(mostCommonLang(['fr', 'de']), 'fr');
    assert.equal(mostCommonLang([undefined, undefined]), undefined);
  });
});
