// Check Locally (`webReports.checkLocally(uri?)`): on an HTML file, its Problems now; on a page
// source with a preview, its page's; on a folder, every HTML file in it (at most a budget of
// files, one after another in the analyser's worker, with a cancellable progress), then a summary.
// Without an argument: the file in front, else a workspace folder the user picks. Runs whether or
// not `webReports.localChecks` is on: it is asked for.
import * as vscode from 'vscode';
import { readConfined } from '../../core/files/confinedRead';
import { checkedFilesWords, type CheckedFiles } from '../../core/sources/localFindings';
import { MAX_PREVIEW_PAGE_BYTES } from '../../core/sources/previewFetch';
import { isHtmlFile, type LocalChecks } from './localChecks';
import { HTML_FILES_GLOB } from '../../core/files/htmlFiles';
import type { PreviewChecks } from './previewChecks';

/** HTML files of a folder checked by one command, at most (the rest are named in the summary). */
export const MAX_FOLDER_FILES = 1_000;

/**
 * `withProblems`: files with at least one Problem; `refused`: files the analysis refused (too large,
 * too complex) or that could not be read; `skipped`: HTML files left out past MAX_FOLDER_FILES, or
 * after a cancel.
 */
export type CheckLocallyResult = CheckedFiles;

export async function checkLocally(checks: LocalChecks, previews: PreviewChecks, arg?: unknown): Promise<CheckLocallyResult | undefined> {
  const target = arg instanceof vscode.Uri ? arg : (vscode.window.activeTextEditor?.document.uri ?? (await pickFolder()));
  if (!target) return undefined;
  const stat = await vscode.workspace.fs.stat(target);
  if (stat.type & vscode.FileType.Directory) return checkFolder(checks, target);
  const one = await checkFile(checks, previews, target);
  if (one === undefined) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Check Locally works on HTML files, on page sources with a preview in website-reports.json, and on folders.'),
    );
    return undefined;
  }
  return { files: 1, withProblems: one && one.length > 0 ? 1 : 0, problems: one?.length ?? 0, refused: one ? 0 : 1, skipped: 0 };
}

/** Problems of one file; null when refused; undefined when the file is no page. */
async function checkFile(checks: LocalChecks, previews: PreviewChecks, uri: vscode.Uri): Promise<vscode.Diagnostic[] | null | undefined> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (isHtmlFile(uri, open?.languageId)) {
    const text = open ? open.getText() : await readHtml(uri);
    if (text === undefined) return null;
    return (await checks.checkHtml(uri, text, open?.version)) ?? null;
  }
  return previews.check(uri);
}

async function readHtml(uri: vscode.Uri): Promise<string | undefined> {
  const root = vscode.workspace.getWorkspaceFolder(uri)?.uri.fsPath;
  return readConfined(uri.fsPath, { maxBytes: MAX_PREVIEW_PAGE_BYTES, cwd: root }).catch(() => undefined);
}

async function pickFolder(): Promise<vscode.Uri | undefined> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length <= 1) return folders[0]?.uri;
  return (await vscode.window.showWorkspaceFolderPick({ placeHolder: vscode.l10n.t('Check the HTML files of which folder?') }))?.uri;
}

async function checkFolder(checks: LocalChecks, folder: vscode.Uri): Promise<CheckLocallyResult> {
  const found = await vscode.workspace.findFiles(
    new vscode.RelativePattern(folder, HTML_FILES_GLOB),
    '**/node_modules/**',
    MAX_FOLDER_FILES + 1,
  );
  const files = found.slice(0, MAX_FOLDER_FILES);
  const result: CheckLocallyResult = { files: 0, withProblems: 0, problems: 0, refused: 0, skipped: found.length - files.length };
  await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Checking HTML files locally'), cancellable: true },
    async (progress, token) => {
      for (const [i, uri] of files.entries()) {
        if (token.isCancellationRequested) {
          result.skipped += files.length - i;
          break;
        }
        progress.report({ message: vscode.l10n.t('{0} of {1}', i + 1, files.length), increment: 100 / files.length });
        const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
        const text = open ? open.getText() : await readHtml(uri);
        const problems = text === undefined ? undefined : await checks.checkHtml(uri, text, open?.version);
        result.files++;
        if (!problems) result.refused++;
        else if (problems.length > 0) {
          result.withProblems++;
          result.problems += problems.length;
        }
      }
    },
  );
  void vscode.window.showInformationMessage(checkedFilesWords(result, MAX_FOLDER_FILES));
  return result;
}
