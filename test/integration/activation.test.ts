// Smoke suite: the extension loads, activates without contacting the service while its view is
// hidden, and registers every command it contributes.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, EXTENSION_ID, getRequests, manifest, sleep } from './helpers';

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

  it('registers every command in contributes.commands', async function () {
    const contributed = (manifest().contributes?.commands ?? []).map((c) => c.command);
    if (contributed.length === 0) this.skip(); // nothing contributed yet
    await activateExtension();
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.filter((c) => !registered.has(c));
    assert.ok(missing.length === 0, `contributed but not registered (${missing.length} of ${contributed.length}): ${missing.join(', ')}`);
  });
});
