// The quick-fix suites' helpers: a file's Problems of ours by check, the quick fixes offered on a
// check's Problem, and waiting for its fix to be offered (the Problems follow an edit once typing
// pauses; until then the fix is refused as made on other text). `vscode.executeCodeActionProvider`
// answers with a code action's title, kind, edit, command and isPreferred only (not the Problems it
// fixes, nor why one is disabled): a fix is known by its title, as core/fixes words it.
import * as vscode from 'vscode';
import { waitFor } from './helpers';

const codeOf = (d: vscode.Diagnostic): string => (typeof d.code === 'object' ? String(d.code.value) : String(d.code ?? ''));

/** The titles of each check's fix (core/fixes/fixWords.ts). */
export const FIX_TITLES: Record<string, RegExp> = {
  language: /^Add (a )?lang/,
  charset: /^Add <meta charset="utf-8"> first in the head/,
  meta_viewport: /^Add the viewport <meta>/,
  unsafe_cross_origin_links: /^Add rel="noopener"/,
  defer_javascript: /^Add defer/,
  deprecated_html_tags: /^Replace (the|\d+) deprecated tag/,
  meta_description: /^Add a description/,
  title: /^(Edit|Add) the title|^Add a title/,
  image_keywords: /^Add alt text/,
};

/** The file's Problems of ours (published and local), of `check` when given. */
export function problemsOf(uri: vscode.Uri, check?: string): vscode.Diagnostic[] {
  return vscode.languages
    .getDiagnostics(uri)
    .filter((d) => typeof d.source === 'string' && d.source.startsWith('Website Reports') && (check === undefined || codeOf(d) === check));
}

/** The file's Problems of `check` from the published report. */
export const publishedOf = (uri: vscode.Uri, check: string): vscode.Diagnostic[] =>
  problemsOf(uri, check).filter((d) => d.source === 'Website Reports');

/** The file's Problems of `check` from the local checks. */
export const localOf = (uri: vscode.Uri, check: string): vscode.Diagnostic[] =>
  problemsOf(uri, check).filter((d) => d.source === 'Website Reports (local)');

/** The quick fixes offered on the first Problem of `check`. */
export async function actionsOf(uri: vscode.Uri, check: string): Promise<vscode.CodeAction[]> {
  const problem = problemsOf(uri, check)[0];
  if (!problem) return [];
  const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
    'vscode.executeCodeActionProvider',
    uri,
    problem.range,
    'quickfix',
  );
  return actions.filter((a) => FIX_TITLES[check].test(a.title));
}

/** The fix of `check`, once it is offered with its edit. */
export async function fixOf(uri: vscode.Uri, check: string, timeoutMs = 10_000): Promise<vscode.CodeAction> {
  return waitFor(async () => (await actionsOf(uri, check)).find((a) => a.edit), timeoutMs, `the quick fix of ${check}`);
}
