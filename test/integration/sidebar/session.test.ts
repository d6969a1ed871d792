// The session in a real VS Code: a 401 flips the view to signed out, the stored key never goes to
// another base URL, and signing out deletes the key and clears the tree. It ends signed out; the
// other sidebar suites sign in in their `before`.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { ExtensionInternals } from '../../../extension/extension';
import { addFault, apiKey, clearFaults, serviceUrl, waitFor } from '../helpers';
import { reset, signInAndShowView, treeOf } from './fixtures';
import { COMMAND } from '../../../extension/ids';

describe('sidebar: the session', function () {
  this.timeout(60_000);
  let internals: ExtensionInternals;
  const tree = () => treeOf(internals).provider();

  before(async () => {
    internals = await signInAndShowView();
  });
  afterEach(() => clearFaults());

  it('a 401 flips the view to signed out', async () => {
    await reset(3);
    await addFault({ path: '/api/v1/reports', status: 401, body: { message: 'Unauthenticated.' }, times: 0 });
    await vscode.commands.executeCommand(COMMAND.refresh);
    assert.equal(internals.ctx.model.status, 'signed-out');
    assert.deepEqual(tree().getChildren(), []);
    await clearFaults();
    // Signing in again brings the tree back.
    await vscode.commands.executeCommand(COMMAND.setApiKey, apiKey());
    await waitFor(() => internals.ctx.model.status === 'ready', 10_000, 'the tree to load again');
  });

  it('never sends the stored key to another base URL', async () => {
    await reset(3);
    await vscode.commands.executeCommand(COMMAND.refresh);
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
      await vscode.commands.executeCommand(COMMAND.refresh);
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
    await vscode.commands.executeCommand(COMMAND.refresh);
    await waitFor(() => internals.ctx.model.status === 'ready', 10_000, 'the tree to load again');
  });

  it('signs out: the key is deleted and the tree cleared', async () => {
    await vscode.commands.executeCommand(COMMAND.signOut);
    assert.equal(await internals.ctx.keys.source(new URL(serviceUrl()).origin), undefined);
    assert.deepEqual(tree().getChildren(), []);
  });
});
