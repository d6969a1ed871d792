// One verdict on a page before it ships: the editor's local checks (Problems and the CodeLens) and
// `check --local <dir> --format json` judge the same HTML file alike — the same score, the same
// number of checks judged, the same failed checks — on the demo's own workspace (whose `{page}`
// source pattern maps `/offer.html` to a file that does not exist), and where `sources` map the
// HTML file itself (both then analyse it with its URL).
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { DEMO_HTML_FILE, DEMO_HTML_PAGE, writeDemoWorkspace } from '../../scripts/demoWorkspace';
import { activateExtension, waitFor } from './helpers';

const CLI = path.resolve(__dirname, '..', '..', 'cli', 'main.js');
const LOCAL = 'Website Reports (local)';
const SITE = 'http://127.0.0.1:9';

interface CliPage {
  url: string;
  score?: number;
  findings: { rule: string; level: string }[];
  local?: { judged?: number; total?: number; file?: string; source?: string };
}

function checkLocal(cwd: string, dir: string): Promise<CliPage[]> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [CLI, 'check', '--local', dir, '--format', 'json'],
      { cwd, env: { PATH: process.env.PATH } },
      (_e, stdout, stderr) => {
        try {
          resolve((JSON.parse(stdout) as { urls: CliPage[] }).urls);
        } catch {
          reject(new Error(`no JSON from check --local: ${stderr.slice(0, 500)}`));
        }
      },
    );
  });
}

const codeOf = (d: vscode.Diagnostic) => (typeof d.code === 'object' ? String(d.code.value) : String(d.code));

/** The editor's verdict on an HTML file: the lens's score and counts, the failed checks of its Problems. */
async function editorVerdict(file: vscode.Uri): Promise<{ score: number; judged: number; total: number; failed: string[] }> {
  await vscode.window.showTextDocument(file);
  return waitFor(
    async () => {
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', file);
      const lens = lenses.find((l) => /^\$\(beaker\) Local \d+/.test(l.command?.title ?? ''));
      const counts = /(\d+) of (\d+) checks judged locally/.exec(String(lens?.command?.tooltip ?? ''));
      const problems = vscode.languages.getDiagnostics(file).filter((d) => d.source === LOCAL);
      if (!lens || !counts || problems.length === 0) return undefined;
      const score = Number(/Local (\d+)/.exec(lens.command?.title ?? '')?.[1]);
      return { score, judged: Number(counts[1]), total: Number(counts[2]), failed: [...new Set(problems.map(codeOf))].sort() };
    },
    30_000,
    'the local Problems and CodeLens of the HTML file',
  );
}

describe('local checks: the editor and check --local give one verdict', function () {
  this.timeout(120_000);
  let folder: vscode.Uri;

  before(async () => {
    await activateExtension();
    const root = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(root);
    folder = vscode.Uri.joinPath(root, 'local-agreement');
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(folder, { recursive: true }).then(undefined, () => undefined);
  });

  const agree = async (dir: vscode.Uri, built: string, file: string) => {
    const editor = await editorVerdict(vscode.Uri.joinPath(dir, ...file.split('/')));
    const [page] = await checkLocal(dir.fsPath, built);
    const failed = page.findings.flatMap((f) => (f.rule.startsWith('check/') ? [f.rule.slice('check/'.length)] : [])).sort();
    assert.equal(Math.round(page.score ?? -1), editor.score, `score: ${JSON.stringify(page)}`);
    assert.equal(page.local?.judged, editor.judged, 'checks judged');
    assert.equal(page.local?.total, editor.total, 'checks in all');
    assert.deepEqual(failed, editor.failed, 'the failed checks');
    assert.ok(
      page.findings.filter((f) => f.rule.startsWith('check/')).every((f) => f.level === 'note'),
      'failed checks are notes',
    );
    return page;
  };

  it("the demo's static/offer.html: the same score, checks and failed checks; findings on the file that exists", async () => {
    const demo = vscode.Uri.joinPath(folder, 'demo');
    writeDemoWorkspace(demo.fsPath, SITE);
    const page = await agree(demo, 'static', DEMO_HTML_FILE);
    assert.equal(page.url, '/offer.html', 'the config knows no page /offer.html: named by its path, no URL');
    assert.equal(page.local?.source, undefined);
    assert.equal(page.local?.file, DEMO_HTML_FILE);
  });

  it('an HTML file the config’s sources map: both analyse it with its URL', async () => {
    const mapped = vscode.Uri.joinPath(folder, 'mapped');
    const config = { sources: [{ url: `${SITE}/{name}.html`, file: 'pages/{name}.html' }] };
    await vscode.workspace.fs.writeFile(
      vscode.Uri.joinPath(mapped, 'website-reports.json'),
      new TextEncoder().encode(JSON.stringify(config)),
    );
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(mapped, 'pages', 'offer.html'), new TextEncoder().encode(DEMO_HTML_PAGE));
    const page = await agree(mapped, 'pages', 'pages/offer.html');
    assert.equal(page.url, `${SITE}/offer.html`);
    assert.equal(page.local?.source, 'pages/offer.html');
  });
});
