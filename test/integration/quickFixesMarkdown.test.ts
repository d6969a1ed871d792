// Quick fixes on a page source written in Markdown with YAML front matter: the page's report (a
// loopback page without title, description, alt texts or language) gives the file's Problems; the
// content fixes are snippets in the front matter and the body that leave the words to the person,
// and what the site's layout writes (the language, the charset, the viewport) gets no edit here.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { COMMAND } from '../../extension/ids';
import { activateExtension, apiKey, serviceUrl, waitFor } from './helpers';
import { actionsOf, fixOf, problemsOf } from './quickFixHelpers';
import { POOR_PAGE } from './sidebar/fixtures';

const SOURCE = '---\n# the post\ntitle: Post\ndescription:\n---\n\n# First post\n\n![](a.png)\n';

describe('quick fixes: a page source in Markdown', function () {
  this.timeout(90_000);
  let page: http.Server;
  let folder: vscode.Uri;
  let file: vscode.Uri;
  let editor: vscode.TextEditor;

  before(async () => {
    await activateExtension();
    page = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(POOR_PAGE));
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
    const root = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(root);
    folder = vscode.Uri.joinPath(root, 'quick-fixes-md');
    file = vscode.Uri.joinPath(folder, 'content/post.md');
    const write = (name: string, text: string) =>
      vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, name), new TextEncoder().encode(text));
    await write(
      'website-reports.json',
      JSON.stringify({ sources: [{ url: `${origin}/blog/{slug}`, file: 'content/{slug}.md' }] }, null, 2),
    );
    await write('content/post.md', SOURCE);
    await vscode.workspace.getConfiguration('webReports').update('baseUrl', serviceUrl(), vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand(COMMAND.setApiKey, apiKey());
    assert.ok(await vscode.commands.executeCommand(COMMAND.createReport, `${origin}/blog/post`, { privacy: 0 }), 'the page has a report');
    editor = await vscode.window.showTextDocument(file);
    await waitFor(() => problemsOf(file, 'image_keywords').length > 0, 20_000, 'Problems on the Markdown source');
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    page.closeAllConnections();
    await new Promise((resolve) => page.close(resolve));
    await vscode.workspace.fs.delete(folder, { recursive: true }).then(undefined, () => undefined);
  });

  /** Applies the fix of `check` in the active editor; returns the text and the selected text. */
  async function apply(check: string): Promise<{ text: string; selected: string; cursor: vscode.Position }> {
    const action = await fixOf(file, check);
    assert.notEqual(action.isPreferred, true, `${check}: a snippet, not applied as it is`);
    await vscode.window.showTextDocument(editor.document);
    assert.ok(action.edit && (await vscode.workspace.applyEdit(action.edit)), `${check}: applied`);
    const text = editor.document.getText();
    assert.ok(!text.includes('${'), `${check}: no snippet syntax in the file`);
    return { text, selected: editor.document.getText(editor.selection), cursor: editor.selection.active };
  }

  /** Leaves the snippet and takes the edit back: the file is as it was. */
  async function undo(): Promise<void> {
    await vscode.commands.executeCommand('leaveSnippet');
    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), SOURCE, 'one undo restores the text');
  }

  it('the title is selected, with the length the check wants', async () => {
    assert.match((await fixOf(file, 'title')).title, /10–60 characters; it has 4/);
    const { text, selected } = await apply('title');
    assert.equal(text, SOURCE, 'the title is kept, only selected');
    assert.equal(selected, 'Post');
    await vscode.commands.executeCommand('leaveSnippet');
  });

  it('the empty description gets an empty value with the cursor in it; the comment and key order stay', async () => {
    const { text, cursor } = await apply('meta_description');
    assert.equal(text, SOURCE.replace('description:\n', 'description: ""\n'));
    assert.deepEqual([cursor.line, cursor.character], [3, 'description: "'.length]);
    await undo();
  });

  it('the image gets an empty alt text with the cursor in it', async () => {
    const { text, cursor } = await apply('image_keywords');
    assert.equal(text, SOURCE, 'nothing is written for the person');
    assert.deepEqual([cursor.line, cursor.character], [8, 2], 'the cursor waits between the brackets');
    await vscode.commands.executeCommand('leaveSnippet');
  });

  it("the layout's checks get no edit in a Markdown page, and Fix All has nothing to do", async () => {
    for (const check of ['language', 'charset', 'meta_viewport']) {
      if (problemsOf(file, check).length === 0) continue;
      assert.equal((await actionsOf(file, check)).filter((a) => a.edit).length, 0, `${check}: no edit`);
    }
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', file);
    assert.ok(!lenses.some((l) => l.command?.command === COMMAND.fixAll), 'no "Fix N of M" lens');
    const outcome = await vscode.commands.executeCommand<{ fixed: string[]; skipped: { reason: string }[] }>(COMMAND.fixAll, file);
    assert.equal(outcome.fixed.length, 0);
    assert.equal(editor.document.getText(), SOURCE);
  });

  it('a fix that shows only after a deploy: the CodeLens says so and offers Re-run, until the report runs again', async () => {
    const action = await fixOf(file, 'meta_description');
    assert.equal(action.command?.command, COMMAND.quickFixApplied, 'the fix notes itself once applied');
    await vscode.window.showTextDocument(editor.document);
    assert.ok(action.edit && (await vscode.workspace.applyEdit(action.edit)));
    await vscode.commands.executeCommand(action.command.command, ...(action.command.arguments ?? []));
    const lensesNow = () => vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', file);
    const lenses = await waitFor(
      async () => {
        const found = await lensesNow();
        return found.some((l) => /1 fix made here: the report shows it after the next deploy/.test(l.command?.title ?? ''))
          ? found
          : undefined;
      },
      10_000,
      'the lens saying the fix shows after a deploy',
    );
    const rerun = lenses.find((l) => l.command?.command === COMMAND.rerunReport && /after deploy/.test(l.command.title));
    assert.ok(rerun?.command, 'Re-run is offered');
    await undo();
    await vscode.commands.executeCommand(rerun.command.command, ...(rerun.command.arguments ?? []));
    await waitFor(
      async () => !(await lensesNow()).some((l) => /fix made here/.test(l.command?.title ?? '')),
      30_000,
      'the note to go with the new run',
    );
  });
});
