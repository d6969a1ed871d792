// Composition root: builds the objects and registers them; no logic of its own.
import * as vscode from 'vscode';

export function activate(_context: vscode.ExtensionContext): void {
  // Wired up by the sidebar issue.
}

export function deactivate(): void {}
