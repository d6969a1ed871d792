// check --local on a running preview (a loopback page server stands in for a dev server), as CI
// runs it: pages from its sitemap or, without one, the URLs the files name; a page that fails to
// load is said with its reason. The one analyser at the command line's level: the same pages,
// served over HTTP, rated by the local report service and by `check --local <origin>`, give the
// same verdict for every locally judged check and the same score over them (the demo site, and
// 200 generated pages: the generator of test/unit/analysis/pagesGen.ts). And --compare: each page
// against its latest report on the local service.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as fc from 'fast-check';
import { startDemoSite, type DemoSite } from '../../../scripts/demoSite';
import { writeDemoWorkspace } from '../../../scripts/demoWorkspace';
import { startService, type RunningService } from '../../../service/server';
import { writeDataFile } from '../actions/reportRecords';
import { generatedPage } from '../analysis/pagesGen';
import { scoreOver, serviceResults } from '../analysis/serviceVerdicts';
import { start } from '../service/helpers';
import { project, removeProjects, runCli } from './runCli';

const KEY = 'local-compare-key-8812-secret';
const GOOD =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
  '<title>A good page title of a fine length</title><meta name="description" content="A description of the page that is long enough for the check of descriptions, yes.">' +
  '</head><body><h1>A good page title of a fine length</h1><p>Some words of text on the page.</p></body></html>\n';
const BAD = '<html><head></head><body><img src="/a.png"><center>old</center></body></html>';

interface LocalJson {
  urls: {
    url: string;
    findings: { rule: string; message: string }[];
    local?: { score?: number; checks?: Record<string, string>; reason?: string; fetched?: string };
    compare?: { fixed: string[]; newlyFailing: string[]; words: string };
  }[];
}

/** A page server on 127.0.0.1 holding `pages` (path → HTML), with a sitemap of them when `sitemap`. */
async function pageServer(pages: Map<string, string>, sitemap: boolean): Promise<{ origin: string; close(): Promise<void> }> {
  let origin = '';
  const server = http.createServer((req, res) => {
    const at = (req.url ?? '/').split('?')[0];
    if (at === '/sitemap.xml' && sitemap) {
      const locs = [...pages.keys()].map((p) => `<url><loc>${origin}${p}</loc></url>`).join('');
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs}</urlset>`);
      return;
    }
    const html = pages.get(at);
    res.writeHead(html === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html ?? 'not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function localRun(origin: string, cwd: string, extra: string[] = [], env: Record<string, string> = {}): Promise<LocalJson> {
  const run = await runCli(['check', '--local', origin, '--format', 'json', ...extra], { cwd, env });
  assert.ok(run.code === 0 || run.code === 1, run.stderr);
  return JSON.parse(run.stdout) as LocalJson;
}

/** Every locally judged check of every page has the service's verdict, and the score over them is the service's. */
async function sameAsService(svc: RunningService, json: LocalJson, atLeast: number): Promise<void> {
  assert.ok(json.urls.length >= atLeast, `${json.urls.length} pages`);
  for (const page of json.urls) {
    const checks = page.local?.checks ?? {};
    const keys = Object.keys(checks);
    assert.ok(keys.length >= 21, `${page.url}: most checks judged (${page.local?.reason ?? ''})`);
    const remote = await serviceResults(svc, page.url);
    for (const key of keys) assert.equal(checks[key] === 'passed', remote[key].passed, `${page.url}: ${key}`);
    assert.equal(page.local?.score, scoreOver(remote, keys), `${page.url}: the score over the ${keys.length} judged checks`);
  }
}

describe('cli: check --local on a running preview', function () {
  this.timeout(300_000);
  after(removeProjects);

  it('without a sitemap, the URLs on its origin the files name; one that does not load is an error with its reason', async () => {
    const server = await pageServer(
      new Map([
        ['/', GOOD],
        ['/bad/', BAD],
      ]),
      false,
    );
    const cwd = await project({
      'docs/links.md': `[home](${server.origin}/) [bad](${server.origin}/bad/) [gone](${server.origin}/gone/) https://other.example/`,
    });
    try {
      // No sitemap: the URLs on the preview's origin that the files name.
      const json = await localRun(server.origin, cwd);
      assert.deepEqual(
        json.urls.map((u) => u.url),
        [`${server.origin}/`, `${server.origin}/bad/`, `${server.origin}/gone/`],
      );
      const gone = json.urls.find((u) => u.url.endsWith('/gone/'))!;
      assert.equal(gone.findings[0].rule, 'not-analysed');
      assert.match(gone.local?.reason ?? '', /404/);
      // WEBREPORTS_BASE_URL set but empty (a missing CI secret) fails as `check` fails: the service's
      // origin is never left unguarded in silence.
      const empty = await runCli(['check', '--local', server.origin], { cwd, env: { WEBREPORTS_BASE_URL: '' } });
      assert.equal(empty.code, 2, empty.stderr);
      assert.match(empty.stderr, /WEBREPORTS_BASE_URL is set but empty/);
    } finally {
      await server.close();
    }
  });

  describe('one analyser: the local service and check --local <origin> agree', () => {
    let svc: RunningService;
    before(async () => {
      svc = await start({ shape: 'real' });
    });
    after(() => svc.close());

    it("the demo site's pages", async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wr-cli-one-analyser-'));
      let site: DemoSite | undefined;
      try {
        site = await startDemoSite({ root: dir });
        const pages = writeDemoWorkspace(dir, site.url);
        const cwd = await project({ 'links.md': pages.map((p) => `${p.url}\n`).join('') });
        // Its sitemap lists its pages (the old page too); the files name them as well.
        await sameAsService(svc, await localRun(site.url, cwd), pages.length);
      } finally {
        await site?.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it('200 generated pages, from the sitemap', async () => {
      const pages = new Map<string, string>();
      fc.sample(generatedPage, { numRuns: 200, seed: 32 }).forEach(({ path: p, html }, i) => pages.set(`/g${i}${p}`, html));
      const server = await pageServer(pages, true);
      try {
        const json = await localRun(server.origin, await project({}));
        assert.equal(json.urls.length, 200);
        await sameAsService(svc, json, 200);
      } finally {
        await server.close();
      }
    });
  });

  it('--compare: each page against its latest report on the service, in JSON, text and Markdown; the key never shown', async () => {
    const site = 'https://site.example';
    const dataFile = await writeDataFile([{ url: `${site}/a`, score: 30, failed: 2 }]);
    const service = await startService({ apiKey: KEY, control: true, dataFile });
    const server = await pageServer(
      new Map([
        ['/a', GOOD],
        ['/b', BAD],
      ]),
      true,
    );
    const cwd = await project({ 'website-reports.json': JSON.stringify({ sources: [{ url: `${site}/{p}`, file: 'content/{p}.md' }] }) });
    const env = { WEBREPORTS_API_KEY: KEY, WEBREPORTS_BASE_URL: service.url };
    try {
      const json = await localRun(server.origin, cwd, ['--compare'], env);
      const a = json.urls.find((u) => u.url === `${site}/a`)!;
      assert.ok(a.compare?.fixed.includes('title'), JSON.stringify(a.compare));
      assert.match(a.compare?.words ?? '', /Against the published report: 30 → \d+ \(\+\d+\): .*fixed/);
      assert.ok(a.findings.some((f) => f.rule === 'compare'));
      const b = json.urls.find((u) => u.url === `${site}/b`)!;
      assert.equal(b.compare?.words, 'No published report to compare with.');
      const md = await runCli(['check', '--local', server.origin, '--compare', '--format', 'markdown'], { cwd, env });
      assert.match(md.stdout, /### Against the published pages/);
      assert.match(md.stdout, /\| `https:\/\/site\.example\/a` \| 30 \| \d+ \| `title`/);
      const text = await runCli(['check', '--local', server.origin, '--compare'], { cwd, env });
      assert.match(text.stdout, /Against the published report/);
      for (const out of [JSON.stringify(json), md.stdout, md.stderr, text.stdout, text.stderr]) assert.ok(!out.includes(KEY));
      // Without the key, --compare says what is missing (exit 2); the pages were never the problem.
      const nokey = await runCli(['check', '--local', server.origin, '--compare'], { cwd, env: { WEBREPORTS_BASE_URL: service.url } });
      assert.equal(nokey.code, 2);
      assert.match(nokey.stderr, /WEBREPORTS_API_KEY/);
    } finally {
      await server.close();
      await service.close();
    }
  });

  it("check (published): a failed check's SARIF finding sits on the page's source file where sources maps it", async () => {
    const site = 'https://site.example';
    const dataFile = await writeDataFile([{ url: `${site}/a`, score: 30, failed: 2 }]);
    const service = await startService({ apiKey: KEY, control: true, dataFile });
    const config = { rules: [{ match: '**', checks: { title: 'error' } }], sources: [{ url: `${site}/{p}`, file: 'content/{p}.md' }] };
    const cwd = await project({
      'website-reports.json': JSON.stringify(config),
      'content/a.md': '---\ntitle: A\n---\nBody.\n',
      'docs/links.md': `See ${site}/a\n`,
    });
    try {
      const run = await runCli(['check', 'docs', '--format', 'sarif'], {
        cwd,
        env: { WEBREPORTS_API_KEY: KEY, WEBREPORTS_BASE_URL: service.url },
      });
      assert.equal(run.code, 1, run.stderr);
      const results = JSON.parse(run.stdout).runs[0].results as {
        ruleId: string;
        locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[];
      }[];
      const at = (rule: string) =>
        results
          .filter((r) => r.ruleId === rule)
          .map((r) => `${r.locations[0].physicalLocation.artifactLocation.uri}:${r.locations[0].physicalLocation.region.startLine}`);
      assert.deepEqual(at('check/title'), ['content/a.md:2']);
      assert.deepEqual(at('rating'), ['docs/links.md:1'], 'the rating stays where the URL is written');
    } finally {
      await service.close();
    }
  });
});
