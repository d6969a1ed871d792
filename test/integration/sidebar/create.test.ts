// Creating reports in a real VS Code: from an argument or the URL under the cursor, one POST and
// the new report revealed in its group; a refusal creates nothing; a timed-out create is not
// created twice when tried again.
import * as assert from 'node:assert/strict';
import { ratingOf } from '../../../core/checks/rating';
import * as vscode from 'vscode';
import type { ExtensionInternals } from '../../../extension/extension';
import { addFault, clearFaults, clearRequests, getRequests, waitFor } from '../helpers';
import { api, Json, Rating, reset, signInAndShowView, startPage, treeOf } from './fixtures';
import { COMMAND } from '../../../extension/ids';

describe('sidebar: creating reports', function () {
  this.timeout(60_000);
  let internals: ExtensionInternals;
  let page: Awaited<ReturnType<typeof startPage>>;
  let pageUrl: string;
  const reportsIn = (result: Rating) => treeOf(internals).reportsIn(result);

  before(async () => {
    internals = await signInAndShowView();
    page = await startPage();
    pageUrl = page.url;
  });
  after(async () => {
    await page.close();
  });
  afterEach(() => clearFaults());

  it('creates a report from an argument, stores it once and reveals it in its group', async () => {
    await reset(6);
    await vscode.commands.executeCommand(COMMAND.refresh);
    await clearRequests();
    const url = `${pageUrl}/created-${Date.now()}`;
    const report = await vscode.commands.executeCommand<Json>(COMMAND.createReport, url, { privacy: 2, password: 'pw-123' });
    assert.ok(report, 'the command returns the created report');
    const posts = (await getRequests()).filter((r) => r.method === 'POST');
    assert.equal(posts.length, 1);
    assert.deepEqual(Object.fromEntries(new URLSearchParams(posts[0].body)), { url, privacy: '2', password: 'pw-123' });
    const stored = (await api('GET', `reports/${report.id}`)).body.data as Json;
    assert.equal(stored.url, url);
    assert.equal(stored.privacy, 2);
    // Placed by the one rating function: the real service's `result` is a score in percent.
    const result = ratingOf(stored).band as 'good' | 'decent' | 'bad';
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
    await vscode.commands.executeCommand(COMMAND.refresh);
    const url = `${pageUrl}/from-editor`;
    const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: `# Links\n\nSee [the page](${url}).\n` });
    const editor = await vscode.window.showTextDocument(doc);
    const offset = doc.getText().indexOf(url) + 10;
    const pos = doc.positionAt(offset);
    editor.selection = new vscode.Selection(pos, pos);
    // As from the editor's context menu, which passes the document's Uri first.
    const report = await vscode.commands.executeCommand<Json>(COMMAND.createReport, doc.uri, { privacy: 0 });
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
    const result = await vscode.commands.executeCommand(COMMAND.createReport, 'http://127.0.0.1:9/unreachable', { privacy: 0 });
    assert.equal(result, undefined);
    assert.equal(((await api('GET', 'reports')).body.meta as Json).total, 0);
    assert.equal((await getRequests()).filter((r) => r.method === 'POST').length, 1, 'one POST, no automatic retry');
  });

  it('a create that times out is not created twice when tried again', async () => {
    await reset(0);
    // The reset service reuses ids: the tree must not hold reports from before it.
    await vscode.commands.executeCommand(COMMAND.refresh);
    await clearRequests();
    const config = vscode.workspace.getConfiguration('webReports');
    await config.update('requestTimeoutSeconds', 1, vscode.ConfigurationTarget.Global); // create waits 4 s
    try {
      const url = `${pageUrl}/slow-create`;
      await addFault({ method: 'POST', path: '/api/v1/reports', delayMs: 10_000, times: 1 });
      const first = await vscode.commands.executeCommand(COMMAND.createReport, url, { privacy: 0 });
      assert.equal(first, undefined, 'the first attempt timed out');
      // The service finishes the delayed request after the client gave up.
      await waitFor(async () => ((await api('GET', 'reports')).body.meta as Json).total === 1, 15_000, 'the delayed create to be stored');
      const second = await vscode.commands.executeCommand<Json>(COMMAND.createReport, url, { privacy: 0 });
      assert.equal(second?.url, url, 'the second attempt finds the stored report');
      assert.equal(((await api('GET', 'reports')).body.meta as Json).total, 1, 'exactly one report');
      assert.equal((await getRequests()).filter((r) => r.method === 'POST').length, 1, 'one POST in all');
    } finally {
      await config.update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
