// Where the editor keeps its scan jobs: one state file each in the extension's global storage
// (on a local disk only: the job's lock and journal need one).
import * as path from 'node:path';
import * as vscode from 'vscode';

/** A state file of a job, by its name. */
const STATE_FILE = /^scan-\d+-[0-9a-f]+\.jsonl$/;

/** The folder of the jobs, or undefined when the storage is not on a local disk. */
export function scansDir(storage: vscode.Uri): string | undefined {
  return storage.scheme === 'file' ? path.join(storage.fsPath, 'scans') : undefined;
}

/** A new job's state file in `dir`. */
export function newStateFile(dir: string): string {
  return path.join(dir, `scan-${Date.now()}-${Math.floor(Math.random() * 0xffffff).toString(16)}.jsonl`);
}

/** The state files of jobs left from before. */
export async function pendingStateFiles(dir: string | undefined): Promise<string[]> {
  if (!dir) return [];
  try {
    const entries = await vscode.workspace.fs.readDirectory(vscode.Uri.file(dir));
    return entries.filter(([name, type]) => type === vscode.FileType.File && STATE_FILE.test(name)).map(([name]) => path.join(dir, name));
  } catch {
    return []; // no folder yet: no job ever ran
  }
}
