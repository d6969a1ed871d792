// The report and account panels in a real VS Code: opening, one panel per report, each action's
// message handled through the typed report actions (checked on the service), the panel following
// changes made from the tree, restoring a panel from its saved state, a report in the real
// service's shape, and a hostile 10,000-deep record. The panels post their content to the
// webview; `contentOf`/`content` return what was posted last.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { ExtensionInternals } from '../../extension/extension';
import { ratingOf, roundedScore } from '../../core/checks/rating';
import { REAL_REPORT } from '../unit/webviews/realShapeReport';
import { activateExtension, addFault, apiKey, clearFaults, clearRequests, controlToken, getRequests, serviceUrl, waitFor } from './helpers';
import { COMMAND, REPORT_VIEW_TYPE } from '../../extension/ids';

type Json = Record<string, unknown>;

/** The gauge's label for a record in either shape: the score from the one rating function, rounded. */
function gaugeLabel(record: Json): RegExp {
  const score = ratingOf(record).score;
  assert.ok(score !== undefined, `a score in ${JSON.stringify(record).slice(0, 120)}`);
  return new RegExp(`aria-label="Score ${roundedScore(score)} of 100"`);
}

async function serviceReport(id: unknown): Promise<{ status: number; data?: Json }> {
  const res = await fetch(`${serviceUrl()}/api/v1/reports/${id}`, {
    headers: { authorization: `Bearer ${apiKey()}`, accept: 'application/json' },
  });
  return { status: res.status, data: res.ok ? ((await res.json()) as { data: Json }).data : undefined };
}

async function reset(seed: number): Promise<void> {
  const res = await fetch(`${serviceUrl()}/__control/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-control-token': controlToken() },
    body: JSON.stringify({ seed }),
  });
  assert.equal(res.status, 204);
}

describe('report and account panels', function () {
  this.timeout(60_000);
  let internals: ExtensionInternals;
  let first: Json;

  before(async () => {
    internals = (await activateExtension()).exports as ExtensionInternals;
    await vscode.workspace.getConfiguration('webReports').update('confirmDelete', false, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand(COMMAND.setApiKey, apiKey());
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.getConfiguration('webReports').update('confirmDelete', undefined, vscode.ConfigurationTarget.Global);
  });
  beforeEach(async () => {
    await reset(6);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.view.extension.webReports');
    await vscode.commands.executeCommand(COMMAND.refresh);
    const res = await fetch(`${serviceUrl()}/api/v1/reports?per_page=10`, { headers: { authorization: `Bearer ${apiKey()}` } });
    first = ((await res.json()) as { data: Json[] }).data.find((r) => r.privacy === 0)!;
    assert.ok(first, 'a public seeded report');
  });

  it('opens one panel per report with the report read from the service', async () => {
    await clearRequests();
    const panel = await vscode.commands.executeCommand<vscode.WebviewPanel>(COMMAND.openReport, first.id);
    assert.ok(panel, 'the command returns the panel');
    assert.equal(panel.viewType, REPORT_VIEW_TYPE);
    assert.ok(internals.reports.contentOf(first.id as number)?.includes(String(first.url).replace(/&/g, '&amp;')), 'the URL is shown');
    assert.match(panel.webview.html, /Content-Security-Policy/);
    assert.ok(!panel.webview.html.includes('class="analysis"'), 'the content is posted, not part of the HTML shell');
    assert.ok((await getRequests()).some((r) => r.method === 'GET' && r.path === `/api/v1/reports/${first.id}`));
    const again = await vscode.commands.executeCommand<vscode.WebviewPanel>(COMMAND.openReport, first.id);
    assert.equal(again, panel, 'the same panel is revealed');
  });

  it('opening a report the service does not have says so and leaves no empty panel', async () => {
    const panel = await vscode.commands.executeCommand<vscode.WebviewPanel | undefined>(COMMAND.openReport, 987654);
    assert.equal(panel, undefined);
    assert.equal(internals.reports.panelOf(987654), undefined);
  });

  it('re-run from the panel reaches the service and updates the panel', async () => {
    // A report of a page served on loopback: the re-run really fetches it (the seeded reports'
    // example.com addresses would mean traffic off this machine).
    // The page gets worse between the create and the re-run, so the score must change.
    let html =
      '<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Re-run page for the panel test</title><meta name="description" content="A page served on loopback for the panel re-run test of Website Reports, long enough."><link rel="canonical" href="/"></head><body><h1>Hi</h1></body></html>';
    const page = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(page.address() as AddressInfo).port}/panel-rerun`;
      const created = await vscode.commands.executeCommand<Json>(COMMAND.createReport, url, { privacy: 0 });
      const panel = await vscode.commands.executeCommand<vscode.WebviewPanel>(COMMAND.openReport, created.id);
      assert.ok(panel);
      const content = () => internals.reports.contentOf(created.id as number) ?? '';
      assert.match(content(), gaugeLabel(created));
      html = '<html><head><meta name="robots" content="noindex"></head><body><h1>a</h1><h1>b</h1><img src="x.png"></body></html>';
      await clearRequests();
      await internals.reports.handleMessage(created.id as number, { type: 'action', action: 'rerun' });
      const puts = (await getRequests()).filter((r) => r.method === 'PUT');
      assert.equal(puts.length, 1);
      assert.equal(puts[0].path, `/api/v1/reports/${created.id}`);
      assert.equal(puts[0].body, 'results=1');
      const stored = (await serviceReport(created.id)).data!;
      assert.notEqual(ratingOf(stored).score, ratingOf(created).score, 'the re-run rated the changed page');
      assert.match(content(), gaugeLabel(stored), 'the panel shows the new score');
    } finally {
      page.closeAllConnections();
      await new Promise((resolve) => page.close(resolve));
    }
  });

  it('change privacy from the panel: the QuickPick, then the service and the tree', async () => {
    await vscode.commands.executeCommand(COMMAND.openReport, first.id);
    await new Promise((r) => setTimeout(r, 1000)); // let the webview finish loading (it takes focus)
    const done = internals.reports.handleMessage(first.id as number, { type: 'action', action: 'changePrivacy' });
    // The privacy QuickPick opens on the current value (Public); move to Private and accept.
    // (No API tells when a QuickPick is shown; give the workbench time to render it.)
    await new Promise((r) => setTimeout(r, 1500));
    await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
    await new Promise((r) => setTimeout(r, 200));
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    try {
      // If the pick was not there to accept, fail in 15 s instead of hanging the suite.
      await Promise.race([
        done,
        new Promise((_, reject) => setTimeout(() => reject(new Error('the privacy pick was not answered')), 15_000)),
      ]);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen'); // nothing left open for the next tests
    }
    assert.equal((await serviceReport(first.id)).data?.privacy, 1);
    assert.equal(internals.ctx.model.find(first.id as number)?.privacy, 1);
    assert.match(internals.reports.contentOf(first.id as number) ?? '', /Private/);
  });

  it('copy URL and refresh from the panel', async () => {
    await vscode.commands.executeCommand(COMMAND.openReport, first.id);
    await internals.reports.handleMessage(first.id as number, { type: 'action', action: 'copyUrl' });
    assert.equal(await vscode.env.clipboard.readText(), first.url);
    await clearRequests();
    await internals.reports.handleMessage(first.id as number, { type: 'action', action: 'refresh' });
    assert.ok((await getRequests()).some((r) => r.path === `/api/v1/reports/${first.id}`));
  });

  it('delete from the panel deletes on the service and closes the panel', async () => {
    await vscode.commands.executeCommand(COMMAND.openReport, first.id);
    await internals.reports.handleMessage(first.id as number, { type: 'action', action: 'delete' });
    assert.equal((await serviceReport(first.id)).status, 404);
    await waitFor(() => internals.reports.panelOf(first.id as number) === undefined, 5000, 'the panel to close');
    assert.equal(internals.ctx.model.find(first.id as number), undefined);
  });

  it('follows a privacy change made from the tree', async () => {
    await vscode.commands.executeCommand<vscode.WebviewPanel>(COMMAND.openReport, first.id);
    const content = () => internals.reports.contentOf(first.id as number) ?? '';
    assert.match(content(), /Public/);
    await vscode.commands.executeCommand(COMMAND.changePrivacy, first.id, 2, 'pw-from-tree');
    await waitFor(() => /Password protected/.test(content()), 5000, 'the panel to show the new privacy');
  });

  it('ignores messages that are not part of the protocol', async () => {
    await vscode.commands.executeCommand(COMMAND.openReport, first.id);
    await clearRequests();
    for (const bad of [
      null,
      'rerun',
      { type: 'action', action: 'format-disk' },
      { type: 'action' },
      { type: 'command', command: 'workbench.action.quit' },
    ]) {
      await internals.reports.handleMessage(first.id as number, bad);
    }
    assert.equal((await getRequests()).length, 0);
  });

  it('restores a report panel from its saved state', async () => {
    const panel = vscode.window.createWebviewPanel(REPORT_VIEW_TYPE, 'restoring', vscode.ViewColumn.Active, {});
    await internals.reports.deserializeWebviewPanel(panel, { id: first.id });
    assert.ok(internals.reports.contentOf(first.id as number)?.includes(String(first.url).replace(/&/g, '&amp;')));
    assert.equal(internals.reports.panelOf(first.id as number), panel);
  });

  it('shows the account with the key source and the totals chart', async () => {
    const panel = await vscode.commands.executeCommand<vscode.WebviewPanel>(COMMAND.showAccount);
    assert.ok(panel);
    const account = (await (
      await fetch(`${serviceUrl()}/api/v1/account`, { headers: { authorization: `Bearer ${apiKey()}` } })
    ).json()) as { data: Json };
    const content = internals.account.content() ?? '';
    assert.ok(content.includes(String(account.data.email)));
    assert.match(content, /secret storage/);
    assert.match(content, /<svg/);
    assert.equal(content.includes(apiKey()), false, 'the key is never shown');
  });

  describe('records the service sends in other shapes', () => {
    afterEach(() => clearFaults());

    it("lists the checks of a report in the real service's shape, read in full from the service", async () => {
      // The service answers this report's GET with a record written from the real service's notes.
      await addFault({
        method: 'GET',
        path: `/api/v1/reports/${REAL_REPORT.id}`,
        status: 200,
        body: { data: REAL_REPORT, status: 200 },
        times: 0,
      });
      const panel = await vscode.commands.executeCommand<vscode.WebviewPanel>(COMMAND.openReport, REAL_REPORT.id);
      assert.ok(panel);
      const content = internals.reports.contentOf(REAL_REPORT.id) ?? '';
      const passed = Object.values(REAL_REPORT.results).filter((c) => c.passed === true).length;
      assert.match(content, new RegExp(`${passed} of 40 checks passed`));
      for (const text of [
        '404 page',
        'HTTPS encryption',
        'Meta description',
        'too many (at most 10)',
        'length must be 10–60',
        'Brand new check',
      ]) {
        assert.ok(content.includes(text), `the panel shows "${text}"`);
      }
      assert.match(content, /aria-label="Score 74 of 100"/);
      assert.match(content, /result-decent/);
    });

    it('a report nested 10,000 arrays deep renders, bounded, and the panel keeps working', async () => {
      let deep = '"bottom"';
      for (let i = 0; i < 10_000; i++) deep = `[${deep}]`;
      const body = `{"data":{"id":9102,"url":"https://deep.example/","result":55,"deep":${deep},"results":{"title":{"passed":false,"value":${deep}}}}}`;
      await addFault({ method: 'GET', path: '/api/v1/reports/9102', status: 200, body, contentType: 'application/json', times: 0 });
      const panel = await vscode.commands.executeCommand<vscode.WebviewPanel>(COMMAND.openReport, 9102);
      assert.ok(panel, 'the panel opened');
      const content = () => internals.reports.contentOf(9102) ?? '';
      assert.ok(content().includes('https://deep.example/'), 'the report is shown');
      assert.ok(content().includes('Title'), 'its check is listed');
      assert.ok(!content().includes('bottom'), 'nesting is cut');
      await clearRequests();
      await internals.reports.handleMessage(9102, { type: 'action', action: 'refresh' });
      assert.ok(
        (await getRequests()).some((r) => r.path === '/api/v1/reports/9102'),
        'refresh still reads it',
      );
      await vscode.commands.executeCommand(COMMAND.refresh);
      assert.equal(internals.reports.panelOf(9102), panel, 'the panel is still open after a tree refresh');
    });
  });
});
