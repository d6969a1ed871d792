// What the sidebar suites share: the service's API seen directly (to check what the commands
// did), a loopback page for analyses, and the tree as the extension renders it.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { ExtensionInternals } from '../../../extension/extension';
import type { ReportsNode } from '../../../extension/reports/nodes';
import { activateExtension, apiKey, resetService, serviceUrl, waitFor } from '../helpers';
import { COMMAND } from '../../../extension/ids';

export type Json = Record<string, unknown>;
export type Rating = 'good' | 'decent' | 'bad';
export type ReportNode = Extract<ReportsNode, { kind: 'report' }>;

/** The service's API, called directly with the test key. */
export async function api(method: string, path: string): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${serviceUrl()}/api/v1/${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey()}`, accept: 'application/json' },
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Json) : {} };
}

/** Back to `seed` demo reports (or the start's number); faults and recorded requests cleared. */
export const reset = (seed?: number): Promise<void> => resetService(seed);

export const GOOD_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Integration page for reports</title><meta name="description" content="A page served on loopback for the Website Reports integration tests, long enough to pass.">
<link rel="canonical" href="/"></head><body><h1>Hello</h1><img src="a.png" alt="a"></body></html>`;

/** A page that fails most checks: many h1s, images without alt text, noindex (it rates Bad). */
export const POOR_PAGE = `<html><head><meta name="robots" content="noindex, nofollow"></head>
<body><h1>One</h1><h1>Two</h1><h1>Three</h1><img src="a.png"><img src="b.png"><img src="c.png"></body></html>`;

/** A loopback web page for the service to analyse (every path serves GOOD_PAGE). */
export async function startPage(): Promise<{ url: string; close(): Promise<void> }> {
  const page = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(GOOD_PAGE));
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(page.address() as AddressInfo).port}`,
    close: async () => {
      page.closeAllConnections();
      await new Promise((resolve) => page.close(resolve));
    },
  };
}

export async function extensionInternals(): Promise<ExtensionInternals> {
  return (await activateExtension()).exports as ExtensionInternals;
}

/** Signed in with the test key and the reports view shown. */
export async function signInAndShowView(): Promise<ExtensionInternals> {
  const internals = await extensionInternals();
  assert.equal(await vscode.commands.executeCommand(COMMAND.setApiKey, apiKey()), true, 'the test key is accepted');
  await vscode.commands.executeCommand('workbench.view.extension.webReports');
  await waitFor(() => internals.ctx.view.treeView.visible, 10_000, 'the reports view to be visible');
  return internals;
}

/** The tree as the extension's provider gives it. */
export function treeOf(internals: ExtensionInternals) {
  const provider = () => internals.ctx.view.provider;
  const reportsIn = (result: Rating) =>
    provider()
      .getChildren({ kind: 'group', result })
      .filter((n): n is ReportNode => n.kind === 'report');
  return {
    provider,
    groups: () => provider().getChildren() as ReportsNode[],
    reportsIn,
    allReports: () => [...reportsIn('good'), ...reportsIn('decent'), ...reportsIn('bad')],
  };
}

export async function setSetting(name: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('webReports').update(name, value, vscode.ConfigurationTarget.Global);
}
