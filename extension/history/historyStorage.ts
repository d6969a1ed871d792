// Where the history of report runs is kept: a folder in the extension's global storage (shared
// by every window, so two windows see one history). Only a local file system will do: the store
// appends to files and takes lock files, which a virtual file system cannot promise.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { HistoryStore } from '../../core/history/historyStore';
import { nodeFiles } from '../../core/files/nodeFiles';

export function openHistoryStore(globalStorage: vscode.Uri, log: vscode.LogOutputChannel): HistoryStore | undefined {
  if (globalStorage.scheme !== 'file') {
    log.warn(`The report history is off: the extension's storage (${globalStorage.scheme}:) is not on a local disk.`);
    return undefined;
  }
  return new HistoryStore({
    dir: path.join(globalStorage.fsPath, 'history'),
    files: nodeFiles,
    log: (level, message) => log[level](message),
  });
}
