// End to end against the local service in the real service's shapes (phpRank: `result` a score in
// percent, `results` an object of checks, 422 under `message`, 403 for a report that is not yours):
// a page that scores high lands under Good, a re-run after the page got worse moves it to Bad, a
// 422 reason reaches the user, and a 403 leaves the user signed in.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { ExtensionInternals } from '../../extension/extension';
import { ratingOf } from '../../core/checks/rating';
import { activateExtension, addFault, apiKey, clearFaults, resetService, serviceUrl, waitFor } from './helpers';
import { GOOD_PAGE, POOR_PAGE } from './sidebar/fixtures';
import { COMMAND } from '../../extension/ids';

type Json = Record<string, unknown>;

describe('against the real service’s shapes', function () {
  this.timeout(60_000);
  let internals: ExtensionInternals;
  let page: http.Server;
  let pageUrl: string;
  let html = GOOD_PAGE;

  const groupIds = (band: 'good' | 'decent' | 'bad') => internals.ctx.model.groups[band].items.map((r) => String(r.id));

  before(async () => {
    internals = (await activateExtension()).exports as ExtensionInternals;
    page = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
    await vscode.workspace.getConfiguration('webReports').update('baseUrl', serviceUrl(), vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand(COMMAND.setApiKey, apiKey());
    // The tree reveals only in a shown view.
    await vscode.commands.executeCommand('workbench.view.extension.webReports');
    await waitFor(() => internals.ctx.view.treeView.visible, 5000, 'the reports view to be shown');
  });
  after(async () => {
    page.closeAllConnections();
    await new Promise((resolve) => page.close(resolve));
    await clearFaults();
  });

  it('the service answers with a numeric score: a page that scores high is revealed under Good', async () => {
    await resetService(6);
    await vscode.commands.executeCommand(COMMAND.refresh);
    html = GOOD_PAGE;
    const report = await vscode.commands.executeCommand<Json>(COMMAND.createReport, `${pageUrl}/rated`, { privacy: 0 });
    assert.ok(report, 'created');
    assert.equal(typeof report.result, 'number', 'the real shape sends the score as `result`');
    assert.equal(ratingOf(report).band, 'good');
    assert.ok(groupIds('good').includes(String(report.id)), 'placed under Good by its score');
    await waitFor(
      () => internals.ctx.view.treeView.selection.some((n) => n.kind === 'report' && String(n.report.id) === String(report.id)),
      5000,
      'the new report to be revealed',
    );
  });

  it('a re-run after the page got worse moves the report to Bad', async () => {
    html = GOOD_PAGE;
    const report = await vscode.commands.executeCommand<Json>(COMMAND.createReport, `${pageUrl}/worse`, { privacy: 0 });
    assert.ok(groupIds('good').includes(String(report.id)));
    html = POOR_PAGE;
    const rerun = await vscode.commands.executeCommand<Json>(COMMAND.rerunReport, report.id);
    assert.ok(rerun, 're-run');
    assert.equal(ratingOf(rerun).band, 'bad');
    assert.ok(groupIds('bad').includes(String(report.id)), 'now under Bad');
    assert.ok(!groupIds('good').includes(String(report.id)), 'and no longer under Good');
  });

  it('a 422 with its reasons under `message` is shown with the reason', async () => {
    const result = await vscode.commands.executeCommand(COMMAND.createReport, 'http://127.0.0.1:9/unreachable', { privacy: 0 });
    assert.equal(result, undefined);
    const said = internals.ctx.failures.recent().at(-1) ?? '';
    assert.match(said, /was not created/);
    assert.match(said, /127\.0\.0\.1:9/, 'names the URL');
    assert.ok(said.length > 'Website Reports: the report for http://127.0.0.1:9/unreachable was not created. '.length + 5, said);
  });

  it('a 403 on a report says so and keeps the user signed in', async () => {
    await vscode.commands.executeCommand(COMMAND.refresh);
    const target = internals.ctx.model.groups.good.items[0] ?? internals.ctx.model.groups.bad.items[0];
    assert.ok(target, 'a report in the tree');
    await addFault({ method: 'PUT', path: `/api/v1/reports/${target.id}`, status: 403, body: { message: 'This action is unauthorized.' } });
    const result = await vscode.commands.executeCommand(COMMAND.changePrivacy, target.id, 1);
    assert.equal(result, undefined, 'not changed');
    const said = internals.ctx.failures.recent().at(-1) ?? '';
    assert.match(said, /403/);
    assert.notEqual(internals.ctx.model.status, 'signed-out', 'still signed in');
    const signedIn = await internals.ctx.connection.key();
    assert.ok(signedIn, 'the key is kept');
    await clearFaults();
  });

  it('a 403 on the account while setting a key keeps the key (the service knows it; it may not read the account)', async () => {
    await addFault({ method: 'GET', path: '/api/v1/account', status: 403, body: { message: 'This action is unauthorized.' } });
    const stored = await vscode.commands.executeCommand<boolean>(COMMAND.setApiKey, apiKey());
    assert.equal(stored, true, 'the key is stored');
    assert.equal(await internals.ctx.keys.source(new URL(serviceUrl()).origin), 'secret-storage');
    await clearFaults();
  });
});
