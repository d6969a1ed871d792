// Fix All (its command takes `uri?`): every deterministic fix of one open file's failing checks,
// applied as one edit (one undo step), as the CodeLens's "Fix N of M automatically" runs it. The
// file is the one given (shown first when it is not in an editor), else the active editor's.
import * as vscode from 'vscode';
import { plainText } from '../../core/text/plainText';
import type { DeployNotes } from './deployNotes';
import type { FindingTexts } from './findingTexts';
import type { OptionsOf } from './fixSources';
import { fixAllOf, workspaceEditOf } from './quickFixProvider';

/** Reasons named in the message when nothing could be fixed, at most. */
const MAX_REASONS_SAID = 3;

export interface FixAllOutcome {
  /** the titles of the fixes applied */
  fixed: string[];
  /** the checks not fixed, and why */
  skipped: { check: string; reason: string }[];
}

async function documentOf(uri: unknown): Promise<vscode.TextDocument | undefined> {
  if (uri instanceof vscode.Uri) {
    const open = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString());
    return open?.document ?? (await vscode.window.showTextDocument(uri)).document;
  }
  return vscode.window.activeTextEditor?.document;
}

export async function fixAllInFile(
  texts: FindingTexts,
  optionsOf: OptionsOf,
  notes: DeployNotes,
  uri?: unknown,
): Promise<FixAllOutcome | undefined> {
  const document = await documentOf(uri);
  if (!document) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a file with Website Reports Problems to fix them.'));
    return undefined;
  }
  const all = await fixAllOf(document, texts, optionsOf);
  if ('reason' in all) {
    void vscode.window.showInformationMessage(plainText(all.reason, 300));
    return { fixed: [], skipped: [] };
  }
  const { result } = all;
  if (result.edits.length === 0) {
    const reasons = [...new Set(result.skipped.map((s) => plainText(s.reason, 200)))].slice(0, MAX_REASONS_SAID);
    void vscode.window.showInformationMessage(
      reasons.length
        ? vscode.l10n.t('Nothing in this file can be fixed automatically: {0}', reasons.join(' '))
        : vscode.l10n.t('Nothing in this file can be fixed automatically.'),
    );
    return { fixed: [], skipped: result.skipped };
  }
  if (!(await vscode.workspace.applyEdit(workspaceEditOf(document, result.edits)))) {
    void vscode.window.showWarningMessage(vscode.l10n.t('The file changed while it was being fixed: try again.'));
    return { fixed: [], skipped: result.skipped };
  }
  notes.record(document.uri, result.fixes.length);
  return { fixed: result.fixes.map((f) => f.title), skipped: result.skipped };
}
