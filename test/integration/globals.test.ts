// The extension leaves the shared extension host's process-wide state as it found it: undici's
// global dispatcher (which Node's own `fetch` uses, so other extensions keep VS Code's proxy
// support) and `globalThis.fetch`, before activation, after it, and after requests.
// The first snapshot is taken when mocha loads this file, before any suite runs (so before the
// activation suite activates the extension); the comparison runs in a root-level `after` hook,
// once every suite has made its requests through the extension, and after one more of its own.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, apiKey, clearRequests, EXTENSION_ID, getRequests, waitFor } from './helpers';
import { COMMAND } from '../../extension/ids';

const SYMBOLS = [Symbol.for('undici.globalDispatcher.1'), Symbol.for('undici.globalDispatcher.2')];

interface Snapshot {
  dispatchers: unknown[];
  fetch: unknown;
}

function snapshot(): Snapshot {
  return {
    dispatchers: SYMBOLS.map((s) => Object.getOwnPropertyDescriptor(globalThis, s)?.value),
    fetch: globalThis.fetch,
  };
}

function assertSame(now: Snapshot, before: Snapshot, when: string): void {
  SYMBOLS.forEach((symbol, i) => {
    assert.ok(now.dispatchers[i] === before.dispatchers[i], `${symbol.description} changed ${when}`);
  });
  assert.ok(now.fetch === before.fetch, `globalThis.fetch changed ${when}`);
}

const atLoad = snapshot();
const activeAtLoad = vscode.extensions.getExtension(EXTENSION_ID)?.isActive;

describe('process-wide state of the extension host', () => {
  it('is recorded before the extension is activated (compared after every suite)', () => {
    assert.equal(activeAtLoad, false, 'the first snapshot was taken before activation');
    // When the host already has a dispatcher, undici would not register one anyway: then this
    // suite checks that nothing replaces it, and test/unit/api/globals.test.ts covers the other case.
    const found = atLoad.dispatchers.map((d, i) => `${SYMBOLS[i].description}: ${d === undefined ? 'unset' : 'set'}`);
    console.log(`      before activation: ${found.join(', ')}`);
  });
});

after('process-wide state: as before activation, after every suite and one more request', async function () {
  this.timeout(30_000);
  const ext = await activateExtension();
  assert.equal(ext.isActive, true);
  assertSame(snapshot(), atLoad, 'by activation and the suites’ requests');
  await clearRequests();
  assert.equal(await vscode.commands.executeCommand(COMMAND.setApiKey, apiKey()), true);
  await waitFor(async () => (await getRequests()).some((r) => r.path === '/api/v1/account'), 10_000, 'the key check request');
  assertSame(snapshot(), atLoad, 'by a request');
  await vscode.commands.executeCommand(COMMAND.signOut);
});
