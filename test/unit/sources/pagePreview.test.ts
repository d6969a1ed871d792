// The config's `preview` and `lang`: checked as they are read (a config may come from a pull
// request: no folder outside the config's, no credentials in an origin), and a page's published URL
// mapped to its preview — the same path on the origin, or the built files in the folder.
import { strict as assert } from 'node:assert';
import {
  builtFilesOf,
  langOf,
  MAX_PREVIEW_SEGMENTS,
  pageKey,
  pathOfBuiltFile,
  previewOf,
  previewUrlOf,
} from '../../../core/config/pagePreview';
import { ConfigError, parseConfig } from '../../../core/config/configFile';

describe('pagePreview: the config’s preview and the page’s built file', () => {
  it('maps a page path to its built files, the folder’s index first', () => {
    const spellings = (p: string) => [`${p}/index.html`, `${p}/index.htm`, `${p}.html`, `${p}.htm`];
    assert.deepEqual(builtFilesOf('_site', 'https://example.com/blog/x/'), spellings('_site/blog/x'));
    assert.deepEqual(builtFilesOf('_site', 'https://example.com/blog/x'), spellings('_site/blog/x'));
    assert.deepEqual(builtFilesOf('_site', 'https://example.com/'), ['_site/index.html', '_site/index.htm']);
    assert.deepEqual(builtFilesOf('_site', 'https://example.com'), ['_site/index.html', '_site/index.htm']);
    assert.deepEqual(builtFilesOf('_site', 'https://example.com/index.html'), ['_site/index.html', '_site/index.htm']);
    // A path that names a file: that file first.
    assert.deepEqual(builtFilesOf('_site', 'https://example.com/about.html?x=1#top'), [
      '_site/about.html',
      '_site/about/index.html',
      '_site/about/index.htm',
      '_site/about.htm',
    ]);
    assert.deepEqual(builtFilesOf('out/site', 'https://example.com/a%20b/'), spellings('out/site/a b'));
    assert.deepEqual(builtFilesOf('.', 'https://example.com/x'), spellings('x'));
  });

  it('names exactly the files the command line takes for the same page (pageKey), whatever the spelling', () => {
    const pages = ['', 'a', 'blog/x', 'a b/ü', 'docs/v1.2/p', 'blog/index'];
    const files = pages.flatMap((p) =>
      p === '' ? ['index.html', 'index.htm'] : [`${p}/index.html`, `${p}/index.htm`, `${p}.html`, `${p}.htm`],
    );
    for (const p of pages) {
      const path = `/${p.split('/').map(encodeURIComponent).join('/')}`;
      for (const spelling of p === '' ? ['/', '/index.html'] : [path, `${path}/`, `${path}.html`, `${path}/index.html`, `${path}.htm`]) {
        const offered = builtFilesOf('.', `https://example.com${spelling}`);
        for (const file of files) {
          const same = pageKey(pathOfBuiltFile(file)) === pageKey(spelling);
          assert.equal(offered.includes(file), same, `${spelling} offers ${file}: ${offered.join(', ')}`);
        }
      }
    }
  });

  it('agrees with the command line both ways: the page a built file is served as names that file again', () => {
    for (const file of [
      'index.html',
      'about.html',
      'blog/x/index.html',
      'blog/x/index.htm',
      'blog/x.html',
      'a b/ü.html',
      'docs/v1.2/p.htm',
    ]) {
      const page = `https://example.com${pathOfBuiltFile(file)}`;
      assert.ok(builtFilesOf('_site', page).includes(`_site/${file}`), `${file} → ${page} → ${builtFilesOf('_site', page).join(', ')}`);
    }
  });

  it('maps no path that could leave the build folder', () => {
    // The URL parser folds `..` and `%2e%2e` away: whatever maps stays inside the folder.
    for (const url of [
      'https://example.com/%2e%2e/secret',
      'https://example.com/a/%2E%2E/%2E%2E/%2E%2E/etc/passwd',
      'https://example.com/a/../../b',
    ]) {
      for (const file of builtFilesOf('_site', url)) {
        assert.ok(file.startsWith('_site/') && !file.split('/').includes('..'), `${url} → ${file}`);
      }
    }
    for (const url of [
      'https://example.com/a%2Fb',
      'https://example.com/a%2F..%2F..%2Fb',
      'https://example.com/a%5Cb',
      'https://example.com/a%00b',
      'https://example.com/a//b',
      'https://example.com/%E0%A4%A',
      'not a url',
    ]) {
      assert.deepEqual(builtFilesOf('_site', url), [], url);
    }
  });

  it('maps within its budget: a generated path past the segment cap maps to nothing', () => {
    const deep = `https://example.com/${Array.from({ length: MAX_PREVIEW_SEGMENTS + 1 }, (_, i) => `s${i}`).join('/')}`;
    assert.deepEqual(builtFilesOf('_site', deep), []);
    assert.deepEqual(builtFilesOf('_site', `https://example.com/${'a'.repeat(100_000)}`), []);
  });

  it('puts the page path and query on the preview origin', () => {
    assert.equal(previewUrlOf('http://localhost:4000', 'https://example.com/blog/x/?p=2#h'), 'http://localhost:4000/blog/x/?p=2');
    assert.equal(previewUrlOf('http://localhost:4000', 'nope'), undefined);
  });

  it('reads preview as an origin or a folder inside the config’s, and refuses anything else', () => {
    assert.deepEqual(previewOf({ origin: 'http://localhost:4000/some/path' }), { origin: 'http://localhost:4000' });
    assert.deepEqual(previewOf({ dir: './_site/' }), { dir: '_site' });
    assert.deepEqual(previewOf({ dir: 'out\\site' }), { dir: 'out/site' });
    for (const bad of [
      { dir: '../elsewhere' },
      { dir: '/etc' },
      { dir: 'C:/x' },
      { dir: '' },
      { origin: 'file:///etc/passwd' },
      { origin: 'http://user:secret@localhost:4000' },
      { origin: 'http://a', dir: 'b' },
      'http://localhost:4000',
      null,
      [],
    ]) {
      assert.ok('problem' in (previewOf(bad) as object), JSON.stringify(bad));
    }
  });

  it('reads lang as a language tag', () => {
    assert.equal(langOf('de-CH'), 'de-CH');
    assert.ok(typeof langOf('en"><script>') === 'object');
    assert.ok(typeof langOf(7) === 'object');
  });

  it('is part of website-reports.json, with errors that name the field', () => {
    const config = parseConfig(JSON.stringify({ preview: { dir: '_site' }, lang: 'en' }), 'website-reports.json');
    assert.deepEqual(config.preview, { dir: '_site' });
    assert.equal(config.lang, 'en');
    assert.throws(
      () => parseConfig(JSON.stringify({ preview: { dir: '../x' } }), 'website-reports.json'),
      (e: unknown) => e instanceof ConfigError && e.field === 'preview',
    );
    assert.throws(
      () => parseConfig(JSON.stringify({ lang: 'english please' }), 'website-reports.json'),
      (e: unknown) => e instanceof ConfigError && e.field === 'lang',
    );
  });
});
