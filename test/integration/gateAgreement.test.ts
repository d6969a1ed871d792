// One config for the editor and CI: with a website-reports.json beside a file, the editor's
// Problems follow its rules (error → Error, warn → Warning, ignoreUrls → nothing) and agree, place
// by place, with what the command line's `check --format json` finds for the same file.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMMAND } from '../../extension/ids';
import { activateExtension, apiKey, serviceUrl, waitFor } from './helpers';
import { GOOD_PAGE, POOR_PAGE } from './sidebar/fixtures';

const CLI = path.resolve(__dirname, '..', '..', 'cli', 'main.js');

interface CliJson {
  urls: { url: string; occurrences: { file: string; line: number }[]; findings: { level: string; message: string }[] }[];
}

function runCli(cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH, WEBREPORTS_API_KEY: apiKey(), WEBREPORTS_BASE_URL: serviceUrl() };
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, 'check', '--format', 'json'], { cwd, env }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    );
  });
}

describe('website-reports.json: the editor and the command line agree', function () {
  this.timeout(90_000);
  let page: http.Server;
  let origin: string;
  let folder: vscode.Uri;

  before(async () => {
    await activateExtension();
    page = http.createServer((req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(req.url?.startsWith('/poor') ? POOR_PAGE : GOOD_PAGE),
    );
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
    await vscode.workspace.getConfiguration('webReports').update('baseUrl', serviceUrl(), vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand(COMMAND.setApiKey, apiKey());
    for (const p of ['/good', '/poor', '/poor-ignored']) {
      assert.ok(await vscode.commands.executeCommand(COMMAND.createReport, `${origin}${p}`, { privacy: 0 }), p);
    }
    const root = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(root);
    folder = vscode.Uri.joinPath(root, 'gate-agreement');
    const config = {
      ignoreUrls: [`${origin}/poor-ignored`],
      rules: [{ match: `${origin}/good`, minScore: 100, level: 'warn' }],
    };
    const write = (name: string, text: string) =>
      vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, name), new TextEncoder().encode(text));
    await write('website-reports.json', JSON.stringify(config, null, 2));
    await write(
      'links.md',
      `# Links\n\n- good: ${origin}/good\n- poor: ${origin}/poor\n- ignored: ${origin}/poor-ignored\n- none: ${origin}/no-report-here\n\nAgain: ${origin}/poor\n`,
    );
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    page.closeAllConnections();
    await new Promise((resolve) => page.close(resolve));
    await vscode.workspace.fs.delete(folder, { recursive: true }).then(undefined, () => undefined);
  });

  it('the Problems of the file are the error and warning findings of the command line, place by place', async () => {
    const uri = vscode.Uri.joinPath(folder, 'links.md');
    await vscode.window.showTextDocument(uri);
    const severity = (d: vscode.Diagnostic) =>
      d.severity === vscode.DiagnosticSeverity.Error ? 'error' : d.severity === vscode.DiagnosticSeverity.Warning ? 'warn' : 'other';
    const editor = await waitFor(
      () => {
        const found = vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Website Reports');
        return found.length >= 3 ? found : undefined;
      },
      20_000,
      'the Problems of links.md under the config',
    );
    const fromEditor = editor.map((d) => `${d.range.start.line + 1} ${severity(d)} ${d.message}`).sort();

    const run = await runCli(folder.fsPath);
    assert.equal(run.code, 1, `exit 1: an error-level finding (stderr: ${run.stderr.slice(0, 500)})`);
    const json = JSON.parse(run.stdout) as CliJson;
    const fromCli = json.urls
      .flatMap((u) =>
        u.findings
          .filter((f) => f.level === 'error' || f.level === 'warn')
          .flatMap((f) => u.occurrences.map((o) => `${o.line} ${f.level} ${f.message}`)),
      )
      .sort();

    assert.deepEqual(fromEditor, fromCli);
    assert.ok(
      fromEditor.some((line) => line.startsWith('3 warn ')),
      'the good page under its minScore rule is a warning',
    );
    assert.equal(fromEditor.filter((line) => / error /.test(line)).length, 2, 'the poor page is an error in both of its places');
    assert.ok(!fromEditor.some((line) => line.startsWith('5 ')), 'an ignored URL has no Problem');
  });
});
