// A page's failed checks on the source file that produces it: a website-reports.json maps the
// blog's pages to Markdown files; the page (served on loopback, missing its title and description)
// has a report; opening its Markdown file shows the failed checks as Problems on the front-matter
// lines, a CodeLens at the top, and the quick fixes Open Report and Re-run.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { COMMAND } from '../../extension/ids';
import { activateExtension, apiKey, serviceUrl, waitFor } from './helpers';
import { POOR_PAGE } from './sidebar/fixtures';

describe('page sources: failed checks on the source file', function () {
  this.timeout(60_000);
  let page: http.Server;
  let origin: string;
  let folder: vscode.Uri;
  let source: vscode.Uri;

  before(async () => {
    await activateExtension();
    page = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(POOR_PAGE));
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
    await vscode.workspace.getConfiguration('webReports').update('baseUrl', serviceUrl(), vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand(COMMAND.setApiKey, apiKey());
    assert.ok(
      await vscode.commands.executeCommand(COMMAND.createReport, `${origin}/blog/first-post`, { privacy: 0 }),
      'the page has a report',
    );
    const root = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(root);
    folder = vscode.Uri.joinPath(root, 'page-sources');
    const write = (name: string, text: string) =>
      vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, name), new TextEncoder().encode(text));
    await write(
      'website-reports.json',
      JSON.stringify(
        {
          sources: [{ url: `${origin}/blog/{slug}`, file: 'content/blog/{slug}.md' }],
          rules: [{ match: `${origin}/blog/**`, minScore: 99 }],
        },
        null,
        2,
      ),
    );
    await write('content/blog/first-post.md', '---\ntitle: Post\ndescription: \n---\n\n# First post\n\nText.\n');
    source = vscode.Uri.joinPath(folder, 'content/blog/first-post.md');
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    page.closeAllConnections();
    await new Promise((resolve) => page.close(resolve));
    await vscode.workspace.fs.delete(folder, { recursive: true }).then(undefined, () => undefined);
  });

  it('shows the failed checks as Problems on the lines where they are fixed, with a CodeLens and quick fixes', async () => {
    await vscode.window.showTextDocument(source);
    const problems = await waitFor(
      () => {
        const found = vscode.languages.getDiagnostics(source).filter((d) => d.source === 'Website Reports');
        return found.length > 0 ? found : undefined;
      },
      20_000,
      'Problems on the source file',
    );
    // A check's code is { value, target }: the key, linking to its section of the shipped media/checks.md.
    const codeOf = (d: vscode.Diagnostic) => (typeof d.code === 'object' ? String(d.code.value) : String(d.code));
    const codes = problems.map(codeOf);
    const titleCode = problems.find((d) => codeOf(d) === 'title')?.code;
    assert.ok(typeof titleCode === 'object', 'the title Problem links somewhere');
    assert.match(titleCode.target.path, /\/media\/checks\.md$/);
    assert.equal(titleCode.target.fragment, 'title');
    assert.ok(
      fs.readFileSync(titleCode.target.fsPath, 'utf8').includes('\n## title\n'),
      'the shipped page has a section on the title check',
    );
    assert.ok(codes.includes('title'), `the title check failed on the page: ${codes.join(', ')}`);
    assert.equal(problems.find((d) => codeOf(d) === 'title')?.range.start.line, 1, 'on the front-matter title: line');
    if (codes.includes('meta_description')) assert.equal(problems.find((d) => codeOf(d) === 'meta_description')?.range.start.line, 2);
    // The config's minScore for the page shows on its own source file, on the first line.
    const minScore = await waitFor(
      () => vscode.languages.getDiagnostics(source).find((d) => d.code === 'min-score'),
      10_000,
      'the minScore Problem on the source file',
    );
    assert.match(minScore.message, /below the minimum 99/);
    assert.equal(minScore.range.start.line, 0);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', source);
    const titles = lenses.map((l) => l.command?.title ?? '');
    assert.ok(
      titles.some((t) => /failing check/.test(t)),
      `a CodeLens with the failing checks: ${titles.join(' | ')}`,
    );
    assert.ok(titles.includes('Re-run'), 'and Re-run');
    // Every Problem of the file in range: still one Open Report and one Re-run, of the page's report
    // (never a check key taken for a report id).
    const reportId = lenses.find((l) => /failing check/.test(l.command?.title ?? ''))?.command?.arguments?.[0];
    assert.ok(reportId !== undefined, 'the CodeLens names the report');
    const whole = new vscode.Range(0, 0, (await vscode.workspace.openTextDocument(source)).lineCount, 0);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', source, whole);
    // Ours only (the Markdown extension offers its own actions on the same range).
    const ours = actions.filter((a) => a.command?.command === COMMAND.openReport || a.command?.command === COMMAND.rerunReport);
    const names = ours.map((a) => a.title);
    assert.deepEqual(names.filter((n) => n === 'Open Report').length, 1, names.join(', '));
    assert.deepEqual(names.filter((n) => n === 'Re-run Analysis').length, 1, names.join(', '));
    for (const action of ours) assert.deepEqual(action.command?.arguments, [reportId], `${action.title} acts on the page's report`);
  });

  it('a published Problem on a line edited since says so, and offers Re-run first', async () => {
    const editor = await vscode.window.showTextDocument(source);
    const published = (check: string) =>
      vscode.languages
        .getDiagnostics(source)
        .find((d) => d.source === 'Website Reports' && (typeof d.code === 'object' ? d.code.value : d.code) === check);
    const before = await waitFor(() => published('title'), 20_000, 'the title Problem');
    assert.doesNotMatch(before.message, /changed since/);
    assert.equal(editor.document.lineAt(1).text, 'title: Post');
    try {
      assert.ok(await editor.edit((e) => e.replace(editor.document.lineAt(1).range, 'title: A first post about our hand-made cups')));
      const after = await waitFor(
        () => (/this line changed since/.test(published('title')?.message ?? '') ? published('title') : undefined),
        10_000,
        'the title Problem saying its line changed',
      );
      assert.match(after.message, /published .+; this line changed since: Re-run after the next deploy to confirm$/);
      assert.equal(after.range.start.line, 1);
      const description = published('meta_description');
      if (description) assert.doesNotMatch(description.message, /changed since/, 'a line not edited says nothing');
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', source, after.range);
      const ours = actions.filter((a) => a.command?.command === COMMAND.openReport || a.command?.command === COMMAND.rerunReport);
      assert.equal(ours[0]?.title, 'Re-run Analysis', ours.map((a) => a.title).join(', '));
    } finally {
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
    await waitFor(() => !/changed since/.test(published('title')?.message ?? 'changed since'), 10_000, 'the plain message back');
  });

  it('a file the sources do not map gets nothing', async () => {
    const other = vscode.Uri.joinPath(folder, 'notes.md');
    await vscode.workspace.fs.writeFile(other, new TextEncoder().encode('---\ntitle: x\n---\n'));
    await vscode.window.showTextDocument(other);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal(vscode.languages.getDiagnostics(other).filter((d) => d.source === 'Website Reports').length, 0);
  });
});
