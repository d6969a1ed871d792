// The KeyStore over VS Code's real SecretStorage (the extension's own): a stored key is bound to
// the origin it was checked on, the environment variable is the fallback, and a secret that is not
// ours reads as no key. Leaves the test key stored as it found it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionInternals } from '../../extension/extension';
import { activateExtension, apiKey, serviceUrl, waitFor } from './helpers';
import { COMMAND } from '../../extension/ids';

describe('KeyStore over the real SecretStorage', () => {
  let internals: ExtensionInternals;
  const origin = () => new URL(serviceUrl()).origin;

  before(async () => {
    internals = (await activateExtension()).exports as ExtensionInternals;
  });
  after(async () => {
    await vscode.commands.executeCommand(COMMAND.setApiKey, apiKey());
  });

  it('offers a stored key only to the origin it was stored for', async () => {
    const keys = internals.ctx.keys;
    const envKey = process.env.WEBREPORTS_API_KEY?.trim() || undefined;
    await keys.store('key-for-this-service', origin());
    assert.equal(await keys.get(origin()), 'key-for-this-service');
    assert.equal(await keys.source(origin()), 'secret-storage');
    assert.equal(await keys.get('https://elsewhere.example'), envKey, 'another origin gets no stored key (only the environment’s)');
    assert.equal(await keys.get(undefined), envKey, 'an unset or invalid base URL gets no stored key');
  });

  it('fires onDidChange when the key is deleted and then has none', async () => {
    const keys = internals.ctx.keys;
    let changes = 0;
    const listening = keys.onDidChange(() => changes++);
    try {
      await keys.store('another-key', origin());
      await keys.delete();
      assert.equal(await keys.source(origin()), process.env.WEBREPORTS_API_KEY?.trim() ? 'environment' : undefined);
      await waitFor(() => changes >= 1, 5000, 'a change event from the SecretStorage');
    } finally {
      listening.dispose();
    }
  });
});
