// The "URLs in Workspace" view against the local service: the URLs of two files of the workspace,
// one with a report (Good) and one without (No report), with their places; an edit moves and adds
// places without a rescan; a file deleted takes its URLs with it; the view's tree shows the groups.
// Under a website-reports.json, the view lists exactly what `check --dump` lists in that folder.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMMAND } from '../../extension/ids';
import { activateExtension, apiKey, serviceUrl, waitFor } from './helpers';
import { GOOD_PAGE } from './sidebar/fixtures';

interface Result {
  url: string;
  rating: string;
  score?: number;
  reportId?: string | number;
  occurrences: { uri: vscode.Uri; line: number }[];
}

const UNRATED = 'https://unrated.example.test/page';
const ADDED = 'https://added.example.test/new';

describe('URLs in Workspace', function () {
  this.timeout(60_000);
  let page: http.Server;
  let rated: string;
  let folder: vscode.Uri;

  const results = async () => (await vscode.commands.executeCommand<Result[]>(COMMAND.workspaceUrls)) ?? [];
  const find = async (url: string) => (await results()).find((r) => r.url === url);

  before(async () => {
    await activateExtension();
    page = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(GOOD_PAGE));
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    rated = `http://127.0.0.1:${(page.address() as AddressInfo).port}/workspace-rated`;
    await vscode.workspace.getConfiguration('webReports').update('baseUrl', serviceUrl(), vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand(COMMAND.setApiKey, apiKey());
    const report = await vscode.commands.executeCommand<{ id: number }>(COMMAND.createReport, rated, { privacy: 0 });
    assert.ok(report, 'a report for the rated URL');
    const root = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(root, 'a workspace folder');
    folder = vscode.Uri.joinPath(root, 'workspace-urls');
    await vscode.workspace.fs.writeFile(
      vscode.Uri.joinPath(folder, 'a.md'),
      new TextEncoder().encode(`# A\n\nSee [the page](${rated}).\n`),
    );
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'b.md'), new TextEncoder().encode(`# B\n${UNRATED}\n`));
  });
  after(async () => {
    page.closeAllConnections();
    await new Promise((resolve) => page.close(resolve));
    await vscode.workspace.fs.delete(folder, { recursive: true }).then(undefined, () => undefined);
  });

  it('lists the URLs of both files once, rated or not, with their places', async () => {
    const good = await waitFor(
      async () => {
        const r = await find(rated);
        return r?.rating === 'good' ? r : undefined;
      },
      20_000,
      'the rated URL under Good',
    );
    assert.ok(typeof good.score === 'number' && good.reportId !== undefined, 'score and report id');
    assert.equal(good.occurrences.length, 1);
    assert.ok(good.occurrences[0].uri.path.endsWith('/workspace-urls/a.md'), good.occurrences[0].uri.toString());
    assert.equal(good.occurrences[0].line, 3);
    const none = await waitFor(() => find(UNRATED), 10_000, 'the unrated URL');
    assert.equal(none.rating, 'none');
    assert.equal(none.reportId, undefined);
    assert.deepEqual(
      none.occurrences.map((o) => [o.uri.path.split('/').pop(), o.line]),
      [['b.md', 2]],
    );
    const all = await results();
    assert.equal(new Set(all.map((r) => r.url)).size, all.length, 'each URL once');
  });

  it('an edit adds a URL and moves the places below it, without a rescan', async () => {
    const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder, 'b.md'));
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, new vscode.Position(1, 0), `${ADDED}\n\n`);
    assert.ok(await vscode.workspace.applyEdit(edit));
    const added = await waitFor(() => find(ADDED), 10_000, 'the added URL');
    assert.deepEqual(
      added.occurrences.map((o) => o.line),
      [2],
    );
    assert.equal(added.rating, 'none');
    await waitFor(async () => (await find(UNRATED))?.occurrences[0].line === 4, 5000, 'the unrated URL moved to line 4');
    assert.ok(await document.save(), 'saved');
  });

  it('a file deleted takes its URLs with it', async () => {
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder, 'a.md'));
    await waitFor(async () => (await find(rated)) === undefined, 10_000, 'the rated URL gone with its file');
    assert.ok(await find(UNRATED), 'the other file stays');
  });
});

describe('URLs in Workspace under a website-reports.json', function () {
  this.timeout(90_000);
  const CLI = path.resolve(__dirname, '..', '..', 'cli', 'main.js');
  let folder: vscode.Uri;

  const write = (name: string, text: string) =>
    vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, name), new TextEncoder().encode(text));
  const dump = () =>
    new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [CLI, 'check', '--dump'], { cwd: folder.fsPath, env: { PATH: process.env.PATH } }, (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      ),
    );

  before(async () => {
    await activateExtension();
    const root = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(root, 'a workspace folder');
    folder = vscode.Uri.joinPath(root, 'workspace-urls-config');
    // include by the core's patterns only; an exclude with braces (VS Code's glob engine dropped it).
    const config = {
      include: ['**/*.{md,html}'],
      exclude: ['{drafts,private}/**', '**/*.old.md'],
      ignoreUrls: ['https://ignored.config.example.test/**'],
    };
    await write('website-reports.json', JSON.stringify(config, null, 2));
    await write('page.md', '# Page\nhttps://listed.config.example.test/md\nhttps://ignored.config.example.test/x\n');
    await write('sub/page.html', '<a href="https://listed.config.example.test/html">x</a>\n');
    await write('notes.txt', 'https://not-included.config.example.test/txt\n');
    await write('drafts/draft.md', 'https://excluded.config.example.test/draft\n');
    await write('private/secret.md', 'https://excluded.config.example.test/private\n');
    await write('page.old.md', 'https://excluded.config.example.test/old\n');
  });
  after(async () => {
    await vscode.workspace.fs.delete(folder, { recursive: true }).then(undefined, () => undefined);
  });

  it('lists the places `check --dump` lists for the folder, no more', async () => {
    const cli = (await dump())
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [place, url] = line.split('\t');
        return `${place.split(':').slice(0, 2).join(':')} ${url}`;
      })
      .sort();
    assert.deepEqual(cli, ['page.md:2 https://listed.config.example.test/md', 'sub/page.html:1 https://listed.config.example.test/html']);
    const prefix = `${folder.path}/`;
    const inView = async () =>
      ((await vscode.commands.executeCommand<Result[]>(COMMAND.workspaceUrls)) ?? [])
        .flatMap((r) =>
          r.occurrences.filter((o) => o.uri.path.startsWith(prefix)).map((o) => `${o.uri.path.slice(prefix.length)}:${o.line} ${r.url}`),
        )
        .sort();
    let view: string[] = [];
    await waitFor(
      async () => {
        view = await inView();
        return view.length === cli.length && view.every((v, i) => v === cli[i]);
      },
      20_000,
      'the view to list what check --dump lists',
      500,
    ).catch(() => undefined);
    assert.deepEqual(view, cli);
  });
});
