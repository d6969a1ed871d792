// Changing privacy, re-running, deleting and copying in a real VS Code, on one report and on a
// multi-selection, checked on the service over HTTP.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionInternals } from '../../../extension/extension';
import { addFault, clearFaults, clearRequests, getRequests } from '../helpers';
import { api, Json, Rating, reset, setSetting, signInAndShowView, startPage, treeOf } from './fixtures';
import { COMMAND } from '../../../extension/ids';

describe('sidebar: managing reports', function () {
  this.timeout(60_000);
  let internals: ExtensionInternals;
  let page: Awaited<ReturnType<typeof startPage>>;
  let pageUrl: string;
  const tree = () => treeOf(internals).provider();
  const reportsIn = (result: Rating) => treeOf(internals).reportsIn(result);

  before(async () => {
    internals = await signInAndShowView();
    page = await startPage();
    pageUrl = page.url;
    await setSetting('confirmDelete', false);
  });
  after(async () => {
    await page.close();
    await setSetting('confirmDelete', undefined);
  });
  afterEach(() => clearFaults());

  it('changes privacy and updates the node in place', async () => {
    await reset(6);
    await vscode.commands.executeCommand(COMMAND.refresh);
    const node = [...reportsIn('good'), ...reportsIn('decent'), ...reportsIn('bad')].find((n) => n.report.privacy === 0);
    assert.ok(node, 'a public report to change');
    await vscode.commands.executeCommand(COMMAND.changePrivacy, node, 1);
    const stored = (await api('GET', `reports/${node.report.id}`)).body.data as Json;
    assert.equal(stored.privacy, 1);
    // The node the tree now gives for that report (not one the test built).
    const fresh = [...reportsIn('good'), ...reportsIn('decent'), ...reportsIn('bad')].find(
      (n) => String(n.report.id) === String(node.report.id),
    );
    assert.ok(fresh, 'the report is still in the tree');
    assert.match(String(tree().getTreeItem(fresh).contextValue), /^report:private/);
    await vscode.commands.executeCommand(COMMAND.changePrivacy, node.report.id, 2, 'another-pw');
    assert.equal(((await api('GET', `reports/${node.report.id}`)).body.data as Json).privacy, 2);
  });

  it('makes several selected reports private at once, as from the context menu', async () => {
    await reset(12);
    await vscode.commands.executeCommand(COMMAND.refresh);
    const publics = [...reportsIn('good'), ...reportsIn('decent'), ...reportsIn('bad')].filter((n) => n.report.privacy === 0).slice(0, 2);
    assert.equal(publics.length, 2, 'two public reports to change');
    await vscode.commands.executeCommand(COMMAND.makePrivate, publics[0], publics);
    for (const node of publics) assert.equal(((await api('GET', `reports/${node.report.id}`)).body.data as Json).privacy, 1);
  });

  it('re-runs a report with PUT results=1', async () => {
    await reset(0);
    const created = await vscode.commands.executeCommand<Json>(COMMAND.createReport, `${pageUrl}/rerun`, { privacy: 0 });
    await clearRequests();
    const rerun = await vscode.commands.executeCommand<Json>(COMMAND.rerunReport, created.id);
    assert.ok(rerun);
    const puts = (await getRequests()).filter((r) => r.method === 'PUT');
    assert.equal(puts.length, 1);
    assert.equal(puts[0].body, 'results=1');
  });

  it('a failed re-run says why and offers Retry', async () => {
    await reset(0);
    const created = await vscode.commands.executeCommand<Json>(COMMAND.createReport, `${pageUrl}/rerun-fails`, { privacy: 0 });
    // Every try fails (the client retries a PUT on a 5xx before it gives up).
    await addFault({ method: 'PUT', path: `/api/v1/reports/${created.id}`, status: 500, body: { message: 'analysis crashed' }, times: 0 });
    try {
      assert.equal(await vscode.commands.executeCommand(COMMAND.rerunReport, created.id), undefined);
    } finally {
      await clearFaults();
    }
    assert.match(internals.ctx.failures.recent().at(-1) ?? '', /analysis crashed/);
    assert.equal(internals.ctx.failures.lastButtons()[0], 'Retry');
  });

  it('re-runs every selected report, as from the context menu', async () => {
    await reset(0);
    const a = await vscode.commands.executeCommand<Json>(COMMAND.createReport, `${pageUrl}/multi-a`, { privacy: 0 });
    const b = await vscode.commands.executeCommand<Json>(COMMAND.createReport, `${pageUrl}/multi-b`, { privacy: 0 });
    await clearRequests();
    await vscode.commands.executeCommand(COMMAND.rerunReport, a, [a, b]);
    const puts = (await getRequests())
      .filter((r) => r.method === 'PUT')
      .map((r) => r.path)
      .sort();
    assert.deepEqual(puts, [`/api/v1/reports/${a.id}`, `/api/v1/reports/${b.id}`].sort());
  });

  it('deletes several reports and reports a partial failure exactly', async () => {
    await reset(6);
    await vscode.commands.executeCommand(COMMAND.refresh);
    const nodes = [...reportsIn('good'), ...reportsIn('decent'), ...reportsIn('bad')].slice(0, 3);
    assert.equal(nodes.length, 3);
    await addFault({ method: 'DELETE', path: `/api/v1/reports/${nodes[1].report.id}`, status: 500, times: 0 });
    await addFault({
      method: 'DELETE',
      path: `/api/v1/reports/${nodes[2].report.id}`,
      status: 403,
      body: { message: 'This action is unauthorized.' },
    });
    const outcome = await vscode.commands.executeCommand<{ deleted: unknown[]; failed: { id: unknown }[] }>(
      COMMAND.deleteReport,
      nodes[0],
      nodes,
    );
    assert.deepEqual(outcome.deleted.map(String), [String(nodes[0].report.id)]);
    assert.deepEqual(outcome.failed.map((f) => String(f.id)).sort(), [String(nodes[1].report.id), String(nodes[2].report.id)].sort());
    // The whole story in one notification: how many of how many, each failure with its own reason.
    const said = internals.ctx.failures.recent().at(-1) ?? '';
    assert.match(said, /Deleted 1 of 3 reports/);
    assert.match(said, /HTTP 500/);
    assert.match(said, /HTTP 403/);
    assert.notEqual(internals.ctx.model.status, 'signed-out', 'a 403 on one report does not sign out');
    assert.equal((await api('GET', `reports/${nodes[0].report.id}`)).status, 404);
    assert.equal((await api('GET', `reports/${nodes[1].report.id}`)).status, 200);
    assert.ok(internals.ctx.model.find(nodes[1].report.id), 'the failed one stays in the tree');
    assert.equal(internals.ctx.model.find(nodes[0].report.id), undefined);
  });

  it('copies a report URL', async () => {
    await reset(3);
    await vscode.commands.executeCommand(COMMAND.refresh);
    const node = [...reportsIn('good'), ...reportsIn('decent'), ...reportsIn('bad')][0];
    await vscode.commands.executeCommand(COMMAND.copyReportUrl, node);
    assert.equal(await vscode.env.clipboard.readText(), node.report.url);
  });
});
