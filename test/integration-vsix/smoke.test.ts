// A smoke of the installed .vsix: the copy VS Code runs is the one in the extensions dir, and it
// works from its packaged files — sign in, the tree with its totals, a report panel and the account
// panel whose scripts load (their `ready` arrives) — so a file left out of the package or a wrong
// `main` fails here.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionInternals } from '../../extension/extension';
import { activateExtension, apiKey, EXTENSION_ID, resetService, serviceUrl, waitFor } from '../integration/helpers';
import { COMMAND } from '../../extension/ids';

/**
 * Whether the panel's current document said `ready` (its script loaded and ran). Read from the
 * panel's WebviewChannel, a private field: an event subscribed after the command returned could miss
 * a `ready` that came first, the flag cannot.
 */
function channelReady(owner: unknown, key?: string): boolean {
  const o = owner as { channel?: { ready?: boolean }; panels?: Map<string, { channel: { ready?: boolean } }> };
  const channel = key === undefined ? o.channel : o.panels?.get(key)?.channel;
  return channel?.ready === true;
}

/**
 * Opens a panel (alone: other editors closed first) and waits for its script's `ready`. Once more if
 * it does not come: the browser workbench sometimes stalls a new webview while its service worker
 * changes hands ("Waiting for controllerchange" in the console), which says nothing about the
 * package. A script missing from the package never says `ready`, so both attempts fail.
 */
async function openUntilReady(
  kind: string,
  open: () => Thenable<vscode.WebviewPanel | undefined>,
  ready: () => boolean,
): Promise<vscode.WebviewPanel> {
  for (let attempt = 1; ; attempt++) {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const panel = await open();
    assert.ok(panel, `no ${kind} panel`);
    try {
      await waitFor(ready, 20_000, `the ${kind} webview's "ready" (its script)`);
      return panel;
    } catch (err) {
      if (attempt >= 2) throw err;
      console.log(`the ${kind} webview did not load in 20 s; closing it and opening it once more`);
      panel.dispose();
    }
  }
}

interface Manifest {
  contributes: { commands: { command: string; title: string }[] };
}

interface LocalisedManifest {
  contributes: { commands: { command: string; title: string | { value: string; original: string } }[] };
}

async function serviceJson(pathAndQuery: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${serviceUrl()}/api/v1/${pathAndQuery}`, {
    headers: { authorization: `Bearer ${apiKey()}`, accept: 'application/json' },
  });
  return (await res.json()) as Record<string, unknown>;
}

describe('the installed .vsix', function () {
  this.timeout(60_000);
  let internals: ExtensionInternals;

  it('is the copy installed in the extensions dir, at the version of package.json', () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is not installed`);
    const dir = process.env.WEBREPORTS_TEST_EXTENSIONS_DIR;
    assert.ok(dir, 'WEBREPORTS_TEST_EXTENSIONS_DIR is not set');
    const real = (p: string) => fs.realpathSync(p);
    assert.ok(
      real(ext.extensionPath).startsWith(real(dir) + path.sep),
      `the running copy is ${ext.extensionPath}, not inside the extensions dir ${dir}`,
    );
    assert.ok(!fs.existsSync(path.join(ext.extensionPath, 'core')), 'the installed copy holds the sources');
    const expected = process.env.WEBREPORTS_TEST_VERSION;
    if (expected) assert.equal(ext.packageJSON.version, expected);
  });

  it('activates from its packaged bundle', async () => {
    const ext = await activateExtension();
    internals = ext.exports as ExtensionInternals;
    assert.ok(internals?.ctx, 'activate() returned nothing');
  });

  it('signs in with the key given to the command', async () => {
    await resetService();
    // run.ts wrote it to the user settings already; under @vscode/test-cli the profile is test-electron's.
    if (vscode.workspace.getConfiguration('webReports').get('baseUrl') !== serviceUrl()) {
      await vscode.workspace.getConfiguration('webReports').update('baseUrl', serviceUrl(), vscode.ConfigurationTarget.Global);
    }
    assert.equal(await vscode.commands.executeCommand(COMMAND.setApiKey, apiKey()), true);
  });

  it('shows the tree with the totals from the service', async () => {
    await vscode.commands.executeCommand('workbench.view.extension.webReports');
    await vscode.commands.executeCommand(COMMAND.refresh);
    const expected: Record<string, number> = {};
    for (const result of ['good', 'decent', 'bad']) {
      expected[result] = Number(((await serviceJson(`reports?result=${result}&per_page=10`)).meta as { total: number }).total);
    }
    const provider = internals.ctx.view.provider;
    const groups = await waitFor(
      async () => {
        const nodes = (await provider.getChildren()) ?? [];
        return nodes.length === 3 ? nodes : undefined;
      },
      10_000,
      'three group rows',
    );
    const shown: Record<string, string> = {};
    for (const node of groups) {
      const item = await provider.getTreeItem(node);
      shown[(node as { result: string }).result] = String(item.description);
    }
    assert.deepEqual(shown, Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, String(v)])));
    await waitFor(() => internals.statusBar.shown, 5000, 'the status bar item');
  });

  it('speaks the language VS Code runs in, from its packaged translations', async () => {
    // run.ts starts this host with `--locale de` (WEBREPORTS_TEST_LOCALE); elsewhere it is English.
    const locale = process.env.WEBREPORTS_TEST_LOCALE ?? 'en';
    assert.equal(vscode.env.language, locale);
    const german = locale === 'de';
    const provider = internals.ctx.view.provider;
    const labels: string[] = [];
    for (const node of (await provider.getChildren()) ?? []) labels.push(String((await provider.getTreeItem(node)).label));
    assert.deepEqual(labels, german ? ['Schlecht', 'Mittel', 'Gut'] : ['Bad', 'Decent', 'Good']);

    // The manifest's words: VS Code fills the %key% of the packaged package.json from package.nls(.de).json.
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    const raw = JSON.parse(fs.readFileSync(path.join(ext.extensionPath, 'package.json'), 'utf8')) as Manifest;
    const nls = JSON.parse(
      fs.readFileSync(path.join(ext.extensionPath, german ? 'package.nls.de.json' : 'package.nls.json'), 'utf8'),
    ) as Record<string, string | { message: string }>;
    const rawTitle = raw.contributes.commands.find((c) => c.command === COMMAND.setApiKey)?.title ?? '';
    assert.match(rawTitle, /^%.+%$/, 'the packaged title is a %key%');
    const entry = nls[rawTitle.slice(1, -1)];
    const expected = typeof entry === 'string' ? entry : entry.message;
    // VS Code keeps a localised title with its English original: { value, original }.
    const title = (ext.packageJSON as LocalisedManifest).contributes.commands.find((c) => c.command === COMMAND.setApiKey)?.title;
    const shown = typeof title === 'string' ? title : title?.value;
    assert.equal(shown, expected);
    if (german) assert.equal(shown, 'API-Schlüssel festlegen');
  });

  it('opens a report panel whose packaged script and styles load', async () => {
    const first = ((await serviceJson('reports?per_page=10')).data as { id: number }[])[0];
    const panel = await openUntilReady(
      'report',
      () => vscode.commands.executeCommand<vscode.WebviewPanel>(COMMAND.openReport, first.id),
      () => channelReady(internals.reports, String(first.id)),
    );
    assertMediaLinked(panel);
    // Its words come from the packaged bundle of the language VS Code runs in.
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    const german = process.env.WEBREPORTS_TEST_LOCALE === 'de';
    const bundle = german
      ? (JSON.parse(fs.readFileSync(path.join(ext.extensionPath, 'l10n', 'bundle.l10n.de.json'), 'utf8')) as Record<string, string>)
      : {};
    const label = bundle['Change privacy'] ?? 'Change privacy';
    if (german) assert.equal(label, 'Sichtbarkeit ändern');
    assert.ok(panel.webview.html.includes(`<span class="label">${label}</span>`), `the report panel does not say "${label}"`);
  });

  it('opens the account panel whose packaged script loads', async () => {
    const panel = await openUntilReady(
      'account',
      () => vscode.commands.executeCommand<vscode.WebviewPanel>(COMMAND.showAccount),
      () => channelReady(internals.account),
    );
    assertMediaLinked(panel);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});

/** The document links the packaged script, stylesheet and codicons, and those files are installed. */
function assertMediaLinked(panel: vscode.WebviewPanel): void {
  const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
  for (const file of ['media/dist/panel.js', 'media/webview.css', 'media/dist/codicon.css']) {
    const uri = panel.webview.asWebviewUri(vscode.Uri.joinPath(ext.extensionUri, file)).toString();
    const linked = panel.webview.html.includes(uri) || panel.webview.html.includes(uri.replace(/&/g, '&amp;'));
    assert.ok(linked, `the ${panel.viewType} document does not load ${file}`);
    assert.ok(fs.existsSync(path.join(ext.extensionPath, file)), `${file} is not in the installed extension`);
  }
  assert.ok(fs.existsSync(path.join(ext.extensionPath, 'media/dist/codicon.ttf')), 'the codicon font is not installed');
}
