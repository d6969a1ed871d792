// The pieces of `npm start`'s demo without code-server: the demo workspace written, the static
// site rendering its Markdown (escaped) with a sitemap, the local report service holding real
// reports of the site's pages at start, and the page-source core placing those reports' failed
// checks on the Markdown files — what a first-time user sees in the editor.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startService, type RunningService } from '../../../service/server';
import { ReportsClient } from '../../../core/client/client';
import { ratingOf } from '../../../core/checks/rating';
import { compileSources, type SourceEntry } from '../../../core/sources/pageSources';
import { sourceFindings } from '../../../core/sources/sourceFindings';
import { MAX_DEMO_FRONT_MATTER_LINES, parseDemoPage, renderDemoPage } from '../../../scripts/demoMarkdown';
import {
  MAX_REMEMBERED_ORIGINS,
  MAX_STALE_DELETES,
  readDemoOrigins,
  seedDemoReports,
  writeDemoOrigins,
} from '../../../scripts/demoReports';
import { MAX_DEMO_PAGE_BYTES, startDemoSite, type DemoSite } from '../../../scripts/demoSite';
import {
  DEMO_CONTENT,
  DEMO_FIRST_FILE,
  DEMO_OLD_PAGE,
  DEMO_RATED_FILES,
  demoRatedUrls,
  writeDemoWorkspace,
} from '../../../scripts/demoWorkspace';
import { workbenchUrl } from '../../host/codeServer';

const KEY = 'demo-test-key';

async function get(url: string): Promise<{ status: number; type: string; text: string }> {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

describe('demo: the site, its sources and the reports at start', function () {
  this.timeout(60_000);
  let dir: string;
  let site: DemoSite;
  let service: RunningService;
  let pages: { url: string; file: string }[];

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wr-demo-'));
    site = await startDemoSite({ root: dir });
    pages = writeDemoWorkspace(dir, site.url);
    service = await startService({ apiKey: KEY, shape: 'real', seed: 0 });
  });

  after(async () => {
    await service?.close();
    await site?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes the workspace: the Markdown sources, website-reports.json with sources and a rule, README and sitemap', () => {
    for (const file of Object.keys(DEMO_CONTENT)) assert.ok(fs.existsSync(path.join(dir, file)), file);
    const config = JSON.parse(fs.readFileSync(path.join(dir, 'website-reports.json'), 'utf8')) as {
      sources: SourceEntry[];
      rules: { match: string; minScore: number }[];
      exclude: string[];
    };
    assert.ok(config.exclude.includes('website-reports.json'), 'its URL patterns are not pages of the workspace');
    assert.deepEqual(config.rules, [{ match: `${site.url}/blog/*`, minScore: 80 }]);
    const compiled = compileSources(config.sources);
    assert.ok(compiled.ok);
    assert.equal(compiled.matcher.sourceFileOf(`${site.url}/blog/second-post`), 'content/blog/second-post.md');
    assert.equal(compiled.matcher.pageUrlOf('content/about.md'), `${site.url}/about`);
    assert.equal(compiled.matcher.pageUrlOf('content/index.md'), `${site.url}/`);
    const readme = fs.readFileSync(path.join(dir, 'README.md'), 'utf8');
    for (const page of pages) assert.ok(readme.includes(page.url), page.url);
    assert.match(readme, /content\/blog\/second-post\.md/);
    assert.match(fs.readFileSync(path.join(dir, 'sitemap.xml'), 'utf8'), new RegExp(`<loc>${site.url}/blog/first-post</loc>`));
  });

  it('opens VS Code on a file whose URLs are the rated pages, so their badges show without a click', () => {
    const first = path.join(dir, DEMO_FIRST_FILE);
    const text = fs.readFileSync(first, 'utf8');
    for (const url of demoRatedUrls(site.url, pages)) assert.ok(text.includes(url), `${url} is in ${DEMO_FIRST_FILE}`);
    const address = new URL(workbenchUrl('http://127.0.0.1:1', '127.0.0.1:1', dir, '/ext', undefined, first));
    const payload = JSON.parse(address.searchParams.get('payload') ?? '[]') as [string, string][];
    assert.deepEqual(
      payload.find(([name]) => name === 'openFile'),
      ['openFile', `vscode-remote://127.0.0.1:1${first}`],
    );
    const start = fs.readFileSync(path.join(__dirname, '../../../../scripts/start.ts'), 'utf8');
    assert.match(start, /workbenchUrl\([^;]*DEMO_FIRST_FILE/, 'npm start prints the address that opens it');
  });

  it('keeps a person’s edits of the Markdown when written again, and rewrites what names the port', () => {
    const file = path.join(dir, 'content', 'about.md');
    const before = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, before.replace('About us', 'About us, edited'));
    writeDemoWorkspace(dir, 'http://127.0.0.1:1');
    assert.match(fs.readFileSync(file, 'utf8'), /About us, edited/);
    assert.match(fs.readFileSync(path.join(dir, 'website-reports.json'), 'utf8'), /127\.0\.0\.1:1\//);
    writeDemoWorkspace(dir, site.url);
    fs.writeFileSync(file, before);
  });

  it('serves each Markdown file as a page: front matter in the head, body in the body', async () => {
    const index = await get(`${site.url}/`);
    assert.equal(index.status, 200);
    assert.match(index.type, /text\/html/);
    assert.match(index.text, /<title>Acme Widgets - handmade widgets for home and office<\/title>/);
    assert.match(index.text, /<meta name="description" content="Acme makes handmade widgets/);
    assert.match(index.text, /<h1>Acme Widgets<\/h1>/);
    const poor = await get(`${site.url}/blog/second-post`);
    assert.match(poor.text, /<title>Post<\/title>/);
    assert.doesNotMatch(poor.text, /name="description"/);
    assert.equal((await get(`${site.url}/about`)).status, 200);
    assert.equal((await get(`${site.url}/blog/second-post/?utm=1`)).status, 200);
  });

  it('serves a sitemap of every page and robots.txt; anything else is 404', async () => {
    const sitemap = await get(`${site.url}/sitemap.xml`);
    assert.equal(sitemap.status, 200);
    const locs = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]).sort();
    assert.deepEqual(locs, [...pages.map((p) => p.url), `${site.url}${DEMO_OLD_PAGE}`].sort());
    assert.equal((await get(`${site.url}${DEMO_OLD_PAGE}`)).status, 200);
    assert.match((await get(`${site.url}/robots.txt`)).text, /Sitemap: .*\/sitemap\.xml/);
    for (const p of ['/nowhere', '/blog', '/blog/a/b', '/blog/..%2F..%2Fpackage', '/..%2Fpackage.json', `/${'x'.repeat(5000)}`]) {
      assert.notEqual((await get(`${site.url}${p}`)).status, 200, p);
    }
  });

  it(`a content file larger than MAX_DEMO_PAGE_BYTES (${MAX_DEMO_PAGE_BYTES}) is not rendered`, async () => {
    const file = path.join(dir, 'content', 'huge.md');
    fs.writeFileSync(file, `---\ntitle: Huge\n---\n${'word '.repeat(MAX_DEMO_PAGE_BYTES / 5)}`);
    try {
      assert.equal((await get(`${site.url}/huge`)).status, 500);
      fs.truncateSync(file, MAX_DEMO_PAGE_BYTES);
      assert.equal((await get(`${site.url}/huge`)).status, 200);
    } finally {
      fs.rmSync(file);
    }
  });

  it(`front matter is read for at most MAX_DEMO_FRONT_MATTER_LINES (${MAX_DEMO_FRONT_MATTER_LINES}) lines`, () => {
    const filler = Array.from({ length: MAX_DEMO_FRONT_MATTER_LINES - 2 }, (_, i) => `k${i}: v`);
    assert.equal(parseDemoPage(['---', ...filler, 'title: In', '---', 'Body'].join('\n')).fields.title, 'In');
    assert.equal(parseDemoPage(['---', ...filler, 'x: y', 'title: Out', '---', 'Body'].join('\n')).fields.title, undefined);
  });

  it('escapes everything a Markdown file says', () => {
    const html = renderDemoPage(
      '---\ntitle: "<script>alert(1)</script>"\ndescription: a" onload="x\n---\n# <b>x</b>\n\n<img src=x onerror=y>',
      {
        nav: [['/"><script>', '<i>']],
      },
    );
    assert.doesNotMatch(html, /<script>|<b>|<img|<i>|onload="x/);
    assert.match(html, /<title>&lt;script&gt;alert\(1\)&lt;\/script&gt;<\/title>/);
    assert.match(html, /content="a&quot; onload=&quot;x"/);
  });

  it('holds real reports of some pages at start; their failed checks land on the Markdown lines', async () => {
    const rated = pages.filter((p) => DEMO_RATED_FILES.includes(p.file));
    const urls = demoRatedUrls(site.url, pages);
    const seeded = await seedDemoReports(service.url, KEY, site.url, urls);
    assert.equal(seeded.created.length, urls.length);

    const client = new ReportsClient({ baseUrl: service.url, apiKey: () => KEY, proxy: { env: {} } });
    try {
      const all = (await client.listReports({ perPage: 100 })).items;
      assert.deepEqual(all.map((r) => r.url).sort(), [...urls].sort(), 'the unrated page has no report');
      assert.ok(!urls.includes(`${site.url}/about`));
      const bands = new Set(all.map((r) => ratingOf(r).band));
      assert.deepEqual([...bands].sort(), ['bad', 'decent', 'good'], 'a page in each band');
      const byFile = new Map(rated.map((p) => [p.file, all.find((r) => r.url === p.url)]));
      const poor = byFile.get('content/blog/second-post.md');
      const good = byFile.get('content/index.md');
      assert.ok(poor && good);
      assert.ok((ratingOf(poor).score ?? 100) < (ratingOf(good).score ?? 0), 'the poor page rates worse');

      const file = fs.readFileSync(path.join(dir, 'content', 'blog', 'second-post.md'), 'utf8');
      const findings = sourceFindings(await client.getReport(poor.id), file);
      const title = findings.find((f) => f.check === 'title');
      const description = findings.find((f) => f.check === 'meta_description');
      assert.ok(title && description, JSON.stringify(findings));
      assert.equal(title.line, 1, 'on the title: line');
      assert.match(title.message, /^Title: \d+ characters, should be 10–60$/);
      assert.equal(description.line, 0, 'no description line: the first line');
      assert.match(description.message, /^Missing meta description$/);

      const indexText = fs.readFileSync(path.join(dir, 'content', 'index.md'), 'utf8');
      const indexFindings = sourceFindings(await client.getReport(good.id), indexText);
      assert.equal(
        indexFindings.find((f) => f.check === 'title' || f.check === 'meta_description'),
        undefined,
        'the good page passes its title and description',
      );

      // A second start keeps these reports and creates none.
      const again = await seedDemoReports(service.url, KEY, site.url, urls);
      assert.deepEqual([again.created.length, again.kept.length, again.deleted], [0, urls.length, 0]);
    } finally {
      await client.dispose();
    }
  });

  it('a fix saved in the Markdown shows in the next analysis of the page', async () => {
    const file = path.join(dir, 'content', 'blog', 'second-post.md');
    fs.writeFileSync(
      file,
      '---\ntitle: Notes about widgets and how we test them\ndescription: What we learnt testing widgets.\n---\n\n# Notes\n\nSome notes.\n',
    );
    const client = new ReportsClient({ baseUrl: service.url, apiKey: () => KEY, proxy: { env: {} } });
    try {
      const url = `${site.url}/blog/second-post`;
      const report = (await client.listReports({ search: url, searchBy: 'url' })).items.find((r) => r.url === url);
      assert.ok(report);
      const rerun = await client.updateReport(report.id, { results: 1 });
      const findings = sourceFindings(rerun, fs.readFileSync(file, 'utf8'));
      assert.equal(
        findings.find((f) => f.check === 'title' || f.check === 'meta_description'),
        undefined,
        JSON.stringify(findings),
      );
    } finally {
      await client.dispose();
    }
  });

  it('removes the reports of the demo sites of earlier runs, never those of another loopback site', async () => {
    const client = new ReportsClient({ baseUrl: service.url, apiKey: () => KEY, proxy: { env: {} } });
    try {
      const old = await client.createReport({ url: `${site.url}/`, privacy: 0 });
      // A loopback site of the person's own, rated in the demo: never removed.
      const own = await startDemoSite({ root: dir });
      const mine = await client.createReport({ url: `${own.url}/about`, privacy: 0 });
      // The same page of "another run": a new site on another port.
      const next = await startDemoSite({ root: dir });
      try {
        const seeded = await seedDemoReports(service.url, KEY, next.url, [`${next.url}/`], [site.url, next.url]);
        assert.ok(seeded.deleted >= 2, `deleted ${seeded.deleted}`);
        assert.equal(seeded.staleLeft, false);
        const left = (await client.listReports({ perPage: 100 })).items.map((r) => r.url);
        assert.ok(!left.some((u) => typeof u === 'string' && u.startsWith(`${site.url}/`)), JSON.stringify(left));
        assert.ok(left.includes(`${next.url}/`));
        assert.ok(left.includes(mine.url));
        await assert.rejects(client.getReport(old.id));
      } finally {
        await next.close();
        await own.close();
      }
    } finally {
      await client.dispose();
    }
  });

  it('remembers the origins of earlier demo sites in a small file; a broken file is none', () => {
    const file = path.join(dir, 'origins.json');
    assert.deepEqual(readDemoOrigins(file), []);
    writeDemoOrigins(file, ['http://127.0.0.1:1', 'http://127.0.0.1:2', 'http://127.0.0.1:1']);
    assert.deepEqual(readDemoOrigins(file), ['http://127.0.0.1:1', 'http://127.0.0.1:2']);
    writeDemoOrigins(
      file,
      Array.from({ length: MAX_REMEMBERED_ORIGINS + 5 }, (_, i) => `http://127.0.0.1:${i + 1}`),
    );
    assert.equal(readDemoOrigins(file).length, MAX_REMEMBERED_ORIGINS);
    fs.writeFileSync(file, '{not json');
    assert.deepEqual(readDemoOrigins(file), []);
    fs.writeFileSync(file, JSON.stringify([1, 'http://127.0.0.1:3', null]));
    assert.deepEqual(readDemoOrigins(file), ['http://127.0.0.1:3']);
  });

  it(`removes at most MAX_STALE_DELETES (${MAX_STALE_DELETES}) reports of earlier runs per start`, async () => {
    const client = new ReportsClient({ baseUrl: service.url, apiKey: () => KEY, proxy: { env: {} } });
    try {
      for (let i = 0; i < MAX_STALE_DELETES + 5; i++) await client.createReport({ url: `${site.url}/?run=${i}`, privacy: 0 });
      const next = await startDemoSite({ root: dir });
      try {
        const first = await seedDemoReports(service.url, KEY, next.url, [], [site.url]);
        assert.deepEqual([first.deleted, first.staleLeft], [MAX_STALE_DELETES, true]);
        const second = await seedDemoReports(service.url, KEY, next.url, [], [site.url]);
        assert.ok(second.deleted >= 5 && second.deleted <= MAX_STALE_DELETES, `deleted ${second.deleted}`);
        assert.equal(second.staleLeft, false);
      } finally {
        await next.close();
      }
    } finally {
      await client.dispose();
    }
  });
});
