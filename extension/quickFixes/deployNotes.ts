// Fixes applied to a page source that nothing checks before it is published (no preview, so no
// local checks): its Problems are the published report's and stay until the page is deployed and
// its report re-run. The CodeLens says so, with Re-run, until the page's report changes.
import * as vscode from 'vscode';
import type { Report } from '../../core/client/types';
import { COMMAND } from '../ids';

/** A page source's page as the quick fixes need it (handed over by the composition root). */
export interface PageOfSource {
  /** the page's published URL (the fixes tell its own links from other origins') */
  url: string;
  /** its latest report: the id Re-run takes, and a key that changes with each run */
  report?: { id: Report['id']; key: string };
  /** whether the local checks verify the file before it is deployed (a preview, or an HTML file) */
  verifiedLocally: boolean;
}

export type PagesOfSources = (uri: vscode.Uri) => PageOfSource | undefined;

interface Note {
  reportKey: string;
  reportId: Report['id'];
  fixed: number;
}

export class DeployNotes implements vscode.Disposable {
  private readonly notes = new Map<string, Note>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly closing = vscode.workspace.onDidCloseTextDocument((d) => this.notes.delete(d.uri.toString()));

  constructor(private readonly pageOf: PagesOfSources) {}

  /** The command a fix of `uri` runs once applied: only where the fix shows after a deploy. */
  afterFix(uri: vscode.Uri, fixed: number): vscode.Command | undefined {
    const page = this.pageOf(uri);
    if (!page?.report || page.verifiedLocally) return undefined;
    return { command: COMMAND.quickFixApplied, title: '', arguments: [uri, fixed] };
  }

  /** `fixed` fixes were applied to the file at `uri`. */
  record(uri: vscode.Uri, fixed: number): void {
    const page = this.pageOf(uri);
    if (!page?.report || page.verifiedLocally || !(fixed > 0)) return;
    const key = uri.toString();
    const before = this.notes.get(key);
    const same = before?.reportKey === page.report.key;
    this.notes.set(key, { reportKey: page.report.key, reportId: page.report.id, fixed: (same ? before.fixed : 0) + fixed });
    this.changed.fire();
  }

  /** The note on `uri`, while its page's report is the one the fixes were made against. */
  of(uri: vscode.Uri): Note | undefined {
    const key = uri.toString();
    const note = this.notes.get(key);
    if (!note) return undefined;
    if (this.pageOf(uri)?.report?.key === note.reportKey) return note;
    this.notes.delete(key);
    return undefined;
  }

  dispose(): void {
    this.closing.dispose();
    this.changed.dispose();
  }
}
