// Quick fixes on plain HTML files (no page source, no report: local Problems only), each fixed at
// its own element through the edit its code action returns: a link opening a new tab, a <center>
// (offered with Ctrl+., as any kind), and a missing lang that takes the language most of the
// site's pages declare.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, waitFor } from './helpers';
import { fixOf, localOf as local, publishedOf as published } from './quickFixHelpers';

describe('quick fixes: a plain HTML file', function () {
  this.timeout(90_000);
  let root: vscode.Uri;

  before(async () => {
    await activateExtension();
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(folder);
    root = folder;
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('on a plain HTML file, a local Problem is fixed at its own element', async () => {
    const plain = vscode.Uri.joinPath(root, 'quick-fixes-plain.html');
    const links = '<a href="https://example.org/a" target="_blank">a</a> <a href="https://example.org/b" target="_blank">b</a>';
    await vscode.workspace.fs.writeFile(
      plain,
      new TextEncoder().encode(`<html lang="en"><head><title>Two links here</title></head><body>${links}</body></html>\n`),
    );
    try {
      const shown = await vscode.window.showTextDocument(plain);
      await waitFor(() => local(plain, 'unsafe_cross_origin_links').length === 2, 10_000, 'a local Problem on each link');
      assert.equal(published(plain, 'unsafe_cross_origin_links').length, 0, 'no page source: local Problems only');
      const action = await fixOf(plain, 'unsafe_cross_origin_links');
      assert.equal(action.title, 'Add rel="noopener" to the link');
      assert.ok(action.edit && (await vscode.workspace.applyEdit(action.edit)));
      assert.match(
        shown.document.getText(),
        /"https:\/\/example.org\/a" target="_blank" rel="noopener">a<\/a> <a href="https:\/\/example.org\/b" target="_blank">b/,
      );
      await waitFor(() => local(plain, 'unsafe_cross_origin_links').length === 1, 10_000, "the fixed link's Problem to go");
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    } finally {
      await vscode.workspace.fs.delete(plain).then(undefined, () => undefined);
    }
  });

  it('a <center> gets a quick fix from Ctrl+.: a <div> with a class to name, the CSS in its title', async () => {
    const plain = vscode.Uri.joinPath(root, 'quick-fixes-center.html');
    await vscode.workspace.fs.writeFile(
      plain,
      new TextEncoder().encode(
        '<html lang="en"><head><title>A centred offer</title></head><body>\n<center>Half price!</center>\n</body></html>\n',
      ),
    );
    try {
      const shown = await vscode.window.showTextDocument(plain);
      const problem = await waitFor(() => local(plain, 'deprecated_html_tags')[0], 10_000, 'the local <center> Problem');
      // As Ctrl+. asks: every kind, and only enabled actions are shown.
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', plain, problem.range);
      const center = actions.find((a) => a.edit && !a.disabled && /<center>/.test(a.title));
      assert.ok(center?.edit, actions.map((a) => a.title).join(' | '));
      assert.match(center.title, /text-align: center/, 'the CSS to give the class');
      assert.ok(await vscode.workspace.applyEdit(center.edit));
      assert.match(shown.document.getText(), /\n<div class="center">Half price!<\/div>\n/);
      await waitFor(() => local(plain, 'deprecated_html_tags').length === 0, 10_000, 'the <center> Problem to go');
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    } finally {
      await vscode.workspace.fs.delete(plain).then(undefined, () => undefined);
    }
  });

  it('without a "lang" in the config, the lang fix writes the language most of the site’s pages declare', async () => {
    // Pages in a language no other test writes, so it is surely the most common one.
    const site = vscode.Uri.joinPath(root, 'quick-fixes-dutch');
    const pages = Array.from({ length: 30 }, (_, i) => vscode.Uri.joinPath(site, `page-${i}.html`));
    for (const page of pages) {
      await vscode.workspace.fs.writeFile(
        page,
        new TextEncoder().encode('<!doctype html><html lang="nl"><head><title>Een pagina</title></head></html>\n'),
      );
    }
    const plain = vscode.Uri.joinPath(root, 'quick-fixes-no-lang.html');
    await vscode.workspace.fs.writeFile(
      plain,
      new TextEncoder().encode('<html><head><title>A page without a language</title></head><body></body></html>\n'),
    );
    try {
      const shown = await vscode.window.showTextDocument(plain);
      await waitFor(() => local(plain, 'language').length === 1, 10_000, 'the local lang Problem');
      // A look-up already under way when the pages were written answers without them: asked again.
      const action = await waitFor(
        async () => {
          const offered = await fixOf(plain, 'language');
          return /nl/.test(offered.title) ? offered : undefined;
        },
        20_000, // a language found before these pages existed is kept 10 s
        'the lang fix naming the site’s language',
      );
      assert.ok(action.edit && (await vscode.workspace.applyEdit(action.edit)), action.title);
      assert.match(shown.document.getText(), /^<html lang="nl">/);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    } finally {
      await vscode.workspace.fs.delete(plain).then(undefined, () => undefined);
      await vscode.workspace.fs.delete(site, { recursive: true }).then(undefined, () => undefined);
    }
  });
});
