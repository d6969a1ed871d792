// The grouped tree in a real VS Code: three parallel first pages with the service's totals, paging
// a group, a service that never stops announcing pages, stale data, and the auto-refresh (on a
// clock driven by the test).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionInternals } from '../../../extension/extension';
import { IntervalClock, systemClock } from '../../../core/lifecycle/intervalClock';
import { addFault, clearFaults, clearRequests, getRequests, serviceUrl, waitFor } from '../helpers';
import { api, Json, Rating, reset, signInAndShowView, treeOf } from './fixtures';
import { COMMAND } from '../../../extension/ids';

describe('sidebar: the grouped tree', function () {
  this.timeout(60_000);
  let internals: ExtensionInternals;
  const tree = () => treeOf(internals).provider();
  const groups = () => treeOf(internals).groups();
  const reportsIn = (result: Rating) => treeOf(internals).reportsIn(result);

  before(async () => {
    internals = await signInAndShowView();
  });
  afterEach(() => clearFaults());

  it('shows Bad, Decent and Good (what needs work first, as URLs in Workspace) with the service totals after three parallel requests', async () => {
    await reset(60);
    await clearRequests();
    await vscode.commands.executeCommand(COMMAND.refresh);
    const requests = (await getRequests()).filter((r) => r.path === '/api/v1/reports');
    assert.equal(requests.length, 3);
    assert.deepEqual(requests.map((r) => r.query.result).sort(), ['bad', 'decent', 'good']);
    assert.ok(requests.every((r) => r.query.per_page === '25' && r.query.page === '1'));
    assert.deepEqual(
      groups().map((g) => g.kind === 'group' && g.result),
      ['bad', 'decent', 'good'],
    );
    let sum = 0;
    for (const result of ['good', 'decent', 'bad'] as const) {
      const total = (await api('GET', `reports?result=${result}&per_page=10`)).body.meta as Json;
      const item = tree().getTreeItem({ kind: 'group', result });
      assert.equal(item.description, String(total.total));
      sum += Number(total.total);
    }
    assert.equal(sum, 60);
    // A row is cut by VS Code at its end, never by us in the middle: the path whole as the label,
    // the host (and port) whole first in the description, the whole URL in the spoken label.
    for (const node of reportsIn('bad').slice(0, 5)) {
      const item = tree().getTreeItem(node);
      const url = new URL(String(node.report.url));
      const label = typeof item.label === 'string' ? item.label : String(item.label?.label);
      const home = url.pathname === '/' && !url.search && !url.hash;
      assert.ok(label.endsWith(` · ${home ? url.host : url.pathname + url.search + url.hash}`), `"${label}" for ${url.href}`);
      assert.ok(!label.includes('…'), label);
      if (!home) {
        assert.ok(
          String(item.description).startsWith(`${url.protocol === 'http:' ? 'http://' : ''}${url.host} · `),
          String(item.description),
        );
      }
      assert.ok(String(item.accessibilityInformation?.label).startsWith(String(node.report.url)));
    }
  });

  it('shows the groups that answered while a slow one still loads (it spins, and says so to screen readers)', async () => {
    await reset(60);
    internals.ctx.model.clear(); // a first load: nothing held, nothing loaded before
    assert.deepEqual(groups(), []);
    // The first list request to reach the service waits 3 s; the other two answer at once.
    await addFault({ method: 'GET', path: '/api/v1/reports', delayMs: 3000, times: 1 });
    const refreshed = vscode.commands.executeCommand(COMMAND.refresh);
    const spinningGroups = () =>
      (['good', 'decent', 'bad'] as const).filter(
        (result) => (tree().getTreeItem({ kind: 'group', result }).iconPath as vscode.ThemeIcon).id === 'loading~spin',
      );
    // The two quick groups answer within the slow one's 3 s (on a loaded machine, one after the other).
    await waitFor(
      () => groups().length === 3 && spinningGroups().length === 1,
      2500,
      'the two quick groups to show their reports before the slow one answers',
    );
    assert.equal(internals.ctx.model.status, 'loading');
    const spinning = spinningGroups();
    assert.equal(spinning.length, 1, `one group still loading: ${spinning.join(',')}`);
    const slow = tree().getTreeItem({ kind: 'group', result: spinning[0] });
    assert.match(String(slow.accessibilityInformation?.label), /, loading$/);
    const answered = (['good', 'decent', 'bad'] as const).filter((r) => r !== spinning[0]);
    for (const result of answered) assert.ok(reportsIn(result).length > 0, `${result} shows its reports`);
    await refreshed;
    for (const result of ['good', 'decent', 'bad'] as const) {
      assert.notEqual((tree().getTreeItem({ kind: 'group', result }).iconPath as vscode.ThemeIcon).id, 'loading~spin');
      assert.ok(reportsIn(result).length > 0);
    }
  });

  it('pages through a group of 60 reports with per_page 25', async () => {
    // The demo seed spreads reports evenly over the three results: 180 gives 60 good ones.
    await reset(180);
    await vscode.workspace.getConfiguration('webReports').update('perPage', 25, vscode.ConfigurationTarget.Global);
    const group = internals.ctx.model.groups.good;
    const goodTotal = Number(((await api('GET', 'reports?result=good&per_page=10')).body.meta as Json).total);
    await vscode.commands.executeCommand(COMMAND.refresh);
    assert.equal(group.items.length, Math.min(25, goodTotal));
    let pages = 1;
    while (
      tree()
        .getChildren({ kind: 'group', result: 'good' })
        .some((n) => n.kind === 'loadMore')
    ) {
      await vscode.commands.executeCommand(COMMAND.loadMore, { kind: 'loadMore', result: 'good' });
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

  it('a service that keeps announcing empty next pages: a few requests, and the view says the list was cut', async () => {
    await reset(180); // 60 good reports
    await vscode.commands.executeCommand(COMMAND.refresh);
    await vscode.commands.executeCommand(COMMAND.loadMore, { kind: 'loadMore', result: 'good' });
    assert.ok(internals.ctx.model.groups.good.items.length > 25, 'a refresh wants more than one page of good reports back');
    // Every list answer from now on: no reports, "there is a next page", a total that never comes.
    const next = `${serviceUrl()}/api/v1/reports?page=2`;
    await addFault({ path: '/api/v1/reports', status: 200, body: { data: [], links: { next }, meta: { total: 999 } }, times: 500 });
    await clearRequests();
    await vscode.commands.executeCommand(COMMAND.refresh);
    const lists = (await getRequests()).filter((r) => r.path === '/api/v1/reports');
    assert.ok(lists.length <= 3, `one refresh sent ${lists.length} list requests`);
    const item = tree().getTreeItem({ kind: 'group', result: 'good' });
    assert.match(String(item.description), /list cut/);
    assert.match(String(item.tooltip), /empty/);
    assert.match(internals.ctx.view.treeView.message ?? '', /Good list cut/);
    assert.ok(
      !reportsIn('good').length &&
        !tree()
          .getChildren({ kind: 'group', result: 'good' })
          .some((n) => n.kind === 'loadMore'),
    );
    await clearFaults();
    await vscode.commands.executeCommand(COMMAND.refresh);
    assert.doesNotMatch(internals.ctx.view.treeView.message ?? '', /list cut/, 'a good answer ends the notice');
  });

  it('a network failure keeps the last tree and says it is stale', async () => {
    await reset(6);
    await vscode.commands.executeCommand(COMMAND.refresh);
    const before = internals.ctx.model.find(reportsIn('good')[0]?.report.id ?? reportsIn('bad')[0].report.id);
    await addFault({ path: '/api/v1/reports', drop: true, times: 0 });
    await vscode.commands.executeCommand(COMMAND.refresh);
    assert.equal(internals.ctx.model.status, 'stale');
    assert.match(internals.ctx.view.treeView.message ?? '', /Could not refresh/);
    assert.ok(before && internals.ctx.model.find(before.id), 'the last list is still shown');
    // Said once, at the top: no group repeats it in an error row.
    for (const result of ['good', 'decent', 'bad'] as const) {
      const rows = await tree().getChildren({ kind: 'group', result });
      assert.equal(rows?.filter((n) => n.kind === 'error').length ?? 0, 0, `${result}: no error row repeating the message`);
    }
  });

  it('auto-refreshes while the view is shown and pauses while it is hidden', async function () {
    this.timeout(60_000);
    await reset(3);
    await vscode.commands.executeCommand(COMMAND.refresh);
    const config = vscode.workspace.getConfiguration('webReports');
    const lists = async () => (await getRequests()).filter((r) => r.path === '/api/v1/reports').length;
    const view = internals.ctx.view;
    // The view's own timer source, driven by hand: the schedule is what is tested, not 30 s of waiting.
    const clock = new ManualClock();
    await config.update('autoRefreshSeconds', undefined, vscode.ConfigurationTarget.Global);
    view.clock = clock;
    try {
      await clearRequests();
      // 5 is below the floor: treated as 30 s (a tenth of the real service's 60 requests a minute).
      await config.update('autoRefreshSeconds', 5, vscode.ConfigurationTarget.Global);
      await waitFor(() => clock.running().length === 1, 5000, 'the auto-refresh timer');
      assert.deepEqual(clock.running(), [30_000], 'every 30 s, the floor');
      assert.equal(await lists(), 0, 'no refresh before the timer fires');
      clock.tick();
      await waitFor(async () => (await lists()) >= 3, 10_000, 'an automatic refresh');
      await vscode.commands.executeCommand('workbench.view.explorer');
      await waitFor(() => !view.treeView.visible, 5000, 'the reports view to be hidden');
      assert.deepEqual(clock.running(), [], 'the timer stops while the view is hidden');
      await new Promise((r) => setTimeout(r, 500)); // a refresh already under way may finish
      await clearRequests();
      clock.tick();
      assert.equal(await lists(), 0, 'no refresh while the view is hidden');
      await vscode.commands.executeCommand('workbench.view.extension.webReports');
      await waitFor(() => view.treeView.visible, 5000, 'the reports view to be shown again');
      await waitFor(() => clock.running().length === 1, 5000, 'the timer to run again once the view is shown');
    } finally {
      await config.update('autoRefreshSeconds', undefined, vscode.ConfigurationTarget.Global);
      view.clock = systemClock;
      await vscode.commands.executeCommand('workbench.view.extension.webReports');
      await waitFor(() => view.treeView.visible, 5000, 'the reports view to be shown again');
    }
  });

  it('turning the auto-refresh off stops its timer', async () => {
    const config = vscode.workspace.getConfiguration('webReports');
    const view = internals.ctx.view;
    const clock = new ManualClock();
    await config.update('autoRefreshSeconds', undefined, vscode.ConfigurationTarget.Global);
    view.clock = clock;
    try {
      await config.update('autoRefreshSeconds', 60, vscode.ConfigurationTarget.Global);
      await waitFor(() => clock.running().length === 1, 5000, 'the auto-refresh timer');
      assert.deepEqual(clock.running(), [60_000]);
      await config.update('autoRefreshSeconds', 0, vscode.ConfigurationTarget.Global);
      await waitFor(() => clock.running().length === 0, 5000, 'the timer to stop');
    } finally {
      await config.update('autoRefreshSeconds', undefined, vscode.ConfigurationTarget.Global);
      view.clock = systemClock;
    }
  });
});

/** A repeating-timer source that fires only when told to (stands in for Node's timers in this test). */
class ManualClock implements IntervalClock {
  private readonly timers = new Map<number, { run: () => void; everyMs: number }>();
  private next = 1;
  setInterval(run: () => void, everyMs: number): unknown {
    const id = this.next++;
    this.timers.set(id, { run, everyMs });
    return id;
  }
  clearInterval(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  /** The period of every running timer. */
  running(): number[] {
    return [...this.timers.values()].map((t) => t.everyMs);
  }
  tick(): void {
    for (const timer of [...this.timers.values()]) timer.run();
  }
}
