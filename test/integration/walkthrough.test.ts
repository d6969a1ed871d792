// The walkthrough in a real VS Code: the contribution as VS Code read it, the commands its steps
// wait on and link to exist once the extension is active, its media are inside the extension, and
// the workbench opens it by id. (That its steps show as done is checked from the Playwright side:
// test/host/ui/walkthrough.ts; VS Code has no API that reads a step's state.)
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, EXTENSION_ID } from './helpers';

interface Step {
  id: string;
  description: string;
  media: { markdown?: string; image?: string };
  completionEvents: string[];
}

describe('walkthrough', () => {
  it('is contributed with its four steps, each with a completion event and media inside the extension', async () => {
    const ext = await activateExtension();
    const walkthroughs = ext.packageJSON.contributes.walkthroughs as { id: string; steps: Step[] }[];
    assert.deepEqual(
      walkthroughs.map((w) => w.id),
      ['gettingStarted'],
    );
    const steps = walkthroughs[0].steps;
    assert.deepEqual(
      steps.map((s) => s.id),
      ['setBaseUrl', 'setApiKey', 'createReport', 'showAccount'],
    );
    for (const step of steps) {
      assert.ok(step.completionEvents.length > 0, `${step.id}: no completion event`);
      const media = step.media.markdown ?? step.media.image!;
      assert.ok(fs.existsSync(path.join(ext.extensionPath, media)), `${step.id}: ${media} is not in the extension`);
    }
  });

  it('waits on and links to commands that exist once the extension is active', async () => {
    await activateExtension();
    const all = new Set(await vscode.commands.getCommands(true));
    const steps = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.contributes.walkthroughs[0].steps as Step[];
    for (const step of steps) {
      const commands = [
        ...step.completionEvents.filter((e) => e.startsWith('onCommand:')).map((e) => e.slice('onCommand:'.length)),
        ...[...step.description.matchAll(/\(command:([\w.]+)/g)].map((m) => m[1]),
      ];
      for (const command of commands) assert.ok(all.has(command), `${step.id}: command ${command} is not registered`);
    }
  });

  it('opens by its id with workbench.action.openWalkthrough', async () => {
    // Resolves once the Welcome editor shows the walkthrough; throws for an unknown command.
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${EXTENSION_ID}#gettingStarted`, false);
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab, 'no active editor tab after opening the walkthrough');
    assert.equal(tab.input instanceof vscode.TabInputWebview || tab.input instanceof vscode.TabInputText, false);
    assert.match(tab.label, /Welcome|Walkthrough|Website Reports/i, `the active tab is "${tab.label}"`);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
