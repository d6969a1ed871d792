// Which page a local file is and which source a page has, decided once for the editor and
// `check --local` (core/sources/pageOfFile.ts), and where the command line may show a place.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isPlace, placeName, SourcePlaces } from '../../../core/sources/findingPlaces';
import { PagesOfConfig, siteOriginOf } from '../../../core/sources/pageOfFile';

const SITE = 'https://example.com';
const SOURCES = [
  { url: `${SITE}/offers/{name}.html`, file: 'static/{name}.html' },
  { url: `${SITE}/{page}`, file: 'content/{page}.md' },
];

describe('sources: which page a file is, and its source file', () => {
  let root: string;
  before(async () => {
    root = await fsp.mkdtemp(path.join(os.tmpdir(), 'wr-pageoffile-'));
    for (const file of ['content/about.md', 'static/sale.html', '_site/about/index.html', '_site/gone.html', 'loose/page.html']) {
      await fsp.mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await fsp.writeFile(path.join(root, file), 'x');
    }
  });
  after(() => fsp.rm(root, { recursive: true, force: true }));
  const at = (file: string) => path.join(root, ...file.split('/'));

  it('a source is one that exists: a pattern mapping every page maps no page to a missing file', () => {
    const pages = new PagesOfConfig({ sources: SOURCES }, root);
    assert.equal(pages.sourceOf(`${SITE}/about`), 'content/about.md');
    assert.equal(pages.sourceOf(`${SITE}/gone`), undefined);
    assert.equal(pages.sourceOf(`${SITE}/offers/sale.html`), 'static/sale.html');
  });

  it('an HTML file the sources map is that page, with its URL', () => {
    const pages = new PagesOfConfig({ sources: SOURCES }, root);
    assert.deepEqual(pages.pageOfHtml(at('static/sale.html')), { name: `${SITE}/offers/sale.html`, url: `${SITE}/offers/sale.html` });
  });

  it("a built file: a URL only when the config knows its page (an existing source, or preview.dir's folder)", () => {
    const pages = new PagesOfConfig({ sources: SOURCES }, root);
    const dir = at('_site');
    assert.deepEqual(pages.pageOfHtml(at('_site/about/index.html'), dir), { name: `${SITE}/about/`, url: `${SITE}/about/` });
    assert.deepEqual(pages.pageOfHtml(at('_site/gone.html'), dir), { name: '/gone.html' });
    const withDir = new PagesOfConfig({ sources: SOURCES, preview: { dir: '_site' } }, root);
    assert.deepEqual(withDir.pageOfHtml(at('_site/gone.html')), { name: `${SITE}/gone.html`, url: `${SITE}/gone.html` });
    assert.deepEqual(withDir.pageOfHtml(at('_site/gone.html'), dir), { name: `${SITE}/gone.html`, url: `${SITE}/gone.html` });
  });

  it('an HTML file outside any build folder and not mapped is no named page; without an origin a path alone', () => {
    assert.equal(new PagesOfConfig({ sources: SOURCES }, root).pageOfHtml(at('loose/page.html')), undefined);
    assert.deepEqual(new PagesOfConfig({ preview: { dir: '_site' } }, root).pageOfHtml(at('_site/gone.html')), { name: '/gone.html' });
    assert.equal(siteOriginOf({ preview: { origin: 'http://localhost:4000' } }), 'http://localhost:4000');
    assert.equal(siteOriginOf({ sources: SOURCES, preview: { origin: 'http://localhost:4000' } }), SITE);
  });

  it('the editor sees a source made after the first look; a run of the command line remembers', async () => {
    const editor = new PagesOfConfig({ sources: SOURCES }, root);
    const run = new PagesOfConfig({ sources: SOURCES }, root, true);
    assert.equal(editor.sourceOf(`${SITE}/later`), undefined);
    assert.equal(run.sourceOf(`${SITE}/later`), undefined);
    await fsp.writeFile(at('content/later.md'), 'x');
    assert.equal(editor.sourceOf(`${SITE}/later`), 'content/later.md');
    assert.equal(run.sourceOf(`${SITE}/later`), undefined);
  });

  it('no place climbs out of the working directory', async () => {
    assert.equal(placeName(root, at('content/about.md')), 'content/about.md');
    assert.equal(placeName(at('a/b'), at('content/about.md')), undefined);
    for (const bad of ['../x.md', '..', '..\\x.md', '/etc/passwd', 'C:/x.md', '']) assert.equal(isPlace(bad), false, bad);
    assert.equal(isPlace('..x/y.md'), true);
    const inner = at('a/b');
    await fsp.mkdir(inner, { recursive: true });
    const places = new SourcePlaces(new PagesOfConfig({ sources: SOURCES }, root), inner);
    assert.equal(places.fileOf(`${SITE}/about`), undefined);
    assert.equal(await places.placesOf(`${SITE}/about`, ['title']), undefined);
    const here = new SourcePlaces(new PagesOfConfig({ sources: SOURCES }, root), root);
    assert.deepEqual(await here.placesOf(`${SITE}/gone`, ['title']), undefined, 'a missing source places nothing');
    assert.equal(here.fileOf(`${SITE}/about`), 'content/about.md');
  });
});
