// The text each open document had when its Problems of ours were last made, so a fix can be
// refused when the file changed since (core/fixes compares the text the finding points at). Taken
// when the Problems change, from any feature whose Problems carry our source name; dropped when the
// document closes. The Problems' event comes a moment after they are set: an edit typed in that
// moment is taken as the findings' text, and the places then no longer name their element, which
// core/fixes refuses as well; the next run of the checks takes the text again.
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle/disposables';
import { MAX_FIX_SCAN_CHARS } from '../../core/fixes/htmlTags';
import { DIAGNOSTIC_SOURCE } from '../shared/diagnosticSource';

/** The check a Problem of ours names (`code.value`), undefined for any other Problem. */
export function checkOf(diagnostic: vscode.Diagnostic): string | undefined {
  // `Website Reports` (a published report) and `Website Reports (local)` (the local checks).
  if (typeof diagnostic.source !== 'string' || !diagnostic.source.startsWith(DIAGNOSTIC_SOURCE)) return undefined;
  const code = diagnostic.code;
  const value = typeof code === 'object' && code !== null ? code.value : undefined;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Whether the Problem comes from the local checks (its range is the element's place in the HTML). */
export const isLocal = (diagnostic: vscode.Diagnostic): boolean => diagnostic.source !== DIAGNOSTIC_SOURCE;

/** The Problems of ours on `uri` that name a check. */
export function findingsOn(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => checkOf(d) !== undefined);
}

/** The offset of a line and UTF-16 character in `text` (VS Code's line ends: `\r\n`, `\n`, `\r`). */
export function offsetIn(text: string, position: vscode.Position): number {
  let start = 0;
  for (let line = 0; line < position.line; line++) {
    const lf = text.indexOf('\n', start);
    const cr = text.indexOf('\r', start);
    const end = cr >= 0 && (lf < 0 || cr < lf) ? cr : lf;
    if (end < 0) return text.length;
    start = end + (text.startsWith('\r\n', end) ? 2 : 1);
  }
  const lineEnd = /[\r\n]/.exec(text.slice(start, start + position.character))?.index;
  return start + (lineEnd ?? Math.min(position.character, text.length - start));
}

export class FindingTexts extends Disposable {
  /** By document URI: the text when its Problems were made (undefined: too large to fix). */
  private readonly texts = new Map<string, string | undefined>();
  private readonly changed = new vscode.EventEmitter<void>();
  /** The Problems of an open document changed (the CodeLens follows). */
  readonly onDidChange = this.changed.event;

  constructor() {
    super();
    this.registerAll(
      this.changed,
      vscode.languages.onDidChangeDiagnostics((e) => {
        let ours = false;
        for (const uri of e.uris) ours = this.take(uri) || ours;
        if (ours) this.changed.fire();
      }),
      vscode.workspace.onDidCloseTextDocument((d) => this.texts.delete(d.uri.toString())),
    );
    for (const document of vscode.workspace.textDocuments) this.take(document.uri);
  }

  /** Keeps the open document's text if it has Problems of ours; true when it had or has some. */
  private take(uri: vscode.Uri): boolean {
    const key = uri.toString();
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
    const had = this.texts.delete(key);
    if (!document || findingsOn(uri).length === 0) return had;
    const text = document.getText();
    this.texts.set(key, text.length > MAX_FIX_SCAN_CHARS ? undefined : text);
    return true;
  }

  /** Whether `document`'s Problems are of its text now (or no text is kept: none seen, or too large to wait for). */
  madeOnTextNow(document: vscode.TextDocument): boolean {
    const madeOn = this.madeOn(document);
    return madeOn === undefined || madeOn === null || madeOn === document.getText();
  }

  /**
   * Resolves once `document`'s Problems are made on its text now, at most `timeoutMs` later (or at
   * `token`'s cancel): an edit or an undo is followed by a run of the checks, and a quick fix asked
   * for in between waits for it rather than being refused on the text before. True when they are.
   */
  async settled(document: vscode.TextDocument, timeoutMs: number, token?: vscode.CancellationToken): Promise<boolean> {
    const fresh = () => this.madeOnTextNow(document);
    if (fresh()) return true;
    return new Promise<boolean>((resolve) => {
      const done = (answer: boolean) => {
        clearTimeout(timer);
        for (const d of listening) d.dispose();
        resolve(answer);
      };
      const timer = setTimeout(() => done(fresh()), timeoutMs);
      const listening = [
        this.onDidChange(() => {
          if (fresh()) done(true);
        }),
        ...(token ? [token.onCancellationRequested(() => done(fresh()))] : []),
      ];
    });
  }

  /**
   * The text `document`'s Problems were made on: `null` when it is too large to keep (a fix is
   * refused), undefined when none was seen (the Problems are taken as made on the text now).
   */
  madeOn(document: vscode.TextDocument): string | null | undefined {
    const key = document.uri.toString();
    if (!this.texts.has(key)) return undefined;
    return this.texts.get(key) ?? null;
  }
}
