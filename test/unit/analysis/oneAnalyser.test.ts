// Proof that the service and the local analysis are one analyser: the same pages, served over
// HTTP on 127.0.0.1, are rated by the local report service (a report created, the page fetched
// and analysed there) and analysed locally from the same HTML; every check the local analysis
// judges has the same verdict, and the score over those checks is the same. For the demo site's
// pages and for 200 generated ones.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as fc from 'fast-check';
import { analyseHtml } from '../../../core/analysis/localAnalysis';
import { startDemoSite, type DemoSite } from '../../../scripts/demoSite';
import { writeDemoWorkspace } from '../../../scripts/demoWorkspace';
import type { RunningService } from '../../../service/server';
import { start } from '../service/helpers';
import { generatedPage } from './pagesGen';
import { scoreOver, serviceResults } from './serviceVerdicts';

/** Asserts the local analysis of `html` (the page at `url`) agrees with the service's report of `url`. */
async function sameVerdicts(svc: RunningService, url: string, html: string): Promise<void> {
  const local = analyseHtml(html, { url });
  const remote = await serviceResults(svc, url);
  const judged = local.checks.filter((c) => c.judged);
  assert.ok(judged.length >= 21, 'most checks are judged');
  for (const c of judged) {
    assert.equal(c.passed, remote[c.key].passed, `${url}: ${c.key} (local ${c.passed}, service ${remote[c.key].passed})`);
  }
  const keys = judged.map((c) => c.key);
  assert.equal(local.score, scoreOver(remote, keys), `${url}: the score over the ${keys.length} judged checks`);
}

describe('analysis: the service and the local analysis are one analyser', function () {
  this.timeout(180_000);
  let svc: RunningService;
  before(async () => {
    svc = await start({ shape: 'real' });
  });
  after(() => svc.close());

  it("the demo site's pages: every judged check's verdict and the score over them are equal", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wr-one-analyser-'));
    let site: DemoSite | undefined;
    try {
      site = await startDemoSite({ root: dir });
      const pages = writeDemoWorkspace(dir, site.url);
      assert.ok(pages.length >= 3);
      for (const page of pages) {
        const res = await fetch(page.url);
        assert.equal(res.status, 200, page.url);
        await sameVerdicts(svc, page.url, await res.text());
      }
    } finally {
      await site?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('200 generated pages: every judged check’s verdict and the score over them are equal', async () => {
    const pages = new Map<string, string>();
    const server = http.createServer((req, res) => {
      const html = pages.get((req.url ?? '/').split('?')[0]);
      res.writeHead(html === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html ?? 'not here');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const failedSomewhere = new Set<string>();
    try {
      await fc.assert(
        fc.asyncProperty(generatedPage, async ({ path: p, html }) => {
          pages.set(p, html);
          await sameVerdicts(svc, `${origin}${p}`, html);
          for (const c of analyseHtml(html, { url: `${origin}${p}` }).checks) if (c.passed === false) failedSomewhere.add(c.key);
        }),
        { numRuns: 200, seed: 32 },
      );
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    // The pages are varied enough to fail the checks judged from the text (not only to pass them).
    for (const key of ['title', 'meta_description', 'headings', 'image_keywords', 'noindex', 'in_page_links', 'language', 'charset']) {
      assert.ok(failedSomewhere.has(key), `some page fails ${key}`);
    }
  });
});
