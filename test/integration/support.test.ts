// Show Log: the extension's log in the Output panel, from the Command Palette or by id.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMAND } from '../../extension/ids';
import { activateExtension } from './helpers';

describe('Show Log', () => {
  it('shows the Website Reports log and says so', async () => {
    await activateExtension();
    assert.equal(await vscode.commands.executeCommand(COMMAND.showLog), true);
    assert.ok((await vscode.commands.getCommands(true)).includes(COMMAND.showLog));
  });
});
