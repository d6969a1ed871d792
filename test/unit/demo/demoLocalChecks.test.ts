// The demo's local checks: its config's preview is the demo site (which renders the Markdown at
// each request, so a saved edit shows in the next fetch), and its plain HTML page has the faults
// the README promises — found by the one analyser, fetched through the one bounded preview reader.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { analyseHtml } from '../../../core/analysis/localAnalysis';
import { parseConfig } from '../../../core/config/configFile';
import { previewUrlOf } from '../../../core/config/pagePreview';
import { htmlFindings } from '../../../core/sources/localFindings';
import { fetchPreviewPage } from '../../../core/sources/previewFetch';
import { startDemoSite, type DemoSite } from '../../../scripts/demoSite';
import { DEMO_HTML_FILE, DEMO_HTML_PAGE, pageUrl, writeDemoWorkspace } from '../../../scripts/demoWorkspace';

describe('demo: local checks', function () {
  this.timeout(30_000);
  let dir: string;
  let site: DemoSite;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wr-demo-local-'));
    site = await startDemoSite({ root: dir });
    writeDemoWorkspace(dir, site.url);
  });
  after(async () => {
    await site?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('previews the pages on the demo site, and a saved edit of a source shows in the next fetch', async () => {
    const config = parseConfig(fs.readFileSync(path.join(dir, 'website-reports.json'), 'utf8'), 'website-reports.json');
    assert.deepEqual(config.preview, { origin: site.url });
    const address = previewUrlOf(site.url, pageUrl(site.url, 'content/blog/second-post.md'));
    assert.ok(address);
    const file = path.join(dir, 'content', 'blog', 'second-post.md');
    const before = await fetchPreviewPage(address);
    assert.ok(before.ok, before.ok ? '' : before.message);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: A second post with a proper title'));
    const after = await fetchPreviewPage(address);
    assert.ok(after.ok && after.html.includes('<title>A second post with a proper title</title>'));
  });

  it('holds a plain HTML page with the faults the README names', () => {
    assert.equal(fs.readFileSync(path.join(dir, DEMO_HTML_FILE), 'utf8'), DEMO_HTML_PAGE);
    const failing = new Set(htmlFindings(analyseHtml(DEMO_HTML_PAGE)).map((f) => f.check));
    for (const key of ['image_keywords', 'language', 'unsafe_cross_origin_links', 'deprecated_html_tags']) assert.ok(failing.has(key), key);
    assert.ok(!failing.has('title') && !failing.has('meta_description'), 'only the faults meant');
  });

  it('never reads the report service through the preview', async () => {
    const refused = await fetchPreviewPage(`${site.url}/`, { serviceOrigin: site.url });
    assert.ok(!refused.ok && /report service/.test(refused.message));
  });
});
