// What every Problem of the extension carries, whichever feature made it: the source name (by which
// a quick fix finds its own Problems), a finding's level as a severity, and a check's code linking
// to its section of the shipped media/checks.md.
import * as vscode from 'vscode';

export const DIAGNOSTIC_SOURCE = 'Website Reports'; // l10n-exempt: the product's name
/** The Problems of the local checks (the page analysed in the editor, before it is published). */
export const LOCAL_DIAGNOSTIC_SOURCE = 'Website Reports (local)'; // l10n-exempt: the product's name

/** A finding's level as a Problem's severity (read when used: nothing of vscode runs at load). */
export const severityOf = (level: 'error' | 'warn'): vscode.DiagnosticSeverity =>
  level === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning;

/** vscode.DiagnosticSeverity's values (Error, Warning, Information), without touching vscode at load. */
export const FINDING_SEVERITY: Record<'error' | 'warn' | 'info', vscode.DiagnosticSeverity> = { error: 0, warn: 1, info: 2 };

/** A check's Problem code: its key (already plain), linking to its heading in `checksPage` (media/checks.md). */
export function checkCode(check: string, checksPage: vscode.Uri): { value: string; target: vscode.Uri } {
  return { value: check, target: checksPage.with({ fragment: check.replace(/[^\w-]/g, '') }) };
}
