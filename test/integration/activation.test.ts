// Smoke suite: the extension loads, stays lazy while its view is hidden even when it holds a key
// (no request until the view is shown), and registers every command it contributes.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionInternals } from '../../extension/extension';
import { ENV_KEY_NAME } from '../../extension/shared/keyStore';
import { activateExtension, apiKey, clearRequests, EXTENSION_ID, getRequests, manifest, serviceUrl, sleep, waitFor } from './helpers';
import { COMMAND } from '../../extension/ids';

describe('activation', () => {
  it('the extension is present', () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} not found among ${vscode.extensions.all.length} extensions`);
  });

  it('activates by itself once the window is up, with no command run and no request sent', async () => {
    // Nothing in this run has called activate() or a command yet (this file runs first): only
    // onStartupFinished can have woken it. The badges, hovers and Problems of an open file need it.
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext);
    await waitFor(async () => (ext.isActive ? true : undefined), 30_000, 'activation on startup');
    await sleep(500);
    const seen = (await getRequests()).map((r) => `${r.method} ${r.path}`);
    assert.deepEqual(seen, [], 'activation sends nothing while signed out');
  });

  it('Sign Out with only the environment key says that key still signs in, not that a stored key was deleted', async () => {
    await activateExtension();
    await vscode.commands.executeCommand(COMMAND.signOut);
    process.env[ENV_KEY_NAME] = apiKey();
    try {
      assert.equal(await vscode.commands.executeCommand(COMMAND.signOut), 'environment-key-only');
    } finally {
      delete process.env[ENV_KEY_NAME];
    }
    assert.equal(await vscode.commands.executeCommand(COMMAND.signOut), 'signed-out');
  });

  it('signed in, it sends no request while the view is hidden; showing the view loads the three groups', async () => {
    // A key before activation: the test cannot write the extension's SecretStorage, but the
    // environment key is read the same way (and the extension host is this process).
    process.env[ENV_KEY_NAME] = apiKey();
    try {
      await clearRequests();
      const ext = await activateExtension();
      assert.equal(ext.isActive, true);
      const internals = ext.exports as ExtensionInternals;
      assert.equal(await internals.ctx.keys.source(new URL(serviceUrl()).origin), 'environment', 'signed in before the view opens');
      // What could wake a lazy view: a list setting changing while it is hidden.
      await vscode.workspace.getConfiguration('webReports').update('perPage', 50, vscode.ConfigurationTarget.Global);
      // Give any eager refresh a moment to show itself.
      await sleep(1000);
      const seen = (await getRequests()).map((r) => `${r.method} ${r.path}`);
      assert.ok(seen.length === 0, `requests reached the service before the view was opened: ${seen.join(', ')}`);
      await vscode.commands.executeCommand('workbench.view.extension.webReports');
      const lists = await waitFor(
        async () => {
          const listed = (await getRequests()).filter((r) => r.path === '/api/v1/reports');
          return listed.length >= 3 ? listed : undefined;
        },
        10_000,
        'the three group lists',
      );
      await sleep(500); // nothing more than the three should follow
      const all = await getRequests();
      assert.equal(all.length, 3, `exactly the three group lists: ${all.map((r) => `${r.method} ${r.path}`).join(', ')}`);
      assert.deepEqual(lists.map((r) => r.query.result).sort(), ['bad', 'decent', 'good']);
      assert.ok(lists.every((r) => r.query.per_page === '50' && r.headers.authorization === `Bearer ${apiKey()}`));
    } finally {
      // Hidden again before the settings change back, so the next test starts from a quiet view.
      await vscode.commands.executeCommand('workbench.view.explorer');
      delete process.env[ENV_KEY_NAME];
      await vscode.workspace.getConfiguration('webReports').update('perPage', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand(COMMAND.signOut);
    }
  });

  it('signing in while the view is hidden sends only the key check; showing the view loads three lists', async () => {
    await activateExtension();
    await clearRequests();
    assert.equal(await vscode.commands.executeCommand(COMMAND.setApiKey, apiKey()), true);
    await sleep(1000);
    assert.deepEqual(
      (await getRequests()).map((r) => `${r.method} ${r.path}`),
      ['GET /api/v1/account'],
      'nothing but the key check while the view is hidden',
    );
    await vscode.commands.executeCommand('workbench.view.extension.webReports');
    const lists = await waitFor(
      async () => {
        const seen = (await getRequests()).filter((r) => r.path === '/api/v1/reports');
        return seen.length >= 3 ? seen : undefined;
      },
      10_000,
      'the three group lists',
    );
    assert.deepEqual(lists.map((r) => r.query.result).sort(), ['bad', 'decent', 'good']);
    await vscode.commands.executeCommand(COMMAND.signOut);
    await vscode.commands.executeCommand('workbench.view.explorer');
  });

  it('registers every command of the one list (extension/commands.json) and contributes exactly those', async () => {
    // The contract list is the list the manifest and extension/ids.ts are generated from (a unit
    // test keeps those outputs fresh); read from the extension's own folder, as the host loaded it.
    const ext = await activateExtension();
    const listed = JSON.parse(fs.readFileSync(path.join(ext.extensionPath, 'extension', 'commands.json'), 'utf8')) as {
      commands: { id: string }[];
    };
    const contract = listed.commands.map((c) => c.id);
    assert.ok(contract.length > 20, `the list holds the commands (${contract.length})`);
    assert.deepEqual([...Object.values(COMMAND)].sort(), [...contract].sort(), 'extension/ids.ts names the listed commands');
    const contributed = (manifest().contributes?.commands ?? []).map((c) => c.command);
    assert.deepEqual([...contributed].sort(), [...contract].sort());
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.filter((c) => !registered.has(c));
    assert.ok(missing.length === 0, `contributed but not registered (${missing.length} of ${contributed.length}): ${missing.join(', ')}`);
  });
});
