// The quick fixes of our Problems: for each finding in range, core/fixes' fix of the document as it
// is (refused when the text the finding points at changed since it was made) as a code action —
// a deterministic fix as its edits (one undo step, preferred), a content fix as a snippet the person
// completes, a refusal as a disabled action that says why — and, asked for `source.fixAll.webReports`
// (the Source Action menu, `editor.codeActionsOnSave`), every deterministic fix of the file at once.
// The edits are core/fixes' only: nothing is added here. Open Report and Re-run stay the page
// sources' and the URL Problems' own.
import * as vscode from 'vscode';
import { checkName } from '../../core/checks/checkNames';
import { FIXABLE_CHECKS, fixAll, fixFor, type FixAllResult } from '../../core/fixes/sourceFixes';
import type { Fix, SnippetEdit, TextRange } from '../../core/fixes/fixTypes';
import { plainText } from '../../core/text/plainText';
import { checkOf, findingsOn, isLocal, offsetIn, type FindingTexts } from './findingTexts';
import { sourceOf, type OptionsOf } from './fixSources';

/** `source.fixAll.webReports` (read when used: nothing of vscode runs at load). */
export const fixAllKind = (): vscode.CodeActionKind => vscode.CodeActionKind.SourceFixAll.append('webReports');

/** The command run after a fix is applied (the CodeLens notes a fix that shows only after a deploy). */
export type AfterFix = (uri: vscode.Uri, fixed: number) => vscode.Command | undefined;

/** Every deterministic fix of the document's failing checks, or why none is made. */
export async function fixAllOf(
  document: vscode.TextDocument,
  texts: FindingTexts,
  optionsOf: OptionsOf,
): Promise<{ result: FixAllResult; failing: string[] } | { reason: string }> {
  const options = await optionsOf(document);
  const failing = [...new Set(findingsOn(document.uri).map((d) => checkOf(d)!))];
  const found = sourceOf(document, texts);
  if (!found.source) return { reason: found.reason };
  return { result: fixAll(found.source, options, failing), failing };
}

/** A deterministic fix's edits as one WorkspaceEdit of `document` (offsets into its text now). */
export function workspaceEditOf(document: vscode.TextDocument, edits: Fix['edits']): vscode.WorkspaceEdit {
  const edit = new vscode.WorkspaceEdit();
  for (const e of edits) edit.replace(document.uri, new vscode.Range(document.positionAt(e.start), document.positionAt(e.end)), e.newText);
  return edit;
}

/**
 * The same snippet edit, placed where the editor leaves its text as it is. The editor indents every
 * line after a snippet's first as the line it is inserted in: a new line inserted at a line's end
 * (`eol` + element) would be indented twice. Moved past the line break that follows it, as element +
 * `eol` at the next line's start, the file's text afterwards is the same, and nothing is re-indented.
 */
export function atLineStart(text: string, edit: SnippetEdit): SnippetEdit {
  const eol = /^(\r\n|\n|\r)/.exec(edit.snippet)?.[1];
  if (!eol || edit.start !== edit.end || !text.startsWith(eol, edit.start)) return edit;
  const at = edit.start + eol.length;
  return { start: at, end: at, snippet: edit.snippet.slice(eol.length) + eol };
}

/**
 * How long code actions wait for the Problems of the text now (the local checks' pause in typing and
 * analysis, the page sources' pause and cached lookup) before answering from what they have.
 */
export const FRESH_PROBLEMS_WAIT_MS = 3_000;

/** Whether two ranges meet (touching counts: a cursor at a Problem's end is on it). */
const meets = (a: vscode.Range, b: vscode.Range): boolean => !a.end.isBefore(b.start) && !b.end.isBefore(a.start);

export class QuickFixProvider implements vscode.CodeActionProvider {
  /** Read when registered (nothing of vscode runs when the bundle loads). */
  static get kinds(): vscode.CodeActionKind[] {
    return [vscode.CodeActionKind.QuickFix, fixAllKind()];
  }

  constructor(
    private readonly texts: FindingTexts,
    private readonly optionsOf: OptionsOf,
    private readonly afterFix: AfterFix,
  ) {}

  async provideCodeActions(
    document: vscode.TextDocument,
    range: vscode.Range,
    context: vscode.CodeActionContext,
    token?: vscode.CancellationToken,
  ): Promise<vscode.CodeAction[]> {
    const only = context.only;
    const actions: vscode.CodeAction[] = [];
    // Right after an edit or an undo the Problems are of the text before: wait for the run that follows.
    const waited = !this.texts.madeOnTextNow(document);
    // Not followed in time: answered from what there is (core/fixes refuses what moved).
    if (waited) await this.texts.settled(document, FRESH_PROBLEMS_WAIT_MS, token);
    if (token?.isCancellationRequested) return [];
    const diagnostics = waited ? this.currentProblems(document, range, context.diagnostics) : context.diagnostics;
    if (only && (only.contains(fixAllKind()) || fixAllKind().contains(only))) {
      const all = await this.fixAllAction(document);
      if (all) actions.push(all);
    }
    if (!only || only.contains(vscode.CodeActionKind.QuickFix) || vscode.CodeActionKind.QuickFix.contains(only)) {
      actions.push(...(await this.quickFixes(document, diagnostics)));
    }
    return actions;
  }

  /**
   * The Problems of ours now at `range`, as VS Code would have passed them had they been made; else
   * those anywhere of the checks the Problems asked about named (their places moved with the edit).
   */
  private currentProblems(document: vscode.TextDocument, range: vscode.Range, asked: readonly vscode.Diagnostic[]): vscode.Diagnostic[] {
    const now = findingsOn(document.uri);
    const here = now.filter((d) => meets(d.range, range));
    if (here.length > 0) return here;
    const checks = new Set(asked.map((d) => checkOf(d)));
    return now.filter((d) => checks.has(checkOf(d)));
  }

  private async fixAllAction(document: vscode.TextDocument): Promise<vscode.CodeAction | undefined> {
    const all = await fixAllOf(document, this.texts, this.optionsOf);
    if ('reason' in all || all.result.edits.length === 0) return undefined;
    const action = new vscode.CodeAction(vscode.l10n.t('Fix all automatically fixable Website Reports findings'), fixAllKind());
    action.edit = workspaceEditOf(document, all.result.edits);
    action.command = this.afterFix(document.uri, all.result.fixes.length);
    return action;
  }

  private async quickFixes(document: vscode.TextDocument, diagnostics: readonly vscode.Diagnostic[]): Promise<vscode.CodeAction[]> {
    const ours = diagnostics.filter((d) => {
      const check = checkOf(d);
      return check !== undefined && FIXABLE_CHECKS.includes(check);
    });
    if (ours.length === 0) return [];
    const options = await this.optionsOf(document);
    // Read after the wait: the fixes' offsets are into this text, turned into positions at once.
    const found = sourceOf(document, this.texts);
    const byKey = new Map<string, vscode.CodeAction>();
    for (const diagnostic of ours) {
      const check = checkOf(diagnostic)!;
      let answer: { fix?: Fix; reason?: string } = found.source ? {} : { reason: found.reason };
      if (found.source) {
        // A local Problem on an HTML file sits on the element's place in the text it was made on.
        const madeOn = found.source.madeOn ?? found.source.text;
        const places: TextRange[] | undefined =
          isLocal(diagnostic) && found.source.kind === 'html'
            ? [{ start: offsetIn(madeOn, diagnostic.range.start), end: offsetIn(madeOn, diagnostic.range.end) }]
            : undefined;
        answer = fixFor(found.source, { check, places }, options);
      }
      const key = answer.fix ? JSON.stringify([answer.fix.edits, answer.fix.snippet]) : `${check}\n${answer.reason}`;
      const known = byKey.get(key);
      if (known) known.diagnostics = [...(known.diagnostics ?? []), diagnostic];
      else byKey.set(key, this.actionOf(document, diagnostic, check, answer));
    }
    return [...byKey.values()];
  }

  private actionOf(document: vscode.TextDocument, diagnostic: vscode.Diagnostic, check: string, answer: { fix?: Fix; reason?: string }) {
    const fix = answer.fix;
    if (!fix) {
      const action = new vscode.CodeAction(vscode.l10n.t('Fix: {0}', plainText(checkName(check), 100)), vscode.CodeActionKind.QuickFix);
      action.disabled = { reason: answer.reason ?? '' };
      action.diagnostics = [diagnostic];
      return action;
    }
    const title = fix.hint ? `${fix.title} (${fix.hint})` : fix.title;
    const action = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
    action.diagnostics = [diagnostic];
    if (fix.deterministic) {
      action.edit = workspaceEditOf(document, fix.edits);
      action.isPreferred = true;
    } else if (fix.snippet) {
      // A snippet edit: in the active editor its tab stops are live; elsewhere its plain text goes in.
      const { start, end, snippet } = atLineStart(document.getText(), fix.snippet);
      action.edit = new vscode.WorkspaceEdit();
      const range = new vscode.Range(document.positionAt(start), document.positionAt(end));
      action.edit.set(document.uri, [new vscode.SnippetTextEdit(range, new vscode.SnippetString(snippet))]);
    }
    action.command = this.afterFix(document.uri, 1);
    return action;
  }
}
