// XML namespace, schema and DTD identifiers are no pages: the finder leaves them out, so the
// editor (hover, decorations, URLs in Workspace, Report All Unrated) and the command line (check,
// --dump) never look them up or create a report for them. The pages around them are still found.
import { strict as assert } from 'node:assert';
import { findUrls, urlAt } from '../../../core/urls/urlFinder';
import { collectUrls, dumpUrls } from '../../../core/urls/occurrences';
import { WorkspaceUrlIndex } from '../../../core/urls/workspaceIndex';

const urlsOf = (text: string) => findUrls(text).map((f) => f.url);

const SITEMAP = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
        xmlns:image='http://www.google.com/schemas/sitemap-image/1.1'
        xsi:schemaLocation="http://www.sitemaps.org/schemas/sitemap/0.9
            http://www.sitemaps.org/schemas/sitemap/0.9/sitemap.xsd">
  <url><loc>https://shop.example/</loc></url>
  <url><loc>https://shop.example/a?x=1&amp;y=2</loc>
    <image:image><image:loc>https://shop.example/a.png</image:loc></image:image></url>
</urlset>`;

const SVG_PAGE = `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN"
  "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
<html xmlns="http://www.w3.org/1999/xhtml"><body>
<p>Read <a href="https://blog.example/post">the post</a>.</p>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink = "http://www.w3.org/1999/xlink" viewBox="0 0 10 10">
  <a xlink:href="https://blog.example/from-svg"><circle r="4"/></a>
</svg>
</body></html>`;

describe('urls: namespace, schema and DTD identifiers are no pages', () => {
  it('a sitemap: its <loc> URLs are found, its xmlns and schemaLocation pairs are not', () => {
    assert.deepEqual(urlsOf(SITEMAP), ['https://shop.example/', 'https://shop.example/a?x=1&y=2', 'https://shop.example/a.png']);
  });

  it('an XHTML page with an inline SVG: the links are found, the DOCTYPE and the namespaces are not', () => {
    assert.deepEqual(urlsOf(SVG_PAGE), ['https://blog.example/post', 'https://blog.example/from-svg']);
  });

  it('the other declarations and attributes: SYSTEM ids, entities, noNamespaceSchemaLocation, targetNamespace', () => {
    const text = [
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">',
      '<!DOCTYPE note SYSTEM "http://dtd.example/note.dtd" [ <!ENTITY logo SYSTEM \'http://dtd.example/logo.gif\'> ]>',
      '<note xsi:noNamespaceSchemaLocation="http://xsd.example/note.xsd" src="https://page.example/note">',
      '<xs:schema targetNamespace="http://ns.example/t" XMLNS:Foo="http://ns.example/f">',
    ].join('\n');
    assert.deepEqual(urlsOf(text), ['https://page.example/note']);
  });

  it('the same address as a page elsewhere is still found: only the identifier place is left out', () => {
    const text = [
      'The sitemap namespace is http://www.sitemaps.org/schemas/sitemap/0.9 (see [it](http://www.sitemaps.org/schemas/sitemap/0.9)).',
      '<a href="http://www.w3.org/2000/svg">the SVG namespace</a> <use data-xmlns="https://x.example/p"/>',
      '{"xmlns": "https://json.example/not-an-attribute"}',
    ].join('\n');
    assert.deepEqual(urlsOf(text), [
      'http://www.sitemaps.org/schemas/sitemap/0.9',
      'http://www.sitemaps.org/schemas/sitemap/0.9',
      'http://www.w3.org/2000/svg',
      'https://x.example/p',
      'https://json.example/not-an-attribute',
    ]);
  });

  it('a schemaLocation with no closing quote leaves out only its first address', () => {
    assert.deepEqual(urlsOf('<x xsi:schemaLocation="http://ns.example/a\nhttps://page.example/b'), ['https://page.example/b']);
  });

  it('the cursor on a namespace finds no URL to create a report for', () => {
    const at = SVG_PAGE.indexOf('2000/svg');
    assert.equal(urlAt(SVG_PAGE, at), undefined);
    assert.equal(urlAt(SVG_PAGE, SVG_PAGE.indexOf('from-svg')), 'https://blog.example/from-svg');
  });

  it('the editor’s URLs in Workspace and the command line list the same pages, no namespace', () => {
    const index = new WorkspaceUrlIndex();
    index.setText('sitemap.xml', SITEMAP);
    index.setText('page.html', SVG_PAGE);
    const expected = [
      'https://blog.example/from-svg',
      'https://blog.example/post',
      'https://shop.example/',
      'https://shop.example/a.png',
      'https://shop.example/a?x=1&y=2',
    ];
    assert.deepEqual(
      index.urls().map((u) => u.url),
      expected,
    );
    const files = [
      { file: 'sitemap.xml', text: SITEMAP },
      { file: 'page.html', text: SVG_PAGE },
    ];
    assert.deepEqual([...collectUrls(files, () => false).keys()].sort(), expected);
    assert.doesNotMatch(dumpUrls(files), /w3\.org|sitemaps\.org|google\.com/);
  });
});
