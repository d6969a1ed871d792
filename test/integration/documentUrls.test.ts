// URLs in documents in a real VS Code: the hover shows a URL's rating, a bad URL becomes a
// problem with quick fixes, report-all creates exactly the new URLs of a file (≤ 3 in flight,
// counted where the service fetches the pages), and export writes every row of a filtered list.
import * as assert from 'node:assert/strict';
import { promises as fsp } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, apiKey, clearRequests, getRequests, resetService, serviceUrl, signIn, signOut, waitFor } from './helpers';
import { COMMAND } from '../../extension/ids';

type Json = Record<string, unknown>;

async function api(method: string, pathname: string, form?: Record<string, string>): Promise<Json> {
  const res = await fetch(`${serviceUrl()}/api/v1/${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${apiKey()}`,
      accept: 'application/json',
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  return (await res.json()) as Json;
}

const reset = (seed?: number): Promise<void> => resetService(seed);

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Integration page for document URLs</title><meta name="description" content="A page served on loopback for the Website Reports document URL tests, long enough to pass.">
<link rel="canonical" href="/"></head><body><h1>Hello</h1></body></html>`;

const settings = () => vscode.workspace.getConfiguration('webReports.documentUrls');

/** Shows `content` in an editor: a file on disk, so closing it asks nothing (an untitled one would be dirty). */
async function showText(content: string): Promise<vscode.TextEditor> {
  const file = path.join(await fsp.mkdtemp(path.join(os.tmpdir(), 'webreports-doc-')), 'links.md');
  await fsp.writeFile(file, content);
  return vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file));
}

async function firstReport(result: 'good' | 'bad'): Promise<Json> {
  const list = (await api('GET', `reports?result=${result}&per_page=10`)).data as Json[];
  assert.ok(list.length, `the seed holds a ${result} report`);
  return list[0];
}

describe('URLs in documents', function () {
  this.timeout(90_000);
  let page: http.Server;
  let pageUrl: string;
  let inFlight = 0;
  let mostInFlight = 0;

  before(async () => {
    await activateExtension();
    page = http.createServer((_req, res) => {
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      // Slow enough that creates overlap: the service fetches the page while the POST is open.
      setTimeout(() => {
        inFlight--;
        res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      }, 300);
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
    await reset();
    await signIn();
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await settings().update('diagnostics', undefined, vscode.ConfigurationTarget.Global);
    page.closeAllConnections();
    await new Promise((resolve) => page.close(resolve));
    await signOut();
    await reset();
  });
  afterEach(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('the hover of a URL with a report shows its rating and actions', async () => {
    const report = await firstReport('good');
    const editor = await showText(`Our page: ${report.url} (see above)\n`);
    const position = new vscode.Position(0, 'Our page: '.length + 8);
    const text = await waitFor(
      async () => {
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, position);
        const values = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value)));
        return values.find((v) => v.includes('Website Reports'));
      },
      10_000,
      'the Website Reports hover',
    );
    assert.match(text, /\*\*Good\*\* · score \d+/);
    assert.match(text, /command:webReports\.openReport\?/);
    assert.match(text, /Privacy: /);
  });

  it('a URL rated bad is a warning in Problems when the setting is on, with quick fixes', async () => {
    await settings().update('diagnostics', true, vscode.ConfigurationTarget.Global);
    const report = await firstReport('bad');
    const editor = await showText(`- [bad page](${report.url})\n`);
    const diagnostic = await waitFor(
      () => vscode.languages.getDiagnostics(editor.document.uri).find((d) => d.source === 'Website Reports'),
      10_000,
      'a Website Reports diagnostic',
    );
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Warning);
    // The code names the rule (a report id means nothing in Problems); the fixes still know the report.
    assert.equal(diagnostic.code, 'rating');
    assert.match(diagnostic.message, /Bad \(score \d+, \d+ checks? failed\)/);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      editor.document.uri,
      diagnostic.range,
    );
    const titles = actions.map((a) => a.title);
    assert.ok(titles.includes('Open Report') && titles.includes('Re-run Analysis'), titles.join(', '));
    const open = actions.find((a) => a.title === 'Open Report');
    assert.deepEqual(open?.command?.arguments, [report.id]);
    await settings().update('diagnostics', false, vscode.ConfigurationTarget.Global);
    await waitFor(() => vscode.languages.getDiagnostics(editor.document.uri).length === 0, 5000, 'the problem to go with the setting');
  });

  it('a report that changes is followed by the Problems of a file whose tab is not in front (no stale rating)', async () => {
    await settings().update('diagnostics', true, vscode.ConfigurationTarget.Global);
    const report = await firstReport('bad');
    const behind = await showText(`- [bad page](${report.url})\n`);
    await waitFor(
      () => vscode.languages.getDiagnostics(behind.document.uri).find((d) => d.source === 'Website Reports'),
      10_000,
      'the Problem of the bad URL',
    );
    // Another file in front: the first stays open, its tab behind.
    await showText('Nothing here.\n');
    assert.equal(
      vscode.window.visibleTextEditors.some((e) => e.document === behind.document),
      false,
      'the first file is no longer visible',
    );
    await vscode.workspace.getConfiguration('webReports').update('confirmDelete', false, vscode.ConfigurationTarget.Global);
    const deleted = await vscode.commands.executeCommand<{ deleted: unknown[] }>(COMMAND.deleteReport, report.id);
    await vscode.workspace.getConfiguration('webReports').update('confirmDelete', undefined, vscode.ConfigurationTarget.Global);
    assert.equal(deleted.deleted.length, 1);
    await waitFor(
      () => vscode.languages.getDiagnostics(behind.document.uri).every((d) => d.source !== 'Website Reports'),
      10_000,
      'the hidden file to drop the Problem of the deleted report',
    );
    await settings().update('diagnostics', false, vscode.ConfigurationTarget.Global);
    await reset();
  });

  it('report-all on a file of 12 URLs (4 already reported) creates exactly 8, at most 3 at a time', async () => {
    const urls = Array.from({ length: 12 }, (_, i) => `${pageUrl}/page?n=${i + 1}`);
    for (const url of urls.slice(0, 4)) await api('POST', 'reports', { url, privacy: '0' });
    const file = path.join(await fsp.mkdtemp(path.join(os.tmpdir(), 'webreports-it-')), 'links.md');
    await fsp.writeFile(file, urls.map((u, i) => `${i + 1}. [page ${i + 1}](${u})`).join('\n') + `\n\nAgain: ${urls[5]}\n`);
    await clearRequests();
    mostInFlight = 0;
    const result = await vscode.commands.executeCommand<{ created: unknown[]; skipped: unknown[]; failed: unknown[] }>(
      COMMAND.reportUrlsInFile,
      vscode.Uri.file(file),
      { confirm: false, privacy: 0 },
    );
    assert.equal(result.created.length, 8);
    assert.equal(result.skipped.length, 4);
    assert.deepEqual(result.failed, []);
    const posts = (await getRequests()).filter((r) => r.method === 'POST' && r.path === '/api/v1/reports');
    assert.equal(posts.length, 8);
    assert.deepEqual(new Set(posts.map((p) => new URLSearchParams(p.body).get('url'))), new Set(urls.slice(4)));
    assert.ok(mostInFlight <= 3, `at most 3 analyses at once, saw ${mostInFlight}`);
  });

  it('export writes every row of a 260-report filtered list', async () => {
    await reset(1040); // the seed spreads reports over 4 hosts: 260 on shop.example.org
    await vscode.commands.executeCommand(COMMAND.search, 'shop.example.org');
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'webreports-export-'));
    const csv = vscode.Uri.file(path.join(dir, 'reports.csv'));
    const json = vscode.Uri.file(path.join(dir, 'reports.json'));
    try {
      const written = await vscode.commands.executeCommand<{ written: number }>(COMMAND.exportReports, 'csv', csv);
      assert.equal(written.written, 260);
      const lines = (await fsp.readFile(csv.fsPath, 'utf8')).split('\r\n').filter(Boolean);
      assert.equal(lines.length, 261);
      assert.ok(lines.slice(1).every((l) => l.includes('shop.example.org')));
      await vscode.commands.executeCommand(COMMAND.exportReports, 'json', json);
      const records = JSON.parse(await fsp.readFile(json.fsPath, 'utf8')) as Json[];
      assert.equal(records.length, 260);
      assert.equal(new Set(records.map((r) => r.id)).size, 260);
    } finally {
      await vscode.commands.executeCommand(COMMAND.clearFilters);
      await reset();
    }
  });

  it('sends nothing for documents with the settings off, or while signed out', async () => {
    const report = await firstReport('good');
    await settings().update('decorations', false, vscode.ConfigurationTarget.Global);
    await settings().update('hover', false, vscode.ConfigurationTarget.Global);
    try {
      await clearRequests();
      const editor = await showText(`Off: ${report.url}\n`);
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        editor.document.uri,
        new vscode.Position(0, 8),
      );
      assert.ok(!hovers.some((h) => h.contents.some((c) => (typeof c === 'string' ? c : c.value).includes('Website Reports'))));
      await new Promise((r) => setTimeout(r, 1000));
      assert.deepEqual(await getRequests(), [], 'settings off');
    } finally {
      await settings().update('decorations', undefined, vscode.ConfigurationTarget.Global);
      await settings().update('hover', undefined, vscode.ConfigurationTarget.Global);
    }
    await signOut();
    try {
      await clearRequests();
      const editor = await showText(`Signed out: ${report.url}\n`);
      await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, new vscode.Position(0, 16));
      await new Promise((r) => setTimeout(r, 1000));
      assert.deepEqual(await getRequests(), [], 'signed out');
    } finally {
      await signIn();
    }
  });
});
