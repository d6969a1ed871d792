// Discovery reads sites on a connection pool of its own: bundled as the editor and the command
// line bundle it, and run in a child Node against a loopback site, it leaves undici's process-wide
// dispatcher unregistered and `fetch` as it was (the extension host is shared).
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { SiteServer, startSite, urlset } from './siteServer';

const ROOT = path.resolve(__dirname, '../../../..');

const CHILD = `
const symbols = [Symbol.for('undici.globalDispatcher.1'), Symbol.for('undici.globalDispatcher.2')];
const fetch0 = globalThis.fetch;
const probe = () => ({ dispatchers: symbols.map((s) => Object.getOwnPropertyDescriptor(globalThis, s) !== undefined), sameFetch: globalThis.fetch === fetch0 });
(async () => {
  const sites = require(process.env.SITES_BUNDLE);
  const loaded = probe();
  const found = await sites.discoverSitemapUrls(process.env.SITE_URL);
  process.stdout.write(JSON.stringify({ loaded, discovered: probe(), urls: found.urls.length }));
})().catch((error) => { console.error(error); process.exit(1); });
`;

describe('sites: process-wide state stays untouched', function () {
  this.timeout(60_000);
  let dir: string;
  let site: SiteServer;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sites-globals-'));
    site = await startSite();
    site.pages.set('/sitemap.xml', { body: urlset(['https://e.example/a', 'https://e.example/b']) });
    await build({
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      logLevel: 'error',
      absWorkingDir: ROOT,
      entryPoints: ['core/sites/index.ts'],
      outfile: path.join(dir, 'sites.js'),
    });
    await writeFile(path.join(dir, 'child.js'), CHILD);
  });
  after(async () => {
    await site.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('a discovery leaves the global dispatcher unregistered and fetch as it was', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(dir, 'child.js')], {
      env: { ...process.env, SITES_BUNDLE: path.join(dir, 'sites.js'), SITE_URL: site.url },
    });
    const steps = JSON.parse(stdout);
    const untouched = { dispatchers: [false, false], sameFetch: true };
    assert.deepEqual(steps.loaded, untouched);
    assert.deepEqual(steps.discovered, untouched);
    assert.equal(steps.urls, 2);
  });
});
