// The status bar item and the view's badge in a real VS Code: what they show comes from the totals
// the tree loaded from the service, they cost no request of their own, and they go away on sign-out.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionInternals } from '../../extension/extension';
import { activateExtension, apiKey, clearRequests, getRequests, resetService, serviceUrl, signIn, signOut, waitFor } from './helpers';
import { COMMAND } from '../../extension/ids';

type Totals = { good: number; decent: number; bad: number };

/** meta.total per result, asked of the service directly (of a URL search when given). */
async function serviceTotals(search?: string): Promise<Totals> {
  const out: Partial<Totals> = {};
  const searched = search === undefined ? '' : `&search=${encodeURIComponent(search)}&search_by=url`;
  for (const result of ['good', 'decent', 'bad'] as const) {
    const res = await fetch(`${serviceUrl()}/api/v1/reports?result=${result}&per_page=10${searched}`, {
      headers: { authorization: `Bearer ${apiKey()}`, accept: 'application/json' },
    });
    out[result] = Number(((await res.json()) as { meta: { total: number } }).meta.total);
  }
  return out as Totals;
}

describe('status bar item and badge', function () {
  this.timeout(60_000);
  let internals: ExtensionInternals;
  const bar = () => internals.statusBar;
  const setting = (value: boolean | undefined) =>
    vscode.workspace.getConfiguration('webReports').update('statusBar', value, vscode.ConfigurationTarget.Global);

  before(async () => {
    internals = (await activateExtension()).exports as ExtensionInternals;
  });
  after(async () => {
    await setting(undefined);
  });

  it('signed in: the totals per rating from the service, the account and refresh time in the tooltip, a click opens the account', async () => {
    await resetService();
    await signIn();
    await vscode.commands.executeCommand('workbench.view.extension.webReports');
    await vscode.commands.executeCommand(COMMAND.refresh);
    const t = await serviceTotals();
    assert.ok(t.good > 0 && t.decent > 0 && t.bad > 0, `seeded totals ${JSON.stringify(t)}`);
    const text = `$(globe) ${t.good} good · ${t.decent} decent · ${t.bad} bad`;
    await waitFor(() => bar().shown && bar().item.text === text, 10_000, `status bar "${text}" (has "${bar().item.text}")`);
    const tooltip = String(bar().item.tooltip);
    assert.match(tooltip, new RegExp(`^Website Reports: ${t.good} good, ${t.decent} decent, ${t.bad} bad$`, 'm'));
    assert.match(tooltip, /^Account: Demo User$/m, 'the name read when the key was checked');
    assert.match(tooltip, /^Last refreshed /m);
    assert.equal(bar().item.command, COMMAND.showAccount);
    assert.equal(bar().item.accessibilityInformation?.label, `Website Reports: ${t.good} good, ${t.decent} decent, ${t.bad} bad`);
  });

  it('signed in: the view badge counts the bad reports', async () => {
    const t = await serviceTotals();
    const badge = internals.ctx.view.treeView.badge;
    assert.deepEqual(badge, { value: t.bad, tooltip: `${t.bad} reports rated bad` });
  });

  it('follows a delete without a reload, and costs no request of its own', async () => {
    const t = await serviceTotals();
    const res = await fetch(`${serviceUrl()}/api/v1/reports?result=bad&per_page=10`, { headers: { authorization: `Bearer ${apiKey()}` } });
    const bad = ((await res.json()) as { data: { id: number }[] }).data[0];
    await vscode.workspace.getConfiguration('webReports').update('confirmDelete', false, vscode.ConfigurationTarget.Global);
    try {
      await vscode.commands.executeCommand(COMMAND.deleteReport, bad.id);
    } finally {
      await vscode.workspace.getConfiguration('webReports').update('confirmDelete', undefined, vscode.ConfigurationTarget.Global);
    }
    await waitFor(() => bar().item.text.endsWith(`· ${t.bad - 1} bad`), 10_000, `bad total ${t.bad - 1} (has "${bar().item.text}")`);
    assert.equal(internals.ctx.view.treeView.badge?.value, t.bad - 1);
    await clearRequests();
    await setting(false);
    await waitFor(() => !bar().shown, 5000, 'hidden with webReports.statusBar off');
    await setting(true);
    await waitFor(() => bar().shown, 5000, 'shown again with webReports.statusBar on');
    assert.deepEqual(await getRequests(), [], 'the status bar asked the service');
  });

  it('a searched list: the status bar says "(filtered)" and names the search, as does the badge; cleared, it says neither', async () => {
    const res = await fetch(`${serviceUrl()}/api/v1/reports?result=bad&per_page=10`, { headers: { authorization: `Bearer ${apiKey()}` } });
    const bad = ((await res.json()) as { data: { url: string }[] }).data[0];
    const search = new URL(bad.url).host;
    const t = await serviceTotals(search);
    const all = await serviceTotals();
    assert.ok(t.bad > 0 && t.good + t.decent + t.bad < all.good + all.decent + all.bad, `the search narrows: ${JSON.stringify(t)}`);
    try {
      await vscode.commands.executeCommand(COMMAND.search, search);
      const text = `$(globe) ${t.good} good · ${t.decent} decent · ${t.bad} bad (filtered)`;
      await waitFor(() => bar().item.text === text, 10_000, `status bar "${text}" (has "${bar().item.text}")`);
      const tooltip = String(bar().item.tooltip);
      assert.match(tooltip, new RegExp(`^Website Reports, filtered list: ${t.good} good, ${t.decent} decent, ${t.bad} bad$`, 'm'));
      assert.ok(tooltip.split('\n').includes(`Filter: URL contains “${search}”`), tooltip);
      assert.equal(
        bar().item.accessibilityInformation?.label,
        `Website Reports, filtered list: ${t.good} good, ${t.decent} decent, ${t.bad} bad`,
      );
      const counted = t.bad === 1 ? '1 report rated bad' : `${t.bad} reports rated bad`;
      assert.deepEqual(internals.ctx.view.treeView.badge, { value: t.bad, tooltip: `${counted} (filtered: URL contains “${search}”)` });
    } finally {
      await vscode.commands.executeCommand(COMMAND.clearFilters);
    }
    const text = `$(globe) ${all.good} good · ${all.decent} decent · ${all.bad} bad`;
    await waitFor(() => bar().item.text === text, 10_000, `status bar "${text}" after clearing (has "${bar().item.text}")`);
    assert.doesNotMatch(String(bar().item.tooltip), /filtered|Filter:/);
  });

  it('signed out: hidden, and no badge', async () => {
    await signOut();
    await waitFor(() => !bar().shown, 5000, 'the status bar item hidden after sign-out');
    assert.equal(internals.ctx.view.treeView.badge, undefined);
  });
});
