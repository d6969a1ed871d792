// Signing in from the sidebar in a real VS Code: a wrong key is refused and nothing is stored; a
// good key is checked against the account endpoint, then kept in SecretStorage.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionInternals } from '../../../extension/extension';
import { apiKey, clearFaults, getRequests, serviceUrl } from '../helpers';
import { extensionInternals, reset } from './fixtures';
import { COMMAND } from '../../../extension/ids';

describe('sidebar: sign-in', function () {
  this.timeout(60_000);
  let internals: ExtensionInternals;

  before(async () => {
    internals = await extensionInternals();
    await vscode.commands.executeCommand(COMMAND.signOut);
  });
  afterEach(() => clearFaults());

  it('refuses a wrong key with a clear outcome and stores nothing', async () => {
    await reset();
    const stored = await vscode.commands.executeCommand<boolean>(COMMAND.setApiKey, 'definitely-wrong-key');
    assert.equal(stored, false);
    assert.equal(await internals.ctx.keys.source(new URL(serviceUrl()).origin), undefined);
    const requests = await getRequests();
    assert.deepEqual(
      requests.map((r) => `${r.method} ${r.path}`),
      ['GET /api/v1/account'],
    );
    assert.equal(requests[0].headers.authorization, 'Bearer definitely-wrong-key');
  });

  it('checks a good key against the account endpoint and stores it in SecretStorage', async () => {
    await reset();
    const stored = await vscode.commands.executeCommand<boolean>(COMMAND.setApiKey, apiKey());
    assert.equal(stored, true);
    assert.equal(await internals.ctx.keys.source(new URL(serviceUrl()).origin), 'secret-storage');
    assert.equal(await internals.ctx.keys.get(new URL(serviceUrl()).origin), apiKey());
    const requests = await getRequests();
    assert.equal(requests[0].path, '/api/v1/account');
  });
});
