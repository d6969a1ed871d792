// Scan Site from Sitemap in the real extension host, against a loopback site (robots.txt →
// sitemap index → sitemap) and the local report service: the pages are created once each through
// the persistent job; a second scan skips them all; a sitemap file of the workspace is read
// without fetching anything; a refused page ends the scan with one message (Retry Failed), and the
// finished job is not offered to resume.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { COMMAND } from '../../extension/ids';
import type { ExtensionInternals } from '../../extension/extension';
import { activateExtension, apiKey, getRequests, serviceUrl, sleep, waitFor } from './helpers';
import { GOOD_PAGE } from './sidebar/fixtures';

interface Summary {
  found: number;
  created: number;
  skipped: number;
  failed: number;
}

describe('Scan Site from Sitemap', function () {
  this.timeout(90_000);
  let site: http.Server;
  let origin: string;
  const fetched: string[] = [];

  before(async () => {
    await activateExtension();
    site = http.createServer((req, res) => {
      fetched.push(req.url ?? '');
      const page = (path: string) => `<url><loc>${origin}${path}</loc></url>`;
      if (req.url === '/robots.txt') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end(`User-agent: *\nSitemap: ${origin}/index.xml\n`);
      } else if (req.url === '/index.xml') {
        res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(
            `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/pages.xml</loc></sitemap></sitemapindex>`,
          );
      } else if (req.url === '/more.xml') {
        res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(
            `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${page('/more/e')}${page('/more/f')}</urlset>`,
          );
      } else if (req.url === '/pages.xml') {
        res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(
            `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${page('/scan/a')}${page('/scan/b')}${page('/scan/c')}${page('/other/d')}</urlset>`,
          );
      } else res.writeHead(200, { 'content-type': 'text/html' }).end(GOOD_PAGE);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    await vscode.workspace.getConfiguration('webReports').update('baseUrl', serviceUrl(), vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand(COMMAND.setApiKey, apiKey());
  });
  after(async () => {
    site.closeAllConnections();
    await new Promise((resolve) => site.close(resolve));
  });

  it('reads robots.txt and the index, creates the selected pages once each, and a second scan skips them', async () => {
    const first = await vscode.commands.executeCommand<Summary>(COMMAND.scanSite, `${origin}/`, {
      include: `${origin}/scan/*`,
      confirm: false,
      privacy: 0,
    });
    assert.deepEqual(first, { found: 4, created: 3, skipped: 1, failed: 0 });
    assert.ok(fetched.includes('/robots.txt') && fetched.includes('/index.xml') && fetched.includes('/pages.xml'));
    const again = await vscode.commands.executeCommand<Summary>(COMMAND.scanSite, `${origin}/`, { confirm: false, privacy: 0 });
    assert.equal(again.created, 1, 'only the page left out the first time');
    assert.equal(again.skipped, 3, 'the three reported pages are skipped');
  });

  it('the status bar totals and the badge stay while the Reports view is hidden through a scan; the view catches up when shown', async () => {
    const internals = (await activateExtension()).exports as ExtensionInternals;
    const { model, view } = internals.ctx;
    await vscode.commands.executeCommand('workbench.view.extension.webReports');
    await waitFor(() => (internals.statusBar.shown && model.status === 'ready' ? true : undefined), 15_000, 'the totals loaded');
    const before = model.totals();
    const badge = view.treeView.badge?.value;
    await vscode.commands.executeCommand('workbench.view.explorer');
    await waitFor(() => (view.treeView.visible ? undefined : true), 5000, 'the Reports view hidden');
    const scan = await vscode.commands.executeCommand<Summary>(COMMAND.scanSite, `${origin}/more.xml`, { confirm: false, privacy: 0 });
    assert.equal(scan.created, 2);
    await sleep(500);
    assert.equal(internals.statusBar.shown, true, 'the status bar still shows the totals');
    // The scan's creates went through the report actions: the totals count them at once.
    assert.equal(model.totals().good, (before.good ?? 0) + 2, 'the two new good reports are counted while the view is hidden');
    assert.deepEqual([model.totals().decent, model.totals().bad], [before.decent, before.bad]);
    assert.equal(view.treeView.badge?.value, badge, 'the badge stays');
    await vscode.commands.executeCommand('workbench.view.extension.webReports');
    await waitFor(
      () => ((model.totals().good ?? 0) >= (before.good ?? 0) + 2 ? true : undefined),
      15_000,
      'the two new good reports counted',
    );
    await vscode.commands.executeCommand('workbench.view.explorer');
  });

  it('a sitemap file of the workspace gives its URLs without any fetch of a sitemap', async () => {
    const root = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(root);
    const file = vscode.Uri.joinPath(root, 'scan-sitemap.xml');
    await vscode.workspace.fs.writeFile(
      file,
      new TextEncoder().encode(
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/scan/a</loc></url></urlset>`,
      ),
    );
    try {
      fetched.length = 0;
      const result = await vscode.commands.executeCommand<Summary>(COMMAND.scanSite, file, { confirm: false, privacy: 0 });
      assert.deepEqual(result, { found: 1, created: 0, skipped: 1, failed: 0 });
      assert.ok(!fetched.some((path) => path.endsWith('.xml') || path === '/robots.txt'), fetched.join(', '));
    } finally {
      await vscode.workspace.fs.delete(file);
    }
  });

  it('a sitemap index file of the workspace: the sitemaps it lists are read from the web, their pages scanned (not the sitemaps)', async () => {
    const root = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(root);
    const file = vscode.Uri.joinPath(root, 'scan-index.xml');
    await vscode.workspace.fs.writeFile(
      file,
      new TextEncoder().encode(
        `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/more.xml</loc></sitemap></sitemapindex>`,
      ),
    );
    try {
      fetched.length = 0;
      const result = await vscode.commands.executeCommand<Summary>(COMMAND.scanSite, file, { confirm: false, privacy: 0 });
      // The two pages of more.xml, reported by the scan before this one: found and skipped.
      assert.deepEqual(result, { found: 2, created: 0, skipped: 2, failed: 0 });
      assert.deepEqual(
        fetched.filter((path) => path.endsWith('.xml')),
        ['/more.xml'],
      );
    } finally {
      await vscode.workspace.fs.delete(file);
    }
  });

  it('a scan with a page the service refuses returns its counts at once (the Retry question does not hold it)', async () => {
    const root = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(root);
    const file = vscode.Uri.joinPath(root, 'scan-refused-sitemap.xml');
    // Nothing listens on port 9: the service cannot fetch the page and refuses it with a 422.
    await vscode.workspace.fs.writeFile(
      file,
      new TextEncoder().encode(
        '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://127.0.0.1:9/refused</loc></url></urlset>',
      ),
    );
    try {
      const result = await vscode.commands.executeCommand<Summary>(COMMAND.scanSite, file, { confirm: false, privacy: 0 });
      assert.deepEqual(result, { found: 1, created: 0, skipped: 0, failed: 1 });
    } finally {
      await vscode.workspace.fs.delete(file);
    }
  });

  it('a page the service refuses (422): one message says what happened, with Retry Failed; the finished job is not offered to resume', async () => {
    const { ctx } = (await activateExtension()).exports as ExtensionInternals;
    const root = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(root);
    const file = vscode.Uri.joinPath(root, 'scan-refused-once-sitemap.xml');
    const refused = 'http://127.0.0.1:9/refused-once';
    await vscode.workspace.fs.writeFile(
      file,
      new TextEncoder().encode(
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${refused}</loc></url></urlset>`,
      ),
    );
    try {
      const result = await vscode.commands.executeCommand<Summary>(COMMAND.scanSite, file, { confirm: false, privacy: 0 });
      assert.deepEqual(result, { found: 1, created: 0, skipped: 0, failed: 1 });
    } finally {
      await vscode.workspace.fs.delete(file);
    }
    const said = ctx.failures.recent();
    assert.match(said.at(-1) ?? '', /1 found: 0 created, 0 skipped, 1 failed/);
    assert.deepEqual(ctx.failures.lastButtons(), ['Retry Failed', 'Show Details']);
    // Manage Scan: nothing runs and nothing waits to be resumed; it asks no "stopped with 1 of 1
    // URLs to go. Resume it?" (a question would hold the command until answered).
    const managed = await Promise.race([
      vscode.commands.executeCommand(COMMAND.manageScan).then(() => 'answered'),
      sleep(10_000).then(() => 'asked a question'),
    ]);
    assert.equal(managed, 'answered');
    assert.deepEqual(ctx.failures.recent(), said, 'no second message');
    const posts = (await getRequests()).filter((r) => r.method === 'POST' && new URLSearchParams(r.body).get('url') === refused);
    assert.equal(posts.length, 1, 'the refused URL was not sent again');
  });

  it("refuses the report service's own address as a site", async () => {
    const result = await vscode.commands.executeCommand<Summary>(COMMAND.scanSite, `${new URL(serviceUrl()).origin}/`, { confirm: false });
    assert.deepEqual(result, { found: 0, created: 0, skipped: 0, failed: 0 });
  });
});
