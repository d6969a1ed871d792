// Search, project filter and sort in a real VS Code: sent to the service, shown in the view's
// message, the tree holding exactly what the service answers, and cleared again.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionInternals } from '../../../extension/extension';
import { clearFaults, clearRequests, getRequests } from '../helpers';
import { api, Json, Rating, reset, signInAndShowView, treeOf } from './fixtures';
import { COMMAND } from '../../../extension/ids';

describe('sidebar: search, project filter and sort', function () {
  this.timeout(60_000);
  let internals: ExtensionInternals;
  const reportsIn = (result: Rating) => treeOf(internals).reportsIn(result);

  before(async () => {
    internals = await signInAndShowView();
  });
  afterEach(() => clearFaults());

  it('sends search, project filter and sort to the service and clears them', async () => {
    await reset(30);
    await clearRequests();
    await vscode.commands.executeCommand(COMMAND.search, 'blog');
    await vscode.commands.executeCommand(COMMAND.filterByProject, 'www.example.com');
    await vscode.commands.executeCommand(COMMAND.sortBy, 'url', 'asc');
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
    await vscode.commands.executeCommand(COMMAND.clearFilters);
    const cleared = (await getRequests()).filter((r) => r.path === '/api/v1/reports').slice(-3);
    for (const r of cleared) {
      assert.equal(r.query.search, undefined);
      assert.equal(r.query.project, undefined);
      assert.equal(r.query.sort_by, 'id');
    }
    assert.equal(internals.ctx.view.treeView.message, undefined);
  });
});
