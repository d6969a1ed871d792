// The sidebar in a real VS Code: sign-in, the grouped tree, paging, filters and every report
// command, driven by executeCommand with arguments and checked on the service over HTTP.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { ExtensionInternals } from '../../src/extension';
import type { ReportsNode } from '../../src/views/nodes';
import { activateExtension, addFault, apiKey, clearFaults, getRequests, clearRequests, serviceUrl, sleep, waitFor } from './helpers';

type Json = Record<string, unknown>;

async function api(method: string, path: string): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${serviceUrl()}/api/v1/${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey()}`, accept: 'application/json' },
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Json) : {} };
}

async function reset(seed?: number): Promise<void> {
  const res = await fetch(`${serviceUrl()}/__control/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(seed === undefined ? {} : { seed }),
  });
  assert.equal(res.status, 204);
}

const GOOD_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Integration page for reports</title><meta name="description" content="A page served on loopback for the Website Reports integration tests, long enough to pass.">
<link rel="canonical" href="/"></head><body><h1>Hello</h1><img src="a.png" alt="a"></body></html>`;

describe('sidebar and report commands', function () {
  this.timeout(60_000);
  let internals: ExtensionInternals;
  let page: http.Server;
  let pageUrl: string;

  const tree = () => internals.ctx.view.provider;
  const groups = () => tree().getChildren() as ReportsNode[];
  const reportsIn = (result: 'good' | 'decent' | 'bad') =>
    tree()
      .getChildren({ kind: 'group', result })
      .filter((n) => n.kind === 'report') as Extract<ReportsNode, { kind: 'report' }>[];

  before(async () => {
    internals = (await activateExtension()).exports as ExtensionInternals;
    page = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(GOOD_PAGE));
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
    await vscode.workspace.getConfiguration('webReports').update('confirmDelete', false, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    page.closeAllConnections();
    await new Promise((resolve) => page.close(resolve));
    await vscode.workspace.getConfiguration('webReports').update('confirmDelete', undefined, vscode.ConfigurationTarget.Global);
  });
  afterEach(() => clearFaults());

  describe('sign-in', () => {
    it('refuses a wrong key with a clear outcome and stores nothing', async () => {
      await reset();
      const stored = await vscode.commands.executeCommand<boolean>('webReports.setApiKey', 'definitely-wrong-key');
      assert.equal(stored, false);
      assert.equal(await internals.ctx.keys.source(new URL(serviceUrl()).origin), undefined);
      const requests = await getRequests();
      assert.deepEqual(
        requests.map((r) => `${r.method} ${r.path}`),
        ['GET /api/v1/account'],
      );
      assert.equal(requests[0].headers.authorization, 'Bearer definitely-wrong-key');
    });

    it('checks a good key against the account endpoint and stores it in SecretStorage', async () => {
      await reset();
      const stored = await vscode.commands.executeCommand<boolean>('webReports.setApiKey', apiKey());
      assert.equal(stored, true);
      assert.equal(await internals.ctx.keys.source(new URL(serviceUrl()).origin), 'secret-storage');
      assert.equal(await internals.ctx.keys.get(new URL(serviceUrl()).origin), apiKey());
      const requests = await getRequests();
      assert.equal(requests[0].path, '/api/v1/account');
    });
  });

  describe('tree', () => {
    before(async () => {
      await vscode.commands.executeCommand('webReports.setApiKey', apiKey());
      await vscode.commands.executeCommand('workbench.view.extension.webReports');
      await waitFor(() => internals.ctx.view.treeView.visible, 10_000, 'the reports view to be visible');
    });

    it('shows Good, Decent and Bad with the service totals after three parallel requests', async () => {
      await reset(60);
      await clearRequests();
      await vscode.commands.executeCommand('webReports.refresh');
      const requests = (await getRequests()).filter((r) => r.path === '/api/v1/reports');
      assert.equal(requests.length, 3);
      assert.deepEqual(requests.map((r) => r.query.result).sort(), ['bad', 'decent', 'good']);
      assert.ok(requests.every((r) => r.query.per_page === '25' && r.query.page === '1'));
      assert.deepEqual(
        groups().map((g) => g.kind === 'group' && g.result),
        ['good', 'decent', 'bad'],
      );
      let sum = 0;
      for (const result of ['good', 'decent', 'bad'] as const) {
        const total = (await api('GET', `reports?result=${result}&per_page=10`)).body.meta as Json;
        const item = tree().getTreeItem({ kind: 'group', result });
        assert.equal(item.description, String(total.total));
        sum += Number(total.total);
      }
      assert.equal(sum, 60);
    });

    it('pages through a group of 60 reports with per_page 25', async () => {
      // The demo seed spreads reports evenly over the three results: 180 gives 60 good ones.
      await reset(180);
      await vscode.workspace.getConfiguration('webReports').update('perPage', 25, vscode.ConfigurationTarget.Global);
      const group = internals.ctx.model.groups.good;
      const goodTotal = Number(((await api('GET', 'reports?result=good&per_page=10')).body.meta as Json).total);
      await vscode.commands.executeCommand('webReports.refresh');
      assert.equal(group.items.length, Math.min(25, goodTotal));
      let pages = 1;
      while (
        tree()
          .getChildren({ kind: 'group', result: 'good' })
          .some((n) => n.kind === 'loadMore')
      ) {
        await vscode.commands.executeCommand('webReports.loadMore', { kind: 'loadMore', result: 'good' });
        pages++;
        assert.ok(pages <= 5, 'paging terminates');
      }
      assert.equal(goodTotal, 60);
      assert.equal(group.items.length, goodTotal);
      assert.equal(new Set(group.items.map((r) => String(r.id))).size, goodTotal);
      assert.equal(pages, Math.ceil(goodTotal / 25));
      const pageParams = (await getRequests()).filter((r) => r.query.result === 'good').map((r) => r.query.page);
      assert.ok(pageParams.includes('2'), `asked for page 2: ${pageParams.join(',')}`);
    });

    it('sends search, project filter and sort to the service and clears them', async () => {
      await reset(30);
      await clearRequests();
      await vscode.commands.executeCommand('webReports.search', 'blog');
      await vscode.commands.executeCommand('webReports.filterByProject', 'www.example.com');
      await vscode.commands.executeCommand('webReports.sortBy', 'url', 'asc');
      const last = (await getRequests()).filter((r) => r.path === '/api/v1/reports').slice(-3);
      assert.equal(last.length, 3);
      for (const r of last) {
        assert.equal(r.query.search, 'blog');
        assert.equal(r.query.search_by, 'url');
        assert.equal(r.query.project, 'www.example.com');
        assert.equal(r.query.sort_by, 'url');
        assert.equal(r.query.sort, 'asc');
      }
      assert.match(internals.ctx.view.treeView.message ?? '', /blog/);
      // The tree holds exactly what the service answers for the same filters, group by group.
      let shown = 0;
      for (const result of ['good', 'decent', 'bad'] as const) {
        const expected = (
          (await api('GET', `reports?search=blog&search_by=url&project=www.example.com&sort_by=url&sort=asc&per_page=25&result=${result}`))
            .body.data as Json[]
        ).map((r) => String(r.id));
        assert.deepEqual(
          reportsIn(result).map((n) => String(n.report.id)),
          expected,
          `${result} group`,
        );
        shown += expected.length;
      }
      assert.ok(shown > 0, 'the filters match some reports');
      await vscode.commands.executeCommand('webReports.clearFilters');
      const cleared = (await getRequests()).filter((r) => r.path === '/api/v1/reports').slice(-3);
      for (const r of cleared) {
        assert.equal(r.query.search, undefined);
        assert.equal(r.query.project, undefined);
        assert.equal(r.query.sort_by, 'id');
      }
      assert.equal(internals.ctx.view.treeView.message, undefined);
    });

    it('creates a report from an argument, stores it once and reveals it in its group', async () => {
      await reset(6);
      await vscode.commands.executeCommand('webReports.refresh');
      await clearRequests();
      const url = `${pageUrl}/created-${Date.now()}`;
      const report = await vscode.commands.executeCommand<Json>('webReports.createReport', url, { privacy: 2, password: 'pw-123' });
      assert.ok(report, 'the command returns the created report');
      const posts = (await getRequests()).filter((r) => r.method === 'POST');
      assert.equal(posts.length, 1);
      assert.deepEqual(Object.fromEntries(new URLSearchParams(posts[0].body)), { url, privacy: '2', password: 'pw-123' });
      const stored = (await api('GET', `reports/${report.id}`)).body.data as Json;
      assert.equal(stored.url, url);
      assert.equal(stored.privacy, 2);
      const result = stored.result as 'good' | 'decent' | 'bad';
      assert.ok(
        reportsIn(result).some((n) => String(n.report.id) === String(report.id)),
        'the tree shows it in its group',
      );
      await waitFor(
        () => internals.ctx.view.treeView.selection.some((n) => n.kind === 'report' && String(n.report.id) === String(report.id)),
        5000,
        'the new report to be selected',
      );
    });

    it('creates from the URL under the cursor in an editor', async () => {
      await reset(0);
      await vscode.commands.executeCommand('webReports.refresh');
      const url = `${pageUrl}/from-editor`;
      const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: `# Links\n\nSee [the page](${url}).\n` });
      const editor = await vscode.window.showTextDocument(doc);
      const offset = doc.getText().indexOf(url) + 10;
      const pos = doc.positionAt(offset);
      editor.selection = new vscode.Selection(pos, pos);
      // As from the editor's context menu, which passes the document's Uri first.
      const report = await vscode.commands.executeCommand<Json>('webReports.createReport', doc.uri, { privacy: 0 });
      assert.equal(report?.url, url);
      const list = (await api('GET', 'reports')).body.data as Json[];
      assert.deepEqual(
        list.map((r) => r.url),
        [url],
      );
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('does not create when the service refuses, and says why', async () => {
      await reset(0);
      await clearRequests();
      const result = await vscode.commands.executeCommand('webReports.createReport', 'http://127.0.0.1:9/unreachable', { privacy: 0 });
      assert.equal(result, undefined);
      assert.equal(((await api('GET', 'reports')).body.meta as Json).total, 0);
      assert.equal((await getRequests()).filter((r) => r.method === 'POST').length, 1, 'one POST, no automatic retry');
    });

    it('a create that times out is not created twice when tried again', async () => {
      await reset(0);
      // The reset service reuses ids: the tree must not hold reports from before it.
      await vscode.commands.executeCommand('webReports.refresh');
      await clearRequests();
      const config = vscode.workspace.getConfiguration('webReports');
      await config.update('requestTimeoutSeconds', 1, vscode.ConfigurationTarget.Global); // create waits 4 s
      try {
        const url = `${pageUrl}/slow-create`;
        await addFault({ method: 'POST', path: '/api/v1/reports', delayMs: 10_000, times: 1 });
        const first = await vscode.commands.executeCommand('webReports.createReport', url, { privacy: 0 });
        assert.equal(first, undefined, 'the first attempt timed out');
        // The service finishes the delayed request after the client gave up.
        await waitFor(async () => ((await api('GET', 'reports')).body.meta as Json).total === 1, 15_000, 'the delayed create to be stored');
        const second = await vscode.commands.executeCommand<Json>('webReports.createReport', url, { privacy: 0 });
        assert.equal(second?.url, url, 'the second attempt finds the stored report');
        assert.equal(((await api('GET', 'reports')).body.meta as Json).total, 1, 'exactly one report');
        assert.equal((await getRequests()).filter((r) => r.method === 'POST').length, 1, 'one POST in all');
      } finally {
        await config.update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
      }
    });

    it('changes privacy and updates the node in place', async () => {
      await reset(6);
      await vscode.commands.executeCommand('webReports.refresh');
      const node = [...reportsIn('good'), ...reportsIn('decent'), ...reportsIn('bad')].find((n) => n.report.privacy === 0);
      assert.ok(node, 'a public report to change');
      await vscode.commands.executeCommand('webReports.changePrivacy', node, 1);
      const stored = (await api('GET', `reports/${node.report.id}`)).body.data as Json;
      assert.equal(stored.privacy, 1);
      // The node the tree now gives for that report (not one the test built).
      const fresh = [...reportsIn('good'), ...reportsIn('decent'), ...reportsIn('bad')].find(
        (n) => String(n.report.id) === String(node.report.id),
      );
      assert.ok(fresh, 'the report is still in the tree');
      assert.match(String(tree().getTreeItem(fresh).contextValue), /^report:private/);
      await vscode.commands.executeCommand('webReports.changePrivacy', node.report.id, 2, 'another-pw');
      assert.equal(((await api('GET', `reports/${node.report.id}`)).body.data as Json).privacy, 2);
    });

    it('makes several selected reports private at once, as from the context menu', async () => {
      await reset(12);
      await vscode.commands.executeCommand('webReports.refresh');
      const publics = [...reportsIn('good'), ...reportsIn('decent'), ...reportsIn('bad')].filter((n) => n.report.privacy === 0).slice(0, 2);
      assert.equal(publics.length, 2, 'two public reports to change');
      await vscode.commands.executeCommand('webReports.makePrivate', publics[0], publics);
      for (const node of publics) assert.equal(((await api('GET', `reports/${node.report.id}`)).body.data as Json).privacy, 1);
    });

    it('re-runs a report with PUT results=1', async () => {
      await reset(0);
      const created = await vscode.commands.executeCommand<Json>('webReports.createReport', `${pageUrl}/rerun`, { privacy: 0 });
      await clearRequests();
      const rerun = await vscode.commands.executeCommand<Json>('webReports.rerunReport', created.id);
      assert.ok(rerun);
      const puts = (await getRequests()).filter((r) => r.method === 'PUT');
      assert.equal(puts.length, 1);
      assert.equal(puts[0].body, 'results=1');
    });

    it('re-runs every selected report, as from the context menu', async () => {
      await reset(0);
      const a = await vscode.commands.executeCommand<Json>('webReports.createReport', `${pageUrl}/multi-a`, { privacy: 0 });
      const b = await vscode.commands.executeCommand<Json>('webReports.createReport', `${pageUrl}/multi-b`, { privacy: 0 });
      await clearRequests();
      await vscode.commands.executeCommand('webReports.rerunReport', a, [a, b]);
      const puts = (await getRequests())
        .filter((r) => r.method === 'PUT')
        .map((r) => r.path)
        .sort();
      assert.deepEqual(puts, [`/api/v1/reports/${a.id}`, `/api/v1/reports/${b.id}`].sort());
    });

    it('deletes several reports and reports a partial failure exactly', async () => {
      await reset(6);
      await vscode.commands.executeCommand('webReports.refresh');
      const nodes = [...reportsIn('good'), ...reportsIn('decent'), ...reportsIn('bad')].slice(0, 3);
      assert.equal(nodes.length, 3);
      await addFault({ method: 'DELETE', path: `/api/v1/reports/${nodes[1].report.id}`, status: 500, times: 0 });
      const outcome = await vscode.commands.executeCommand<{ deleted: unknown[]; failed: { id: unknown }[] }>(
        'webReports.deleteReport',
        nodes[0],
        nodes,
      );
      assert.deepEqual(outcome.deleted.map(String).sort(), [nodes[0], nodes[2]].map((n) => String(n.report.id)).sort());
      assert.deepEqual(
        outcome.failed.map((f) => String(f.id)),
        [String(nodes[1].report.id)],
      );
      assert.equal((await api('GET', `reports/${nodes[0].report.id}`)).status, 404);
      assert.equal((await api('GET', `reports/${nodes[1].report.id}`)).status, 200);
      assert.ok(internals.ctx.model.find(nodes[1].report.id), 'the failed one stays in the tree');
      assert.equal(internals.ctx.model.find(nodes[0].report.id), undefined);
    });

    it('copies a report URL', async () => {
      await reset(3);
      await vscode.commands.executeCommand('webReports.refresh');
      const node = [...reportsIn('good'), ...reportsIn('decent'), ...reportsIn('bad')][0];
      await vscode.commands.executeCommand('webReports.copyReportUrl', node);
      assert.equal(await vscode.env.clipboard.readText(), node.report.url);
    });

    it('a network failure keeps the last tree and says it is stale', async () => {
      await reset(6);
      await vscode.commands.executeCommand('webReports.refresh');
      const before = internals.ctx.model.find(reportsIn('good')[0]?.report.id ?? reportsIn('bad')[0].report.id);
      await addFault({ path: '/api/v1/reports', drop: true, times: 0 });
      await vscode.commands.executeCommand('webReports.refresh');
      assert.equal(internals.ctx.model.status, 'stale');
      assert.match(internals.ctx.view.treeView.message ?? '', /Could not refresh/);
      assert.ok(before && internals.ctx.model.find(before.id), 'the last list is still shown');
    });

    it('auto-refreshes while the view is shown and pauses while it is hidden', async function () {
      this.timeout(90_000);
      await reset(3);
      await vscode.commands.executeCommand('webReports.refresh');
      const config = vscode.workspace.getConfiguration('webReports');
      const lists = async () => (await getRequests()).filter((r) => r.path === '/api/v1/reports').length;
      try {
        await clearRequests();
        // 5 is below the floor: treated as 30 s (a tenth of the real service's 60 requests a minute).
        await config.update('autoRefreshSeconds', 5, vscode.ConfigurationTarget.Global);
        await sleep(20_000);
        assert.equal(await lists(), 0, 'no refresh before the 30 s floor');
        await waitFor(async () => (await lists()) >= 3, 20_000, 'an automatic refresh');
        await vscode.commands.executeCommand('workbench.view.explorer');
        await waitFor(() => !internals.ctx.view.treeView.visible, 5000, 'the reports view to be hidden');
        await new Promise((r) => setTimeout(r, 500)); // a refresh already under way may finish
        await clearRequests();
        await new Promise((r) => setTimeout(r, 7000));
        assert.equal(await lists(), 0, 'no refresh while the view is hidden');
      } finally {
        await config.update('autoRefreshSeconds', undefined, vscode.ConfigurationTarget.Global);
        await vscode.commands.executeCommand('workbench.view.extension.webReports');
        await waitFor(() => internals.ctx.view.treeView.visible, 5000, 'the reports view to be shown again');
      }
    });

    it('a 401 flips the view to signed out', async () => {
      await reset(3);
      await addFault({ path: '/api/v1/reports', status: 401, body: { message: 'Unauthenticated.' }, times: 0 });
      await vscode.commands.executeCommand('webReports.refresh');
      assert.equal(internals.ctx.model.status, 'signed-out');
      assert.deepEqual(tree().getChildren(), []);
      await clearFaults();
      // Signing in again brings the tree back.
      await vscode.commands.executeCommand('webReports.setApiKey', apiKey());
      await waitFor(() => internals.ctx.model.status === 'ready', 10_000, 'the tree to load again');
    });

    it('never sends the stored key to another base URL', async () => {
      await reset(3);
      await vscode.commands.executeCommand('webReports.refresh');
      assert.equal(internals.ctx.model.status, 'ready');
      const seen: (string | undefined)[] = [];
      const other = http.createServer((req, res) => {
        seen.push(req.headers.authorization);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}');
      });
      await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
      const config = vscode.workspace.getConfiguration('webReports');
      try {
        await config.update('baseUrl', `http://127.0.0.1:${(other.address() as AddressInfo).port}`, vscode.ConfigurationTarget.Global);
        await waitFor(() => internals.ctx.model.status === 'signed-out', 5000, 'the view to sign out for the new service');
        await vscode.commands.executeCommand('webReports.refresh');
        assert.deepEqual(tree().getChildren(), []);
        assert.ok(
          seen.every((h) => h === undefined),
          `the other service got a key: ${seen.join(', ')}`,
        );
      } finally {
        await config.update('baseUrl', serviceUrl(), vscode.ConfigurationTarget.Global);
        other.closeAllConnections();
        await new Promise((resolve) => other.close(resolve));
      }
      // Back on the service the key was checked with: signed in again without asking.
      await vscode.commands.executeCommand('webReports.refresh');
      await waitFor(() => internals.ctx.model.status === 'ready', 10_000, 'the tree to load again');
    });

    it('signs out: the key is deleted and the tree cleared', async () => {
      await vscode.commands.executeCommand('webReports.signOut');
      assert.equal(await internals.ctx.keys.source(new URL(serviceUrl()).origin), undefined);
      assert.deepEqual(tree().getChildren(), []);
    });
  });
});
