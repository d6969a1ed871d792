// Sets the context keys that menus' `when` clauses and the welcome view read. Owned by the view:
// nobody else sets them.
import * as vscode from 'vscode';
import type { ContextKey } from '../ids';

/** Sets context keys, each only when its value changes. */
export class ContextKeys {
  private readonly values = new Map<ContextKey, boolean>();

  async set(values: Record<ContextKey, boolean>): Promise<void> {
    const changed = (Object.entries(values) as [ContextKey, boolean][]).filter(([key, value]) => this.values.get(key) !== value);
    for (const [key, value] of changed) this.values.set(key, value);
    await Promise.all(changed.map(([key, value]) => vscode.commands.executeCommand('setContext', key, value)));
  }
}
