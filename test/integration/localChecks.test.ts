// The local checks in a real VS Code: an HTML file with faults gets Problems on the elements at
// fault (source `Website Reports (local)`), typing a fix removes its Problem, a page source with a
// build folder (`preview.dir`) gets its page's local Problems when the built file changes, the
// CodeLens puts the local score beside the published report's (a report the local service made of
// a loopback page), the setting off shows none, and Check Locally checks a whole folder.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { COMMAND } from '../../extension/ids';
import { activateExtension, apiKey, serviceUrl, sleep, waitFor } from './helpers';

const LOCAL = 'Website Reports (local)';

const FAULTY = [
  '<!doctype html>',
  '<html>',
  '<head><meta charset="utf-8"><title>Our little shop of hand-made things</title></head>',
  '<body><h1>Things</h1>',
  '<center>Welcome!</center>',
  '<img src="cup.jpg">',
  '<a href="https://example.org/" target="_blank">Friends</a>',
  '</body></html>',
  '',
].join('\n');

/** The published page: no title, no description, no lang (the service's report fails them). */
const PUBLISHED = '<html><head></head><body><h1>Post</h1><p>Short.</p></body></html>';
/** The same page as built now: title and lang fixed. */
const BUILT =
  '<!doctype html><html lang="en"><head><title>A first post about hand-made cups</title></head><body><h1>Post</h1></body></html>';

const codeOf = (d: vscode.Diagnostic) => (typeof d.code === 'object' ? String(d.code.value) : String(d.code));
const local = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source === LOCAL);
const setting = (on: boolean | undefined) =>
  vscode.workspace.getConfiguration('webReports').update('localChecks', on, vscode.ConfigurationTarget.Global);

describe('local checks: the page analysis in the editor', function () {
  this.timeout(90_000);
  let folder: vscode.Uri;
  let page: http.Server;
  let origin: string;
  /** What the "published" page serves now: a re-run reads it again. */
  let deployed = PUBLISHED;
  /** The page source of the published page, open after the third test. */
  let publishedSource: vscode.Uri | undefined;
  const write = (uri: vscode.Uri, text: string) => vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));

  before(async () => {
    await activateExtension();
    const root = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(root);
    folder = vscode.Uri.joinPath(root, 'local-checks');
    page = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(deployed));
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
  });
  after(async () => {
    await setting(undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    page.closeAllConnections();
    await new Promise((resolve) => page.close(resolve));
    await vscode.workspace.fs.delete(folder, { recursive: true }).then(undefined, () => undefined);
  });

  it('puts an HTML file’s failed checks on the elements at fault, and a typed fix removes its Problem', async () => {
    const file = vscode.Uri.joinPath(folder, 'shop.html');
    await write(file, FAULTY);
    const editor = await vscode.window.showTextDocument(file);
    const problems = await waitFor(() => (local(file).length >= 4 ? local(file) : undefined), 20_000, 'local Problems on the HTML file');
    const textOf = (key: string) => problems.filter((d) => codeOf(d) === key).map((d) => editor.document.getText(d.range));
    assert.deepEqual(textOf('image_keywords'), ['<img src="cup.jpg">']);
    assert.deepEqual(textOf('language'), ['<html>']);
    assert.deepEqual(textOf('unsafe_cross_origin_links'), ['<a href="https://example.org/" target="_blank">']);
    assert.deepEqual(textOf('deprecated_html_tags'), ['<center>']);
    assert.equal(textOf('https_encryption').length, 0, 'checked after deploy: no Problem');
    const code = problems.find((d) => codeOf(d) === 'language')?.code;
    assert.ok(typeof code === 'object' && /\/media\/checks\.md$/.test(code.target.path) && code.target.fragment === 'language');
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', file);
    assert.ok(
      lenses.some((l) => /^\$\(beaker\) Local \d+ \(\d+ of \d+ checks judged locally\)$/.test(l.command?.title ?? '')),
      lenses.map((l) => l.command?.title).join(' | '),
    );

    const img = problems.find((d) => codeOf(d) === 'image_keywords')!.range;
    const edit = new vscode.WorkspaceEdit();
    edit.insert(file, img.end.translate(0, -1), ' alt="A blue cup"');
    assert.ok(await vscode.workspace.applyEdit(edit));
    await waitFor(() => !local(file).some((d) => codeOf(d) === 'image_keywords'), 10_000, 'the alt Problem gone');
    assert.ok(
      local(file).some((d) => codeOf(d) === 'language'),
      'the others stay',
    );
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('shows no local Problems with webReports.localChecks off', async () => {
    await setting(false);
    try {
      const file = vscode.Uri.joinPath(folder, 'off.html');
      await write(file, FAULTY);
      await vscode.window.showTextDocument(file);
      await sleep(1500);
      assert.equal(local(file).length, 0);
      const shop = vscode.Uri.joinPath(folder, 'shop.html');
      assert.equal(local(shop).length, 0, 'turning it off clears the Problems shown');
    } finally {
      await setting(undefined);
    }
  });

  it('checks a page source when its built file changes, and puts the local score beside the published one', async () => {
    await vscode.workspace.getConfiguration('webReports').update('baseUrl', serviceUrl(), vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand(COMMAND.setApiKey, apiKey());
    assert.ok(
      await vscode.commands.executeCommand(COMMAND.createReport, `${origin}/blog/first-post`, { privacy: 0 }),
      'a published report',
    );
    const site = vscode.Uri.joinPath(folder, 'site');
    await write(
      vscode.Uri.joinPath(site, 'website-reports.json'),
      JSON.stringify({ sources: [{ url: `${origin}/blog/{slug}`, file: 'content/{slug}.md' }], preview: { dir: '_site' } }),
    );
    const source = vscode.Uri.joinPath(site, 'content/first-post.md');
    await write(source, '---\ntitle: A first post about hand-made cups\n---\n\n# Post\n');
    await vscode.window.showTextDocument(source);
    // Not built yet: the lens says so, and there are no local Problems.
    await waitFor(
      async () =>
        (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', source)).some((l) =>
          /not built yet/.test(l.command?.title ?? ''),
        ),
      20_000,
      'the lens saying the page is not built',
    );
    // The generator builds the page (its watch mode writes the file): the local checks follow.
    // Built without lang (the published page fails that too) and with a link the published page does
    // not have (target=_blank without rel): only the check where the two differ is a local Problem;
    // the one both fail is the published report's Problem alone, not said twice.
    const UNSAFE = '<a href="https://example.org/" target="_blank">Friends</a>';
    // A new file watcher takes a moment to start: a generator's first build comes well after the file
    // is opened (a build in the first 2 s is read once more by the extension, but a watcher that is
    // still starting may then miss the rebuild that follows).
    await sleep(1500);
    await write(
      vscode.Uri.joinPath(site, '_site/blog/first-post/index.html'),
      BUILT.replace('lang="en"', '').replace('</body>', `${UNSAFE}</body>`),
    );
    const published = () => vscode.languages.getDiagnostics(source).filter((d) => d.source === 'Website Reports');
    const problems = await waitFor(
      () => {
        const now = local(source);
        const differs = now.some((d) => codeOf(d) === 'unsafe_cross_origin_links');
        const repeated = now.some((d) => published().some((p) => codeOf(p) === codeOf(d)));
        return differs && !repeated && published().some((d) => codeOf(d) === 'language') ? now : undefined;
      },
      20_000,
      'a local Problem where the build differs from the published page, and none repeating a published one',
    );
    assert.ok(
      problems.every((d) => d.range.start.line === 0 || codeOf(d) === 'title'),
      'placed as the service’s findings are',
    );
    // Rebuilt with lang and without the link: the link's local Problem goes.
    await write(vscode.Uri.joinPath(site, '_site/blog/first-post/index.html'), BUILT);
    await waitFor(
      () => !local(source).some((d) => codeOf(d) === 'unsafe_cross_origin_links'),
      20_000,
      'the link’s local Problem gone after the rebuild',
    );
    const lens = await waitFor(
      async () =>
        (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', source))
          .map((l) => l.command?.title ?? '')
          .find((t) => /Local \d+ · published \d+/.test(t)),
      20_000,
      'the CodeLens with local and published',
    );
    assert.match(lens, /^\$\(beaker\) Local \d+ · published \d+ \([+-]?\d+\): \d+ checks? fixed(, \d+ newly failing)?$/);
    assert.match(lens, /[1-9]\d* checks? fixed/, 'the title and lang fixed locally');
    publishedSource = source;
  });

  it('after a re-run, the local lens compares with the new published score, the one the page’s own lens shows', async function () {
    const source = publishedSource;
    if (!source) this.skip();
    const titles = async () =>
      (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', source)).map((l) => l.command);
    const rerun = (await titles()).find((c) => c?.command === COMMAND.rerunReport);
    assert.ok(rerun, 'the page source’s Re-run');
    const publishedOf = (all: (vscode.Command | undefined)[]) => /published (\d+)/.exec(all.map((c) => c?.title).join('|'))?.[1];
    const before = publishedOf(await titles());
    // The page is deployed with its fixes (title, lang): the re-run scores it higher.
    deployed = BUILT;
    await vscode.commands.executeCommand(rerun.command, ...(rerun.arguments ?? []));
    const pageScore = (all: (vscode.Command | undefined)[]) =>
      /^\$\(globe\) [^·]+ · (\d+)/.exec(all.find((c) => c?.command === COMMAND.openReport)?.title ?? '')?.[1];
    const shown = await waitFor(
      async () => {
        const all = await titles();
        const now = pageScore(all);
        return now !== undefined && now !== before && publishedOf(all) === now ? now : undefined;
      },
      30_000,
      'the local lens’s published score to follow the re-run',
    );
    assert.notEqual(shown, before, 'the published score moved');
  });

  it('checks a page source from its preview origin when the source is saved', async () => {
    let served = BUILT.replace('lang="en"', '');
    const dev = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(served));
    await new Promise<void>((resolve) => dev.listen(0, '127.0.0.1', resolve));
    try {
      const devOrigin = `http://127.0.0.1:${(dev.address() as AddressInfo).port}`;
      const site = vscode.Uri.joinPath(folder, 'dev');
      await write(
        vscode.Uri.joinPath(site, 'website-reports.json'),
        JSON.stringify({ sources: [{ url: 'https://example.com/{slug}', file: '{slug}.md' }], preview: { origin: devOrigin } }),
      );
      const source = vscode.Uri.joinPath(site, 'about.md');
      await write(source, '---\ntitle: About us and our workshop\n---\n');
      const editor = await vscode.window.showTextDocument(source);
      await waitFor(() => local(source).some((d) => codeOf(d) === 'language'), 20_000, 'the preview’s missing lang on the source');
      // The dev server renders the saved source: the next fetch has the fix.
      served = BUILT;
      await editor.edit((e) => e.insert(new vscode.Position(3, 0), '\nMore text.\n'));
      await editor.document.save();
      await waitFor(() => !local(source).some((d) => codeOf(d) === 'language'), 20_000, 'the lang Problem gone after the save');
    } finally {
      dev.closeAllConnections();
      await new Promise((resolve) => dev.close(resolve));
    }
  });

  it('Check Locally on a folder checks every HTML file in it and sums them up', async () => {
    const pages = vscode.Uri.joinPath(folder, 'pages');
    await write(vscode.Uri.joinPath(pages, 'a.html'), FAULTY);
    await write(vscode.Uri.joinPath(pages, 'deep/b.htm'), FAULTY);
    await write(vscode.Uri.joinPath(pages, 'notes.txt'), 'not a page');
    const result = await vscode.commands.executeCommand<{ files: number; withProblems: number; problems: number }>(
      COMMAND.checkLocally,
      pages,
    );
    assert.equal(result?.files, 2);
    assert.equal(result?.withProblems, 2);
    assert.ok(
      local(vscode.Uri.joinPath(pages, 'deep/b.htm')).some((d) => codeOf(d) === 'language'),
      'Problems of a file not open',
    );
  });
});
