// Smoke suite: the extension loads, activates without contacting the service while its view is
// hidden, and registers every command it contributes.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, apiKey, clearRequests, EXTENSION_ID, getRequests, manifest, sleep, waitFor } from './helpers';

describe('activation', () => {
  it('the extension is present', () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} not found among ${vscode.extensions.all.length} extensions`);
  });

  it('activates without any request to the service while the view is hidden', async () => {
    const ext = await activateExtension();
    assert.equal(ext.isActive, true);
    // Give any eager refresh a moment to show itself.
    await sleep(1000);
    const requests = await getRequests();
    const seen = requests.map((r) => `${r.method} ${r.path}`);
    assert.ok(seen.length === 0, `requests reached the service before the view was opened: ${seen.join(', ')}`);
  });

  it('signing in while the view is hidden sends only the key check; showing the view loads three lists', async () => {
    await activateExtension();
    await clearRequests();
    assert.equal(await vscode.commands.executeCommand('webReports.setApiKey', apiKey()), true);
    await sleep(1000);
    assert.deepEqual(
      (await getRequests()).map((r) => `${r.method} ${r.path}`),
      ['GET /api/v1/account'],
      'nothing but the key check while the view is hidden',
    );
    await vscode.commands.executeCommand('workbench.view.extension.webReports');
    const lists = await waitFor(
      async () => {
        const seen = (await getRequests()).filter((r) => r.path === '/api/v1/reports');
        return seen.length >= 3 ? seen : undefined;
      },
      10_000,
      'the three group lists',
    );
    assert.deepEqual(lists.map((r) => r.query.result).sort(), ['bad', 'decent', 'good']);
    await vscode.commands.executeCommand('webReports.signOut');
    await vscode.commands.executeCommand('workbench.view.explorer');
  });

  it('registers every command of the contract (design.md) and contributes exactly those', async () => {
    const contract = [
      'webReports.setApiKey',
      'webReports.signOut',
      'webReports.refresh',
      'webReports.createReport',
      'webReports.changePrivacy',
      'webReports.makePublic',
      'webReports.makePrivate',
      'webReports.rerunReport',
      'webReports.deleteReport',
      'webReports.openReport',
      'webReports.showAccount',
      'webReports.search',
      'webReports.filterByProject',
      'webReports.sortBy',
      'webReports.clearFilters',
      'webReports.openReportUrl',
      'webReports.copyReportUrl',
      'webReports.loadMore',
      'webReports.reportUrlsInFile',
      'webReports.exportReports',
    ];
    const contributed = (manifest().contributes?.commands ?? []).map((c) => c.command);
    assert.deepEqual([...contributed].sort(), [...contract].sort());
    await activateExtension();
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.filter((c) => !registered.has(c));
    assert.ok(missing.length === 0, `contributed but not registered (${missing.length} of ${contributed.length}): ${missing.join(', ')}`);
  });
});
