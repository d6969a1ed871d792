// The history of report runs, end to end against the local service (the real service's shapes):
// a page made worse and re-run shows its newly failing checks in the report panel, "Copy Changes"
// returns (and puts on the clipboard) Markdown with both scores, the tree row shows the score and
// its tooltip the trend, and picking an earlier run in the panel compares with that one.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { ExtensionInternals } from '../../extension/extension';
import { COMMAND } from '../../extension/ids';
import type { Report } from '../../core/client/types';
import type { ReportsNode } from '../../core/list/treeNodes';
import { activateExtension, apiKey, serviceUrl, waitFor } from './helpers';
import { GOOD_PAGE, POOR_PAGE } from './sidebar/fixtures';

type Json = Record<string, unknown>;

describe('history of report runs', function () {
  this.timeout(90_000);
  let internals: ExtensionInternals;
  let page: http.Server;
  let pageUrl: string;
  let html = GOOD_PAGE;
  let report: Json;

  before(async () => {
    internals = (await activateExtension()).exports as ExtensionInternals;
    page = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
    await vscode.workspace.getConfiguration('webReports').update('baseUrl', serviceUrl(), vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand(COMMAND.setApiKey, apiKey());
  });
  after(async () => {
    page.closeAllConnections();
    await new Promise((resolve) => page.close(resolve));
  });

  it('a page made worse and re-run: the panel shows the newly failing checks and the score change', async () => {
    html = GOOD_PAGE;
    report = (await vscode.commands.executeCommand<Json>(COMMAND.createReport, `${pageUrl}/history-${Date.now()}`, { privacy: 0 }))!;
    assert.ok(report, 'created');
    await vscode.commands.executeCommand(COMMAND.openReport, report.id);
    const id = report.id as number;
    await waitFor(() => (internals.reports.contentOf(id) ?? '').includes('class="changes"'), 10_000, 'the changes section');
    assert.match(internals.reports.contentOf(id) ?? '', /No earlier run to compare with yet/, 'one run: nothing to compare yet');

    html = POOR_PAGE;
    const rerun = await vscode.commands.executeCommand<Json>(COMMAND.rerunReport, report.id);
    assert.ok(rerun, 're-run');
    // The panel follows the tree: a new rating means the record (and its history) is read again.
    await waitFor(() => /class="newly-failing"/.test(internals.reports.contentOf(id) ?? ''), 15_000, 'newly failing checks in the panel');
    const content = internals.reports.contentOf(id) ?? '';
    const before = Math.round(Number(report.result));
    const after = Math.round(Number(rerun.result));
    assert.ok(after < before, `the poor page scores lower (${before} → ${after})`);
    assert.ok(content.includes(`${before} → ${after}`), 'the score change a → b');
    const failing = /<ul class="newly-failing">(.*?)<\/ul>/s.exec(content)?.[1] ?? '';
    assert.ok((failing.match(/<li>/g) ?? []).length >= 1, 'at least one check newly failing');
    assert.match(content, /<svg class="sparkline" role="img" aria-label="[^"]*2 [^"]*"/, 'a sparkline with a text alternative');
    assert.equal(internals.reports.runsShown(id)?.length, 2, 'two runs known');
  });

  it('"Copy Changes" returns Markdown with the URL and both scores, and puts it on the clipboard', async () => {
    const markdown = await vscode.commands.executeCommand<string>(COMMAND.copyChanges, report.id);
    assert.ok(markdown, 'Markdown returned');
    const first = markdown.split('\n')[0];
    assert.ok(first.includes(String(report.url)), `the header names the URL: ${first}`);
    assert.match(first, /\d+ → \d+ \(-\d+\)/, 'both scores and the difference');
    assert.match(markdown, /\| Check \| Before \| After \|/, 'a table of the checks that changed');
    assert.match(markdown, /\| Passed \| Failed \|/, 'a check that went from passed to failed');
    assert.equal(await vscode.env.clipboard.readText(), markdown, 'the same text on the clipboard');
  });

  it('the tree row shows the score and the time; its tooltip the trend since the run before', async () => {
    await vscode.commands.executeCommand(COMMAND.refresh);
    const found = () =>
      (['good', 'decent', 'bad'] as const).flatMap((band) => internals.ctx.model.groups[band].items).find((r) => r.id === report.id);
    await waitFor(() => found() !== undefined, 10_000, 'the report in the tree');
    const shown = found() as Report;
    const node: ReportsNode = { kind: 'report', result: 'bad', report: shown };
    const item = internals.ctx.view.provider.getTreeItem(node);
    // "81 · /page", then the site and the time: the score leads the label, so no width hides it.
    const label = typeof item.label === 'string' ? item.label : String(item.label?.label);
    assert.match(label, /^\d+ · /, `the label "${label}" starts with the score`);
    assert.match(String(item.description), /ago|now/, `the description "${String(item.description)}" says when`);
    const resolved = await internals.ctx.view.provider.resolveTreeItem(item, node);
    const tooltip = resolved.tooltip instanceof vscode.MarkdownString ? resolved.tooltip.value : String(resolved.tooltip);
    assert.match(tooltip, /Trend: `\d+ → \d+ \(-\d+\) against the run /, tooltip);
  });

  it('an earlier run picked in the panel is the one compared with, also for "Copy Changes" there', async () => {
    html = GOOD_PAGE;
    const id = report.id as number;
    await vscode.commands.executeCommand(COMMAND.rerunReport, report.id);
    await waitFor(() => internals.reports.runsShown(id)?.length === 3, 15_000, 'three runs in the panel');
    // Against the run before (the poor one): checks fixed. Against the first (as good): none fixed.
    await waitFor(() => /class="fixed"/.test(internals.reports.contentOf(id) ?? ''), 5000, 'fixed checks against the poor run');
    await internals.reports.handleMessage(id, { type: 'compare', index: 0 });
    await waitFor(() => !/class="fixed"/.test(internals.reports.contentOf(id) ?? ''), 5000, 'the first run compared with');
    assert.match(internals.reports.contentOf(id) ?? '', /<option value="0" selected>/);
    await internals.reports.handleMessage(id, { type: 'action', action: 'copyChanges' });
    await waitFor(async () => /No check changed/.test(await vscode.env.clipboard.readText()), 5000, 'the picked comparison copied');
  });
});
