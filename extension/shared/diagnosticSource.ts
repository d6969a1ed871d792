// What every Problem of the extension carries, whichever feature made it: the source name (by which
// a quick fix finds its own Problems) and a finding's level as a severity.
import * as vscode from 'vscode';

export const DIAGNOSTIC_SOURCE = 'Website Reports'; // l10n-exempt: the product's name

/** A finding's level as a Problem's severity (read when used: nothing of vscode runs at load). */
export const severityOf = (level: 'error' | 'warn'): vscode.DiagnosticSeverity =>
  level === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning;
