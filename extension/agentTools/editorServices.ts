// The agent tools' services in the editor: the editor's own connection (its client, key and pacer),
// URL lookup, report actions and history of runs, the one analyser door (handed over by the
// composition root), files of the open workspace and the page in the active editor.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AgentServices, PageText } from '../../core/agent/agentServices';
import type { LocalAnalysis } from '../../core/analysis/localAnalysis';
import { redactorFor } from '../../core/client/redact';
import { isHtmlPath } from '../../core/files/htmlFiles';
import type { UrlLookup } from '../../core/reports/urlLookup';
import { fetchPreviewPage, MAX_PREVIEW_PAGE_BYTES } from '../../core/sources/previewFetch';
import type { CommandContext } from '../shared/context';
import type { GateConfigs } from '../shared/gateConfig';
import { readProxySettings } from '../shared/settings';
import { decodeFileText } from '../../core/files/fileText';

export interface Analyser {
  analyse(html: string, url?: string): Promise<LocalAnalysis>;
}

/** The services as of now: the key for the redactor and the config's report link are read per call. */
export async function editorServices(
  ctx: CommandContext,
  lookup: UrlLookup,
  analyser: Analyser,
  configs: GateConfigs,
): Promise<AgentServices> {
  const key = await ctx.connection.key().catch(() => undefined);
  const reportLink = (await configs.forWorkspace().catch(() => undefined))?.config.reportLink;
  return {
    client: () => ctx.connection.get(),
    lookup,
    actions: ctx.actions,
    history: ctx.history,
    ...(reportLink ? { reportLink } : {}),
    clean: redactorFor(key),
    analyse: (html, url) => analyser.analyse(html, url),
    readFile: readWorkspacePage,
    activePage,
    readPreview: (url) =>
      fetchPreviewPage(url, {
        proxy: readProxySettings(),
        serviceOrigin: ctx.connection.origin(),
        userAgent: 'website-reports-vscode-agent',
      }),
    now: Date.now,
  };
}

/** The HTML document in the active editor (as typed, saved or not). */
function activePage(): PageText | undefined {
  const document = vscode.window.activeTextEditor?.document;
  if (!document || (document.languageId !== 'html' && !isHtmlPath(document.fileName))) return undefined;
  return { html: document.getText(), name: JSON.stringify(vscode.workspace.asRelativePath(document.uri)) };
}

/** An .html file of the open workspace, by a path relative to a workspace folder (or absolute inside one). */
async function readWorkspacePage(file: string): Promise<PageText> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  // l10n-exempt: an answer for a language model (core/agent/agentAnswer.ts)
  if (!isHtmlPath(file)) throw new Error('It is not an .html or .htm file.');
  for (const folder of folders) {
    const root = folder.uri.fsPath;
    const full = path.resolve(root, file);
    const rel = path.relative(root, full);
    if (rel.startsWith('..') || path.isAbsolute(rel)) continue;
    const uri = vscode.Uri.file(full);
    const stat = await Promise.resolve(vscode.workspace.fs.stat(uri)).catch(() => undefined);
    if (!stat) continue;
    // l10n-exempt: an answer for a language model (core/agent/agentAnswer.ts)
    if (stat.size > MAX_PREVIEW_PAGE_BYTES) throw new Error(`It is larger than ${MAX_PREVIEW_PAGE_BYTES / 1024 / 1024} MiB.`);
    const html = decodeFileText(await vscode.workspace.fs.readFile(uri));
    return { html, name: JSON.stringify(vscode.workspace.asRelativePath(uri)) };
  }
  // l10n-exempt: an answer for a language model (core/agent/agentAnswer.ts)
  throw new Error('No such file in the open workspace folders.');
}
